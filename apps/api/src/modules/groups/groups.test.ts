import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../../db/schema.js';
import { makeCharity, type Person } from '../../testing/factories.js';
import { sortedUserIds, useTestApp } from '../../testing/helpers.js';
import { solidImage } from '../../testing/images.js';
import { createBusiness, topUp } from '../../testing/money.js';
import { multipartFile } from '../../testing/multipart.js';
import { PIN_FAILURES_ALLOWED, PIN_FAILURES_PER_ADDRESS } from './group-pins.js';
import { groupsQueries } from './groups.repository.js';

let clock = new Date('2026-05-04T09:00:00Z');
const t = useTestApp({}, { now: () => clock });
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
let platform: Person;
let charityId = 0;

const png = () => solidImage('png', { background: '#7f2a62' });

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  charityId = (await makeCharity(t, { name: 'Group Giving Trust', platform })).id;
});

async function createGroup(owner: Person, body: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/group/create', {
    token: owner.token,
    body: { name: 'Riverside Givers', description: 'Neighbours giving together.', type: 2, ...body },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: number; pin: string };
}

const join = (person: Person, pin: string) =>
  t.request('POST', '/api/group/join', { token: person.token, body: { pin } });

/** A PIN no group has. */
async function unused() {
  for (;;) {
    const pin = String(100_000 + Math.floor(Math.random() * 900_000));
    const [row] = await t.ctx.database.db.select({ id: groups.id }).from(groups).where(eqPin(pin));
    if (!row) return pin;
  }
}

async function member(pin: string) {
  const person = await t.createUser();
  const res = await join(person, pin);
  if (res.statusCode !== 200 || res.json().status !== 2) throw new Error(res.body);
  return person;
}

async function giveFunds(person: Person, amount: number) {
  const res = await t.request('POST', `/api/user/donate/charity/${charityId}`, {
    token: person.token,
    body: { type: 2, amount },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}

/** A group admin's answer to a request to join, or a change of a member's admin role. */
const setMembership = (groupId: number, token: string, body: Record<string, unknown>) =>
  t.request('POST', `/api/membership/group/${groupId}/set`, { token, body });

describe('creating a group', () => {
  it('answers the group with its id and a 6-digit PIN; the creator is its admin', async () => {
    const owner = await t.createUser();
    const res = await t.request('POST', '/api/group/create', {
      token: owner.token,
      body: { name: 'Book Club Givers', description: 'We read and give.', type: 2, requires_approval: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const group = res.json();
    expect(group).toMatchObject({
      name: 'Book Club Givers',
      group_type: 2,
      requires_approval: true,
      is_public: true,
      members: 1,
      is_admin: true,
      is_member: true,
    });
    expect(group.id).toBeGreaterThan(0);
    expect(group.pin).toMatch(/^[1-9]\d{5}$/);
    const admins = await t.request('GET', `/api/group/${group.id}/admins`, { token: owner.token });
    expect(admins.json().items.map((a: { user_id: number }) => a.user_id)).toEqual([owner.id]);
    // The session lists it among the person's groups.
    const me = await t.request('GET', '/api/user/get', { token: owner.token });
    expect(me.json().group_membership).toEqual([
      expect.objectContaining({ group_id: group.id, name: 'Book Club Givers', is_admin: true }),
    ]);
  });

  it('refuses bad input with the fields named, and never a 500', async () => {
    const owner = await t.createUser();
    const bad = [
      {},
      { name: 'x', type: 2 },
      { name: 'Fine name', type: 7 },
      { name: 'Fine name', type: '2' },
      { name: 'Fine name', type: 2, requires_approval: 'yes' },
      { name: 'Fine name', type: 2, colour: 'red' },
      { name: 'Fine name', type: 1 },
      { name: 'A'.repeat(101), type: 2 },
    ];
    for (const body of bad) {
      const res = await t.request('POST', '/api/group/create', { token: owner.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const noType = await t.request('POST', '/api/group/create', {
      token: owner.token,
      body: { name: 'Fine' },
    });
    expect(noType.json().error.details.fields).toHaveProperty('type');
  });

  it("puts an organisation's group under it for its admins only", async () => {
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const business = await createBusiness(t, owner.id, { name: 'Grouping Ltd' });
    const refused = await t.request('POST', '/api/group/create', {
      token: stranger.token,
      body: { name: 'Takeover', type: 1, business_id: business },
    });
    expect(refused.statusCode).toBe(403);
    const made = await t.request('POST', '/api/group/create', {
      token: owner.token,
      body: { name: 'Grouping Volunteers', type: 1, business_id: business },
    });
    expect(made.statusCode, made.body).toBe(201);
    const list = await t.request('GET', `/api/group/business/${business}/list`, { token: owner.token });
    expect(list.json().items).toEqual([
      expect.objectContaining({ name: 'Grouping Volunteers', business_id: business }),
    ]);
    const withTotals = await t.request('GET', `/api/group/business/${business}/list_with_total_stats`, {
      token: owner.token,
    });
    expect(withTotals.json().items[0].totals).toEqual({
      funds: 0,
      volunteering_hours: 0,
      skilled_hours: 0,
      gifts: 0,
      gifts_value: 0,
    });
    expect(
      (await t.request('GET', `/api/group/business/${business}/list`, { token: stranger.token })).statusCode,
    ).toBe(403);
  });
});

describe('reading, editing and deleting', () => {
  it('shows a public group to anyone signed in without its PIN, a private one only to members', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const group = await createGroup(owner);
    const seen = await t.request('GET', `/api/group/${group.id}`, { token: other.token });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ pin: null, is_member: false, is_admin: false, members: 1 });
    expect((await t.request('GET', `/api/group/${group.id}`)).statusCode).toBe(401);

    const hidden = await createGroup(owner, { name: 'Quiet Circle', is_public: false });
    expect((await t.request('GET', `/api/group/${hidden.id}`, { token: other.token })).statusCode).toBe(404);
    expect(
      (await t.request('GET', `/api/group/total_statistics/${hidden.id}`, { token: other.token })).statusCode,
    ).toBe(404);
    const explore = await t.request('GET', '/api/explore/group/list?limit=100');
    const names = explore.json().items.map((g: { name: string }) => g.name);
    expect(names).toContain('Riverside Givers');
    expect(names).not.toContain('Quiet Circle');
    expect((await t.request('GET', '/api/group/999999', { token: other.token })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/group/abc', { token: other.token })).statusCode).toBe(400);
  });

  it('is edited, given a logo (checked by content) and deleted by its admins only', async () => {
    const owner = await t.createUser();
    const group = await createGroup(owner);
    const plain = await member(group.pin);
    const refused = await t.request('PATCH', `/api/group/update/${group.id}`, {
      token: plain.token,
      body: { name: 'Mine now' },
    });
    expect(refused.statusCode).toBe(403);
    const edit = await t.request('PATCH', `/api/group/update/${group.id}`, {
      token: owner.token,
      body: { name: 'Riverside Giving Circle', requires_approval: true, description: '' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      name: 'Riverside Giving Circle',
      requires_approval: true,
      description: null,
    });
    const badEdit = await t.request('PATCH', `/api/group/update/${group.id}`, {
      token: owner.token,
      body: { name: '' },
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().error.details.fields).toHaveProperty('name');

    const upload = await t.request('POST', `/api/group/logo/${group.id}`, {
      token: owner.token,
      ...multipartFile(await png(), 'logo.png', 'image/png'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().logo).toMatch(/^\/api\/files\/logos\//);
    const variant = await t.request('GET', `${upload.json().logo}_small.webp`);
    expect(variant.statusCode).toBe(200);
    const fake = await t.request('POST', `/api/group/logo/${group.id}`, {
      token: owner.token,
      ...multipartFile(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(400, 0x90)]), 'logo.png', 'image/png'),
    });
    expect(fake.statusCode).toBe(415);
    const notAdmin = await t.request('POST', `/api/group/logo/${group.id}`, {
      token: plain.token,
      ...multipartFile(await png(), 'logo.png', 'image/png'),
    });
    expect(notAdmin.statusCode).toBe(403);

    expect((await t.request('DELETE', `/api/group/${group.id}`, { token: plain.token })).statusCode).toBe(
      403,
    );
    const gone = await t.request('DELETE', `/api/group/${group.id}`, { token: owner.token });
    expect(gone.statusCode).toBe(200);
    expect((await t.request('GET', `/api/group/${group.id}`, { token: owner.token })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/group/${group.id}`, { token: owner.token })).statusCode).toBe(
      404,
    );
  });
});

describe('joining by PIN', () => {
  it('joins an open group at once (status 2) and refuses a second join', async () => {
    const owner = await t.createUser();
    const group = await createGroup(owner);
    const person = await t.createUser();
    const res = await join(person, group.pin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 2, group_id: group.id });
    const again = await join(person, group.pin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_MEMBER');
    const mine = await t.request('GET', `/api/group/individual/${person.id}/list`, { token: person.token });
    expect(mine.json().items).toEqual([
      expect.objectContaining({ id: group.id, is_admin: false, pin: null, members: 2 }),
    ]);
  });

  it('takes a request (status 1) for a group that needs approval; its admins accept or decline it', async () => {
    const owner = await t.createUser();
    const group = await createGroup(owner, { name: 'Careful Circle', requires_approval: true });
    const asker = await t.createUser();
    const declined = await t.createUser();
    expect((await join(asker, group.pin)).json()).toEqual({ status: 1, group_id: group.id });
    // Asking again keeps the one request.
    expect((await join(asker, group.pin)).json()).toEqual({ status: 1, group_id: group.id });
    await join(declined, group.pin);
    const own = await groupsQueries.pendingRequestsOfUser(t.ctx.database.db, asker.id);
    expect(own).toEqual([expect.objectContaining({ group_id: group.id, name: 'Careful Circle', status: 1 })]);
    expect((await t.request('GET', `/api/group/${group.id}`, { token: asker.token })).json()).toMatchObject({
      is_member: false,
      request_status: 1,
    });

    expect(
      (await t.request('GET', `/api/group/${group.id}/requests`, { token: asker.token })).statusCode,
    ).toBe(403);
    const requests = await t.request('GET', `/api/group/${group.id}/requests`, { token: owner.token });
    expect(requests.statusCode).toBe(200);
    expect(requests.json().items.map((r: { user_id: number }) => r.user_id)).toEqual([asker.id, declined.id]);

    const notAdmin = await setMembership(group.id, asker.token, { user_id: asker.id, status: 2 });
    expect(notAdmin.statusCode).toBe(403);
    const accept = await setMembership(group.id, owner.token, { user_id: asker.id, status: 2 });
    expect(accept.statusCode, accept.body).toBe(200);
    const decline = await setMembership(group.id, owner.token, { user_id: declined.id, status: 3 });
    expect(decline.statusCode).toBe(200);
    const twice = await setMembership(group.id, owner.token, { user_id: declined.id, status: 2 });
    expect(twice.statusCode).toBe(404);
    expect(
      (await t.request('GET', `/api/group/${group.id}/requests`, { token: owner.token })).json().items,
    ).toEqual([]);
    expect((await t.request('GET', `/api/group/${group.id}`, { token: asker.token })).json().is_member).toBe(
      true,
    );
    expect(
      (await t.request('GET', `/api/group/${group.id}`, { token: declined.token })).json().is_member,
    ).toBe(false);
    expect(await groupsQueries.pendingRequestsOfUser(t.ctx.database.db, asker.id)).toEqual([]);

    const bothAnswers = await setMembership(group.id, owner.token, {
      user_id: asker.id,
      status: 2,
      is_admin: true,
    });
    expect(bothAnswers.statusCode).toBe(400);
  });

  it('refuses a malformed PIN as bad input and counts wrong PINs: 429 after too many in an hour', async () => {
    const owner = await t.createUser();
    const group = await createGroup(owner);
    const guesser = await t.createUser();
    for (const pin of ['12345', '1234567', '012345', 'abcdef', '', null])
      expect((await join(guesser, pin as string)).statusCode, String(pin)).toBe(400);
    for (let i = 0; i < PIN_FAILURES_ALLOWED; i++) {
      const res = await join(guesser, await unused());
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('PIN_NOT_FOUND');
    }
    const limited = await join(guesser, group.pin);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(limited.json().error.details.retry_after_seconds).toBeGreaterThan(0);
    // Another person is not slowed down.
    expect((await join(await t.createUser(), group.pin)).json().status).toBe(2);
    // An hour later the guesser may try again.
    later(61);
    await t.signIn(guesser);
    expect((await join(guesser, group.pin)).json().status).toBe(2);
  });

  it('counts wrong PINs per address too: new accounts behind one address get no fresh guesses', async () => {
    const owner = await t.createUser();
    const group = await createGroup(owner);
    const from = (person: Person, pin: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/group/join',
        headers: { authorization: `Bearer ${person.token}` },
        payload: { pin },
        remoteAddress,
      });
    // Each account stays under its own limit; together they use up the address's.
    const perAccount = PIN_FAILURES_ALLOWED / 2;
    for (let tried = 0; tried < PIN_FAILURES_PER_ADDRESS; ) {
      const guesser = await t.createUser();
      for (let i = 0; i < perAccount && tried < PIN_FAILURES_PER_ADDRESS; i++, tried++)
        expect((await from(guesser, await unused(), '203.0.113.7')).statusCode).toBe(404);
    }
    const fresh = await t.createUser();
    const refused = await from(fresh, group.pin, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    // The same person from another address is not slowed down.
    expect((await from(fresh, group.pin, '198.51.100.2')).json().status).toBe(2);
  });

  it('gives a new PIN on demand (admins only); the old one stops working', async () => {
    const owner = await t.createUser();
    const group = await createGroup(owner);
    const plain = await member(group.pin);
    expect(
      (await t.request('POST', `/api/group/${group.id}/generate_new_pin`, { token: plain.token })).statusCode,
    ).toBe(403);
    const res = await t.request('POST', `/api/group/${group.id}/generate_new_pin`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    const pin = res.json().pin as string;
    expect(pin).toMatch(/^[1-9]\d{5}$/);
    expect(pin).not.toBe(group.pin);
    const late = await t.createUser();
    expect((await join(late, group.pin)).statusCode).toBe(404);
    expect((await join(late, pin)).json().status).toBe(2);
  });
});

describe('leaving and members', () => {
  it('leaves with code 200; the last admin names another first', async () => {
    const owner = await t.createUser();
    const group = await createGroup(owner);
    const plain = await member(group.pin);
    const leave = await t.request('POST', '/api/group/leave', {
      token: plain.token,
      body: { group_id: group.id },
    });
    expect(leave.statusCode).toBe(200);
    expect(leave.json()).toEqual({ code: 200, message: 'Left Group' });
    const again = await t.request('POST', '/api/group/leave', {
      token: plain.token,
      body: { group_id: group.id },
    });
    expect(again.statusCode).toBe(403);

    const alone = await t.request('POST', '/api/group/leave', {
      token: owner.token,
      body: { group_id: group.id },
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.code).toBe('LAST_ADMIN');

    const next = await member(group.pin);
    const unnamed = await t.request('POST', '/api/group/leave', {
      token: owner.token,
      body: { group_id: group.id },
    });
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json().error.details.fields).toHaveProperty('new_admin_id');
    const wrong = await t.request('POST', '/api/group/leave', {
      token: owner.token,
      body: { group_id: group.id, new_admin_id: plain.id },
    });
    expect(wrong.statusCode).toBe(409);
    const named = await t.request('POST', '/api/group/leave', {
      token: owner.token,
      body: { group_id: group.id, new_admin_id: next.id },
    });
    expect(named.statusCode, named.body).toBe(200);
    const admins = await t.request('GET', `/api/group/${group.id}/admins`, { token: next.token });
    expect(admins.json().items.map((a: { user_id: number }) => a.user_id)).toEqual([next.id]);
    expect((await t.request('POST', '/api/group/leave', { token: owner.token, body: {} })).statusCode).toBe(
      400,
    );
  });

  it('makes admins, unmakes them, and removes members; the last admin stays', async () => {
    const owner = await t.createUser();
    const group = await createGroup(owner);
    const a = await member(group.pin);
    const b = await member(group.pin);
    const outsider = await t.createUser();
    const byMember = await t.request('POST', '/api/membership/group/make_admins', {
      token: a.token,
      body: { group_id: group.id, user_ids: [a.id] },
    });
    expect(byMember.statusCode).toBe(403);
    const notMember = await t.request('POST', '/api/membership/group/make_admins', {
      token: owner.token,
      body: { group_id: group.id, user_ids: [outsider.id] },
    });
    expect(notMember.statusCode).toBe(400);
    const made = await t.request('POST', '/api/membership/group/make_admins', {
      token: owner.token,
      body: { group_id: group.id, user_ids: [a.id] },
    });
    expect(made.statusCode).toBe(200);
    expect(sortedUserIds(made)).toEqual([owner.id, a.id].sort());

    const unmake = await setMembership(group.id, a.token, { user_id: owner.id, is_admin: false });
    expect(unmake.statusCode).toBe(200);
    const lastOne = await setMembership(group.id, a.token, { user_id: a.id, is_admin: false });
    expect(lastOne.statusCode).toBe(409);
    expect(lastOne.json().error.code).toBe('LAST_ADMIN');

    const remove = (by: Person, groupId: number, userId: number) =>
      t.request('POST', '/api/membership/group/remove', {
        token: by.token,
        body: { group_id: groupId, user_id: userId },
      });
    expect((await remove(a, group.id, a.id)).statusCode).toBe(409);
    expect((await remove(a, group.id, b.id)).statusCode).toBe(200);
    expect((await remove(owner, group.id, a.id)).statusCode).toBe(403);
    expect((await remove(a, group.id, outsider.id)).statusCode).toBe(404);
    expect((await remove(a, 999_999, outsider.id)).statusCode).toBe(404);
  });
});

describe('statistics', () => {
  it("count the members' giving while they were members: a leaver keeps the past, takes the future", async () => {
    const owner = await t.createUser();
    const before = await t.createUser();
    await topUp(t, before.token, 100_000);
    await giveFunds(before, 5_000); // before joining: not the group's
    later(5);
    const group = await createGroup(owner);
    await topUp(t, owner.token, 100_000);
    const joined = await join(before, group.pin);
    expect(joined.json().status).toBe(2);
    later(5);
    await giveFunds(before, 2_000);
    await giveFunds(owner, 3_000);
    later(5);
    const leave = await t.request('POST', '/api/group/leave', {
      token: before.token,
      body: { group_id: group.id },
    });
    expect(leave.statusCode).toBe(200);
    later(5);
    await giveFunds(before, 7_000); // after leaving: not the group's

    const totals = await t.request('GET', `/api/group/total_statistics/${group.id}`, { token: owner.token });
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totals.json()).toMatchObject({ group_id: group.id, members: 1, totals: { funds: 5_000 } });
    expect(totals.json().by_month).toEqual([expect.objectContaining({ month: '2026-05', funds: 5_000 })]);

    const board = await t.request('GET', `/api/group/members_total_statistics/${group.id}`, {
      token: owner.token,
    });
    expect(board.json().items).toEqual([
      expect.objectContaining({
        user_id: owner.id,
        is_admin: true,
        totals: expect.objectContaining({ funds: 3_000 }),
      }),
    ]);
    expect(
      (await t.request('GET', `/api/group/members_total_statistics/${group.id}`, { token: before.token }))
        .statusCode,
    ).toBe(403);

    const mine = await t.request('GET', `/api/group/individual/${owner.id}/list_with_total_stats`, {
      token: owner.token,
    });
    expect(mine.json().items).toEqual([
      expect.objectContaining({ id: group.id, totals: expect.objectContaining({ funds: 5_000 }) }),
    ]);
    expect(
      (await t.request('GET', `/api/group/individual/${owner.id}/list`, { token: before.token })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('GET', `/api/group/individual/${owner.id}/list?cursor=nonsense`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(400);
  });
});

const eqPin = (pin: string) => eq(groups.pin, pin);
