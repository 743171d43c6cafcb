import type { LightMyRequestResponse } from 'fastify';
import { isoDay } from '../lib/periods.js';
import type { TestApp } from './helpers.js';
import { topUp } from './money.js';
import { createOrganisation } from './organisations.js';

/**
 * Test data made the way the product makes it: every factory goes through the API a person would
 * use, so a charity, a project or a wallet is always in a state the rules allow. Each returns the
 * ids it made, typed by what they name.
 */

export type Person = Awaited<ReturnType<TestApp['createUser']>>;
type Id<Kind extends string> = number & { readonly kind?: Kind };
export type CharityId = Id<'charity'>;
export type ProjectId = Id<'project'>;
export type OrganisationId = Id<'organisation'>;

function expectCreated(res: LightMyRequestResponse, what: string, status = 201) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A platform admin (Admin unless another role is asked for). */
export function platformAdmin(t: TestApp, adminType: 1 | 2 | 99 = 2): Promise<Person> {
  return t.createUser({ isIicAdmin: true, adminType });
}

export interface CharityOptions {
  name?: string;
  charityTypes?: number[];
  /** Its first admin; a new person unless given. */
  admin?: Person;
  /** Approved: added by a platform admin (the one given, or a new one). Pending: applied for by its admin. */
  status?: 'approved' | 'pending';
  platform?: Person;
  /** More of the call's body (registration number, address…), over the ones above. */
  fields?: Record<string, unknown>;
}

/** A charity with its admin: approved as a platform admin adds one, or pending as a person applies. */
export async function makeCharity(
  t: TestApp,
  options: CharityOptions = {},
): Promise<{ id: CharityId; admin: Person }> {
  const admin = options.admin ?? (await t.createUser());
  const name = options.name ?? 'Test Trust';
  const charityTypes = options.charityTypes ?? [3];
  if (options.status === 'pending') {
    const res = await t.request('POST', '/api/user/add/charity', {
      token: admin.token,
      body: { name, charity_types: charityTypes, ...options.fields },
    });
    return { id: expectCreated(res, 'apply for a charity').id as CharityId, admin };
  }
  const platform = options.platform ?? (await platformAdmin(t));
  const res = await t.request('POST', '/api/charity', {
    token: platform.token,
    body: { name, charity_types: charityTypes, admin_email: admin.email, ...options.fields },
  });
  return { id: expectCreated(res, 'add a charity').id as CharityId, admin };
}

export type ProjectState = 'draft' | 'live' | 'completed' | 'cancelled' | 'finished';

export interface ProjectOptions {
  title?: string;
  /** The charity it is for; none for a person's own project. */
  charityId?: number;
  status?: ProjectState;
  /**
   * More of the create call's body (end_date, funds_target, needs…), over the defaults. A project
   * meant to leave Draft gets what going live asks for: a description, an end date 30 days from
   * the app's clock and a funds target (pass `funds_target: undefined` for one that asks none).
   */
  fields?: Record<string, unknown>;
}

/**
 * A project created by `owner` and moved to the status asked for through the calls that move it:
 * Live by publishing it, Completed by completing a live one, Finished by reporting its impact,
 * Cancelled by cancelling the draft.
 */
export async function makeProject(
  t: TestApp,
  owner: { token: string },
  options: ProjectOptions = {},
): Promise<ProjectId> {
  const status = options.status ?? 'live';
  const ready =
    status === 'draft'
      ? {}
      : {
          description: 'A project that needs you.',
          end_date: isoDay(new Date(t.ctx.now().getTime() + 30 * 86_400_000)),
          funds_target: 1_000_000,
        };
  const body = {
    title: options.title ?? 'Test project',
    ...(options.charityId === undefined ? {} : { charity_id: options.charityId }),
    ...ready,
    ...options.fields,
  };
  const id = expectCreated(
    await t.request('POST', '/api/project/create', { token: owner.token, body }),
    'create a project',
  ).id as ProjectId;
  const call = async (method: 'POST' | 'PATCH', url: string, payload?: unknown) => {
    const res = await t.request(method, url, {
      token: owner.token,
      ...(payload === undefined ? {} : { body: payload }),
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  if (status === 'draft') return id;
  if (status === 'cancelled') {
    await call('POST', `/api/project/${id}/cancel`);
    return id;
  }
  await call('PATCH', `/api/project/update/${id}`, { status: 2 });
  if (status === 'completed') await call('POST', `/api/project/${id}/complete`);
  if (status === 'finished')
    await call('POST', `/api/project/${id}/impact`, { title: 'What we did', body: 'We did it.' });
  return id;
}

/** An approved charity with one live project of its admin's (the common set-up of giving tests). */
export async function makeCharityWithProject(
  t: TestApp,
  charity: CharityOptions = {},
  project: Omit<ProjectOptions, 'charityId'> = {},
) {
  const made = await makeCharity(t, charity);
  const projectId = await makeProject(t, made.admin, { ...project, charityId: made.id });
  return { charityId: made.id, admin: made.admin, projectId };
}

/** A gift from a person's wallet to a project (the wallet must hold the amount); answers the donation call's body. */
export async function giveToProject(t: TestApp, donor: { token: string }, projectId: number, amount: number) {
  const res = await t.request('POST', `/api/user/donate/project/${projectId}`, {
    token: donor.token,
    body: { type: 2, amount },
  });
  return expectCreated(res, 'give to a project');
}

/** A platform admin and an approved charity they added with one live project: the set-up of giving tests. */
export async function makeGivingSetUp(
  t: TestApp,
  charityName: string,
  project: Omit<ProjectOptions, 'charityId'> = {},
) {
  const platform = await platformAdmin(t);
  return { platform, ...(await makeCharityWithProject(t, { name: charityName, platform }, project)) };
}

/** A new person with money in their wallet, topped up by card as the wallet screen does. */
export async function makeDonor(t: TestApp, amount: number): Promise<Person> {
  const donor = await t.createUser();
  await topUp(t, donor.token, amount);
  return donor;
}

export interface OrganisationOptions {
  name?: string;
  /** Money a platform admin puts in its wallet. */
  funds?: number;
  /** Members beside its Super Admin, by role (1 Super Admin, 2 Admin, 99 Employee), sign-off admins marked. */
  members?: Array<{ role: 1 | 2 | 99; signoff?: boolean }>;
}

/**
 * An approved organisation added by a platform admin, with its Super Admin (`owner`), optionally
 * money in its wallet and more members.
 */
export async function makeOrganisation(t: TestApp, platform: Person, options: OrganisationOptions = {}) {
  const name = options.name ?? `Test Co ${Math.random().toString(36).slice(2, 7)}`;
  const { id, owner } = await createOrganisation(t, platform.token, name);
  if (options.funds) await fundOrganisation(t, platform, id, options.funds);
  const members: Person[] = [];
  for (const member of options.members ?? []) {
    members.push(await joinOrganisation(t, id as OrganisationId, owner, member.role, member));
  }
  return { id: id as OrganisationId, owner, members };
}

/**
 * The organisation's Super Admin turns on the matching of its employees' gifts: the share it adds
 * (`ratio_percent`) and its year's budget, at most ₹500 an employee unless said otherwise.
 */
export async function setMatching(
  t: TestApp,
  organisation: { id: number; owner: { token: string } },
  settings: { ratio_percent: number; annual_budget: number; cap_per_employee?: number },
) {
  const res = await t.request('PUT', `/api/business/${organisation.id}/matching`, {
    token: organisation.owner.token,
    body: { active: true, cap_per_employee: 50_000, ...settings },
  });
  expectCreated(res, 'set the matching', 200);
}

/** A new donor with money in their wallet who joins the organisation as an Employee. */
export async function makeEmployee(
  t: TestApp,
  organisation: { id: number; owner: { token: string } },
  funds: number,
): Promise<Person> {
  const employee = await makeDonor(t, funds);
  await joinOrganisation(t, organisation.id, organisation.owner, 99, { person: employee });
  return employee;
}

/** Money a platform admin puts in an organisation's wallet, as the admin screen does. */
export async function fundOrganisation(
  t: TestApp,
  platform: { token: string },
  organisationId: number,
  amount: number,
  reason = 'Opening balance',
) {
  const deposit = await t.request('POST', `/api/admin/business/${organisationId}/deposit`, {
    token: platform.token,
    body: { amount, reason },
  });
  if (deposit.statusCode >= 300) throw new Error(`deposit: ${deposit.statusCode} ${deposit.body}`);
  return deposit.json();
}

/** The code in the last invitation mailed to the address. */
export async function mailedInvitationCode(t: TestApp, email: string): Promise<string> {
  const mails = (await t.outbox()).filter((mail) => mail.to.includes(email) && /invited/.test(mail.subject));
  const match = mails.at(-1)?.text.match(/invitation\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

/**
 * A new person (or the one given) who joins the organisation with the role, as people do: its
 * Super Admin invites them by email and they accept the mailed code; a sign-off admin is then
 * made one by the Super Admin.
 */
export async function joinOrganisation(
  t: TestApp,
  organisationId: number,
  superAdmin: { token: string },
  role: 1 | 2 | 99,
  options: { signoff?: boolean; person?: Person } = {},
): Promise<Person> {
  const person = options.person ?? (await t.createUser());
  const invited = await t.request('POST', '/api/invitation/create', {
    token: superAdmin.token,
    body: { email: person.email, target_type: 'business', target_id: organisationId, admin_type: role },
  });
  expectCreated(invited, 'invite to an organisation');
  const code = await mailedInvitationCode(t, person.email);
  const accepted = await t.request('PATCH', '/api/membership', {
    token: person.token,
    body: { code, action: 'accept' },
  });
  expectCreated(accepted, 'accept an invitation', 200);
  if (options.signoff) {
    const signoff = await t.request('POST', `/api/membership/signoff/${organisationId}`, {
      token: superAdmin.token,
      body: { user_id: person.id },
    });
    expectCreated(signoff, 'make a sign-off admin', 200);
  }
  return person;
}
