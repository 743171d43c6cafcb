import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, businessMemberships, charities, charityMemberships } from '../db/schema.js';
import { CHARITY_PERMISSIONS } from '../modules/organisations/organisations.repository.js';
import { createTestApp, type TestApp } from '../testing/helpers.js';
import { MATRIX, ROLES, type Role } from './matrix.js';

let t: TestApp;
const tokens = new Map<Role, { id: number; token: string } | undefined>();
const fixture = { business: 0, charity: 0, charity_spare: 0, project: 0, project_spare: 0 };

beforeAll(async () => {
  t = await createTestApp();
  tokens.set('anonymous', undefined);
  tokens.set('user', await t.createUser());
  tokens.set('self', await t.createUser());
  tokens.set('platform_super_admin', await t.createUser({ isIicAdmin: true, adminType: 1 }));
  tokens.set('platform_admin', await t.createUser({ isIicAdmin: true, adminType: 2 }));
  tokens.set('platform_employee', await t.createUser({ isIicAdmin: true, adminType: 99 }));
  const db = t.ctx.database.db;
  const [business] = await db
    .insert(businesses)
    .values({ createdAt: t.ctx.now(), name: 'Matrix Ltd', approvalStatus: 'approved' })
    .returning({ id: businesses.id });
  const [charity] = await db
    .insert(charities)
    .values({
      createdAt: t.ctx.now(),
      updatedAt: t.ctx.now(),
      name: 'Matrix Trust',
      approvalStatus: 'approved',
    })
    .returning({ id: charities.id });
  fixture.business = business?.id ?? 0;
  fixture.charity = charity?.id ?? 0;
  const members: Array<[Role, number, boolean]> = [
    ['business_super_admin', 1, false],
    ['business_admin', 2, false],
    ['business_employee', 99, false],
    ['business_signoff_admin', 2, true],
  ];
  for (const [role, adminType, isSignoffAdmin] of members) {
    const member = await t.createUser();
    tokens.set(role, member);
    await db.insert(businessMemberships).values({
      createdAt: t.ctx.now(),
      businessId: fixture.business,
      userId: member.id,
      adminType,
      isSignoffAdmin,
    });
  }
  const charityAdmin = await t.createUser();
  tokens.set('charity_admin', charityAdmin);
  const [spare] = await db
    .insert(charities)
    .values({
      createdAt: t.ctx.now(),
      updatedAt: t.ctx.now(),
      name: 'Spare Trust',
      approvalStatus: 'approved',
    })
    .returning({ id: charities.id });
  fixture.charity_spare = spare?.id ?? 0;
  for (const charityId of [fixture.charity, fixture.charity_spare]) {
    await db.insert(charityMemberships).values({
      createdAt: t.ctx.now(),
      charityId,
      userId: charityAdmin.id,
      adminType: 1,
      permissions: [...CHARITY_PERMISSIONS],
    });
  }
  for (const key of ['project', 'project_spare'] as const) {
    const created = await t.request('POST', '/api/project/create', {
      token: charityAdmin.token,
      body: { title: `Matrix ${key}`, charity_id: fixture.charity },
    });
    if (created.statusCode !== 201) throw new Error(created.body);
    fixture[key] = created.json().id;
  }
});
afterAll(async () => t.close());

describe('the authorization matrix', () => {
  it('lists every route of the API, and only those', () => {
    const registered = t.routes.map((r) => `${r.method} ${r.url}`).sort();
    const listed = MATRIX.map((row) => `${row.method} ${row.route}`).sort();
    expect(listed).toEqual(registered);
  });

  it('agrees with the access rule each route declares', () => {
    for (const row of MATRIX) {
      const route = t.routes.find((r) => r.method === row.method && r.url === row.route);
      const isPublic = route?.access.kind === 'public';
      expect(isPublic, `${row.method} ${row.route}`).toBe(row.allowed.includes('anonymous'));
    }
  });

  for (const row of MATRIX) {
    it(`${row.method} ${row.route}: ${row.allowed.length === ROLES.length ? 'everyone' : row.allowed.join(', ')}`, async () => {
      for (const role of ROLES) {
        const caller = tokens.get(role);
        // `self` calls its own id; everyone else calls the id of the `self` person.
        const selfId = tokens.get('self')?.id;
        const path = row.path
          .replace('{self}', String(selfId))
          .replace('{business}', String(fixture.business))
          .replace('{charity_spare}', String(fixture.charity_spare))
          .replace('{charity}', String(fixture.charity))
          .replace('{project_spare}', String(fixture.project_spare))
          .replace('{project}', String(fixture.project));
        const res = await t.request(row.method, path, {
          ...(caller ? { token: caller.token } : {}),
          ...(row.body !== undefined ? { body: row.body } : {}),
        });
        const label = `${role} -> ${row.method} ${path}: ${res.body.slice(0, 200)}`;
        if (row.allowed.includes(role)) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(role === 'anonymous' ? 401 : 403);
        }
      }
    });
  }
});
