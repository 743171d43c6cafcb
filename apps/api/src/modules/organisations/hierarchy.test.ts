import { beforeAll, describe, expect, it } from 'vitest';
import { businessMemberships } from '../../db/schema.js';
import { fundOrganisation, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { createOrganisation } from '../../testing/organisations.js';

const t = useTestApp();
let platform: Person;

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
});

async function join(businessId: number, adminType: 1 | 2 | 99) {
  const member = await t.createUser();
  await t.ctx.database.db
    .insert(businessMemberships)
    .values({ businessId, userId: member.id, adminType, createdAt: t.ctx.now() });
  return member;
}

const organisation = (name = 'Parent Group') => createOrganisation(t, platform.token, name);

const addSub = (token: string, parentId: number, name: string) =>
  t.request('POST', '/api/organisation/sub_business', { token, body: { parent_id: parentId, name } });

describe('sub-businesses', () => {
  it('are added by a Super Admin of the parent, approved with it, and form a tree', async () => {
    const parent = await organisation();
    const north = await addSub(parent.owner.token, parent.id, 'North Branch');
    expect(north.statusCode, north.body).toBe(201);
    expect(north.json()).toMatchObject({
      name: 'North Branch',
      parent_id: parent.id,
      approval_status: 'approved',
    });
    const south = await addSub(parent.owner.token, parent.id, 'South Branch');
    const depot = await addSub(parent.owner.token, north.json().id, 'North Depot');
    expect(depot.statusCode).toBe(201);
    const tree = await t.request('GET', `/api/organisation/${parent.id}`, { token: parent.owner.token });
    expect(tree.statusCode, tree.body).toBe(200);
    expect(tree.json()).toMatchObject({
      can_manage: true,
      tree: {
        id: parent.id,
        members: 1,
        children: [
          { id: north.json().id, children: [{ id: depot.json().id, children: [] }] },
          { id: south.json().id, children: [] },
        ],
      },
    });
    // A member sees the tree but cannot manage it; a stranger sees nothing.
    const employee = await join(parent.id, 99);
    const seen = await t.request('GET', `/api/organisation/${parent.id}`, { token: employee.token });
    expect(seen.json().can_manage).toBe(false);
    const stranger = await t.createUser();
    expect(
      (await t.request('GET', `/api/organisation/${parent.id}`, { token: stranger.token })).statusCode,
    ).toBe(403);
    expect((await t.request('GET', `/api/organisation/${parent.id}`)).statusCode).toBe(401);
  });

  it('are refused to Admins, employees and strangers, and to bad input', async () => {
    const parent = await organisation('Refusing Group');
    const admin = await join(parent.id, 2);
    const employee = await join(parent.id, 99);
    const stranger = await t.createUser();
    for (const who of [admin, employee, stranger])
      expect((await addSub(who.token, parent.id, 'Mine now')).statusCode).toBe(403);
    const bad = await t.request('POST', '/api/organisation/sub_business', {
      token: parent.owner.token,
      body: { parent_id: parent.id, name: 'X' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.name).toBeTruthy();
    const noParent = await t.request('POST', '/api/organisation/sub_business', {
      token: parent.owner.token,
      body: { name: 'Orphan' },
    });
    expect(noParent.statusCode).toBe(400);
  });

  it('are deleted by a Super Admin of the parent when empty of money and sub-businesses', async () => {
    const parent = await organisation('Deleting Group');
    const child = (await addSub(parent.owner.token, parent.id, 'Old Branch')).json().id as number;
    const grandchild = (await addSub(parent.owner.token, child, 'Old Depot')).json().id as number;
    const admin = await join(parent.id, 2);
    expect(
      (await t.request('DELETE', `/api/organisation/sub_business/${child}`, { token: admin.token }))
        .statusCode,
    ).toBe(403);
    const blocked = await t.request('DELETE', `/api/organisation/sub_business/${child}`, {
      token: parent.owner.token,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.code).toBe('BUSINESS_HAS_SUB_BUSINESSES');
    // Money in the grandchild keeps it too.
    await fundOrganisation(t, platform, grandchild, 5_000, 'Float');
    const funded = await t.request('DELETE', `/api/organisation/sub_business/${grandchild}`, {
      token: parent.owner.token,
    });
    expect(funded.statusCode).toBe(409);
    expect(funded.json().error.code).toBe('BUSINESS_HAS_FUNDS');
    const back = await t.request('POST', '/api/organisation/transfer_funds', {
      token: parent.owner.token,
      body: { from_business_id: grandchild, to_business_id: child, amount: 5_000 },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(
      (
        await t.request('DELETE', `/api/organisation/sub_business/${grandchild}`, {
          token: parent.owner.token,
        })
      ).statusCode,
    ).toBe(200);
    // The child now holds the money: it goes up to the parent first.
    const holding = await t.request('DELETE', `/api/organisation/sub_business/${child}`, {
      token: parent.owner.token,
    });
    expect(holding.json().error.code).toBe('BUSINESS_HAS_FUNDS');
    const moveUp = await t.request('POST', '/api/organisation/transfer_funds', {
      token: parent.owner.token,
      body: { from_business_id: child, to_business_id: parent.id, amount: 5_000 },
    });
    expect(moveUp.statusCode, moveUp.body).toBe(200);
    const deleted = await t.request('DELETE', `/api/organisation/sub_business/${child}`, {
      token: parent.owner.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const tree = await t.request('GET', `/api/organisation/${parent.id}`, { token: parent.owner.token });
    expect(tree.json().tree.children).toEqual([]);
    // The top organisation is not a sub-business.
    const top = await t.request('DELETE', `/api/organisation/sub_business/${parent.id}`, {
      token: parent.owner.token,
    });
    expect(top.statusCode).toBe(404);
  });
});

describe('moving employees', () => {
  it('moves them between a parent and its sub-business as Employees, by a Super Admin of the parent', async () => {
    const parent = await organisation('Moving Group');
    const child = (await addSub(parent.owner.token, parent.id, 'East Branch')).json().id as number;
    const a = await join(parent.id, 99);
    const b = await join(parent.id, 2);
    const res = await t.request('POST', '/api/organisation/transfer_employees', {
      token: parent.owner.token,
      body: { from_business_id: parent.id, to_business_id: child, user_ids: [a.id, b.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ moved: [a.id, b.id], message: '2 employees moved to East Branch' });
    const members = await t.request('GET', `/api/business/${child}/members`, { token: parent.owner.token });
    expect(
      members
        .json()
        .items.filter((m: { user_id: number }) => m.user_id !== parent.owner.id)
        .map((m: { user_id: number; admin_type: number }) => [m.user_id, m.admin_type]),
    ).toEqual([
      [a.id, 99],
      [b.id, 99],
    ]);
    // And back again; someone who is not a member there is reported.
    const back = await t.request('POST', '/api/organisation/transfer_employees', {
      token: parent.owner.token,
      body: { from_business_id: child, to_business_id: parent.id, user_ids: [a.id, 999_999] },
    });
    expect(back.statusCode).toBe(422);
    expect(back.json().error.details.fields.user_ids).toBeTruthy();
  });

  it('refuses unrelated organisations, the last Super Admin, non-Super Admins and bad input', async () => {
    const parent = await organisation('Guarded Group');
    const other = await organisation('Other Group');
    const child = (await addSub(parent.owner.token, parent.id, 'West Branch')).json().id as number;
    const admin = await join(parent.id, 2);
    const move = (token: string, body: Record<string, unknown>) =>
      t.request('POST', '/api/organisation/transfer_employees', { token, body });
    const byAdmin = await move(admin.token, {
      from_business_id: parent.id,
      to_business_id: child,
      user_ids: [admin.id],
    });
    expect(byAdmin.statusCode).toBe(403);
    await t.ctx.database.db
      .insert(businessMemberships)
      .values({ businessId: other.id, userId: parent.owner.id, adminType: 1, createdAt: t.ctx.now() });
    const unrelated = await move(parent.owner.token, {
      from_business_id: parent.id,
      to_business_id: other.id,
      user_ids: [admin.id],
    });
    expect(unrelated.statusCode).toBe(409);
    expect(unrelated.json().error.code).toBe('NOT_RELATED');
    const last = await move(parent.owner.token, {
      from_business_id: parent.id,
      to_business_id: child,
      user_ids: [parent.owner.id],
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_SUPER_ADMIN');
    const same = await move(parent.owner.token, {
      from_business_id: parent.id,
      to_business_id: parent.id,
      user_ids: [1],
    });
    expect(same.statusCode).toBe(400);
    const none = await move(parent.owner.token, {
      from_business_id: parent.id,
      to_business_id: child,
      user_ids: [],
    });
    expect(none.statusCode).toBe(400);
    const stranger = await t.createUser();
    expect(
      (
        await move(stranger.token, {
          from_business_id: parent.id,
          to_business_id: child,
          user_ids: [admin.id],
        })
      ).statusCode,
    ).toBe(403);
  });
});
