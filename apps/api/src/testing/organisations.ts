import { businessMemberships, charityMemberships } from '../db/schema.js';
import type { TestApp } from './helpers.js';

/** A new approved organisation added by a platform admin, with a new person as its Super Admin. */
export async function createOrganisation(t: TestApp, platformToken: string, name: string) {
  const owner = await t.createUser();
  const res = await t.request('POST', '/api/business', {
    token: platformToken,
    body: { name, admin_email: owner.email },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { id: res.json().id as number, owner };
}

/** An organisation a person applies to add: pending a platform admin's review, with them as its Super Admin. */
export async function applyForOrganisation(t: TestApp, applicant: { token: string }, name: string) {
  const res = await t.request('POST', '/api/user/add/business', { token: applicant.token, body: { name } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as number;
}

/** A new person who belongs to the organisation with the role (straight in the database). */
export async function addBusinessMember(
  t: TestApp,
  businessId: number,
  adminType: 1 | 2 | 99,
  createdAt: Date,
  options: { email?: string; signoff?: boolean } = {},
) {
  const person = await t.createUser(options.email ? { email: options.email } : {});
  await t.ctx.database.db.insert(businessMemberships).values({
    businessId,
    userId: person.id,
    adminType,
    ...(options.signoff ? { isSignoffAdmin: true } : {}),
    createdAt,
  });
  return person;
}

/** The person belongs to the charity with the role and permissions (straight in the database). */
export async function addCharityMember(
  t: TestApp,
  charityId: number,
  person: { id: number },
  adminType: number,
  permissions: string[] = [],
) {
  await t.ctx.database.db
    .insert(charityMemberships)
    .values({ createdAt: t.ctx.now(), charityId, userId: person.id, adminType, permissions });
}
