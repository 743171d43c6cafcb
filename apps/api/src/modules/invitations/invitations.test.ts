import { beforeAll, describe, expect, it } from 'vitest';
import { charityMemberships, groupMemberships, groups } from '../../db/schema.js';
import {
  mailedInvitationCode,
  makeCharity,
  makeProject,
  type Person,
  platformAdmin,
} from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import {
  addBusinessMember,
  addCharityMember,
  applyForOrganisation,
  createOrganisation,
} from '../../testing/organisations.js';

let clock = new Date('2026-05-04T09:00:00Z');
const t = useTestApp({}, { now: () => clock });
let platform: Person;

beforeAll(async () => {
  platform = await platformAdmin(t);
});

const organisation = (name: string) => createOrganisation(t, platform.token, name);
const member = (businessId: number, adminType: 1 | 2 | 99) =>
  addBusinessMember(t, businessId, adminType, clock);

/** The code in the last invitation mailed to the address. */
const mailedCode = (email: string) => mailedInvitationCode(t, email);

/** A request to join what the body names, sent by the person with the token. */
const askToJoin = (token: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/join', { token, body });

/** An admin's (or anyone's) answer to a request to join. */
const answerRequest = (token: string, requestId: number, action: 'accept' | 'decline') =>
  t.request('PATCH', '/api/join', { token, body: { request_id: requestId, action } });

const invite = (token: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/invitation/create', { token, body });

describe('inviting to an organisation', () => {
  it('mails a single-use code that a new person accepts after registering with that email', async () => {
    const { id, owner } = await organisation('Invite Works');
    const res = await invite(owner.token, {
      email: 'New.Hire@Example.org',
      target_type: 'business',
      target_id: id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'new.hire@example.org',
      target_type: 'business',
      target_name: 'Invite Works',
      admin_type: 99,
      status: 'pending',
    });
    const code = await mailedCode('new.hire@example.org');

    // A visitor sees what it is for, without being able to accept it.
    const seen = await t.request('GET', `/api/invitation/confirm/${code}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      accepted: false,
      signed_in_as_invited: false,
      has_account: false,
      invitation: { target_name: 'Invite Works', status: 'pending' },
    });
    expect(seen.body).not.toContain(owner.email);

    // Someone else signed in cannot take it.
    const other = await t.createUser();
    const stolen = await t.request('GET', `/api/invitation/confirm/${code}`, { token: other.token });
    expect(stolen.json()).toMatchObject({ accepted: false, signed_in_as_invited: false });
    const stolenPatch = await t.request('PATCH', '/api/membership', {
      token: other.token,
      body: { code, action: 'accept' },
    });
    expect(stolenPatch.statusCode).toBe(403);

    const invited = await t.createUser({ email: 'new.hire@example.org' });
    const accepted = await t.request('GET', `/api/invitation/confirm/${code}`, { token: invited.token });
    expect(accepted.json()).toMatchObject({ accepted: true, invitation: { status: 'accepted' } });
    const members = await t.request('GET', `/api/business/${id}/members`, { token: owner.token });
    expect(members.json().items.map((m: { user_id: number }) => m.user_id)).toContain(invited.id);

    // Single use: opening it again changes nothing.
    const again = await t.request('GET', `/api/invitation/confirm/${code}`, { token: invited.token });
    expect(again.json()).toMatchObject({ accepted: false, invitation: { status: 'accepted' } });
    const patchAgain = await t.request('PATCH', '/api/membership', {
      token: invited.token,
      body: { code, action: 'accept' },
    });
    expect(patchAgain.statusCode).toBe(409);
    expect(patchAgain.json().error.code).toBe('INVITATION_USED');
  });

  it('expires after 14 days', async () => {
    const { id, owner } = await organisation('Expiry Ltd');
    const person = await t.createUser();
    await invite(owner.token, { email: person.email, target_type: 'business', target_id: id });
    const code = await mailedCode(person.email);
    const saved = clock;
    clock = new Date(clock.getTime() + 15 * 86_400_000);
    try {
      await t.signIn(person);
      const res = await t.request('GET', `/api/invitation/confirm/${code}`, { token: person.token });
      expect(res.json()).toMatchObject({ accepted: false, invitation: { status: 'expired' } });
      const patch = await t.request('PATCH', '/api/membership', {
        token: person.token,
        body: { code, action: 'accept' },
      });
      expect(patch.json().error.code).toBe('INVITATION_EXPIRED');
    } finally {
      clock = saved;
      await t.signIn(person);
    }
  });

  it('is declined by the invited person from their own list', async () => {
    const { id, owner } = await organisation('Decline Ltd');
    const person = await t.createUser();
    const made = await invite(owner.token, { email: person.email, target_type: 'business', target_id: id });
    const mine = await t.request('GET', `/api/user/requests/${person.id}`, { token: person.token });
    expect(mine.json().invitations.map((i: { id: number }) => i.id)).toContain(made.json().id);
    const declined = await t.request('PATCH', '/api/membership', {
      token: person.token,
      body: { invitation_id: made.json().id, action: 'decline' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('declined');
    const after = await t.request('GET', `/api/user/requests/${person.id}`, { token: person.token });
    expect(after.json().invitations).toEqual([]);
  });

  it('refuses duplicates, members, strangers, employees and bad input', async () => {
    const { id, owner } = await organisation('Rules Ltd');
    const employee = await member(id, 99);
    const admin = await member(id, 2);
    const stranger = await t.createUser();
    const body = { email: 'twice@example.org', target_type: 'business', target_id: id };
    expect((await invite(owner.token, body)).statusCode).toBe(201);
    const twice = await invite(admin.token, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_INVITED');
    const already = await invite(owner.token, { ...body, email: employee.email });
    expect(already.json().error.code).toBe('ALREADY_MEMBER');
    expect((await invite(stranger.token, { ...body, email: 'x@example.org' })).statusCode).toBe(403);
    expect((await invite(employee.token, { ...body, email: 'x@example.org' })).statusCode).toBe(403);
    // Only a Super Admin invites Super Admins.
    expect(
      (await invite(admin.token, { ...body, email: 'boss@example.org', admin_type: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await invite(owner.token, { ...body, email: 'boss@example.org', admin_type: 1 })).statusCode,
    ).toBe(201);
    for (const bad of [
      { ...body, email: 'not-an-email' },
      { ...body, target_type: 'planet' },
      { ...body, target_id: -1 },
      { ...body, admin_type: 5 },
      { ...body, extra: true },
      {},
    ]) {
      const res = await invite(owner.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await invite(owner.token, { ...body, email: 'y@example.org', target_id: 999_999 })).statusCode,
    ).toBe(403);
    expect((await t.request('POST', '/api/invitation/create', { body })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/invitation/confirm/nothing-like-a-real-code')).statusCode).toBe(404);
    const noTarget = await t.request('PATCH', '/api/membership', {
      token: owner.token,
      body: { action: 'accept' },
    });
    expect(noTarget.statusCode).toBe(400);
  });

  it('lists pending invitations to those who manage members', async () => {
    const { id, owner } = await organisation('Pending List Ltd');
    const employee = await member(id, 99);
    await invite(owner.token, { email: 'waiting@example.org', target_type: 'business', target_id: id });
    const list = await t.request('GET', `/api/invitation/pending/business/${id}`, { token: owner.token });
    expect(list.json().items.map((i: { email: string }) => i.email)).toEqual(['waiting@example.org']);
    expect(
      (await t.request('GET', `/api/invitation/pending/business/${id}`, { token: employee.token }))
        .statusCode,
    ).toBe(403);
  });
});

describe('inviting to a charity, a project and a group', () => {
  it('adds the person to each once they accept', async () => {
    const owner = await t.createUser();
    const { id: charity } = await makeCharity(t, {
      name: 'Invite Trust',
      charityTypes: [1],
      admin: owner,
      status: 'pending',
    });
    const project = await makeProject(t, owner, { title: 'Invite Project', status: 'draft' });
    const [group] = await t.ctx.database.db
      .insert(groups)
      .values({ name: 'Invite Circle', groupType: 2, pin: '555111', createdAt: clock })
      .returning({ id: groups.id });
    const groupId = group?.id ?? 0;
    await t.ctx.database.db
      .insert(groupMemberships)
      .values({ groupId, userId: owner.id, isAdmin: true, createdAt: clock });

    const person = await t.createUser();
    for (const [type, targetId] of [
      ['charity', charity],
      ['project', project],
      ['group', groupId],
    ] as const) {
      const res = await invite(owner.token, { email: person.email, target_type: type, target_id: targetId });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(201);
      const code = await mailedCode(person.email);
      const accepted = await t.request('PATCH', '/api/membership', {
        token: person.token,
        body: { code, action: 'accept' },
      });
      expect(accepted.json().status, accepted.body).toBe('accepted');
    }
    const session = (await t.request('GET', '/api/user/get', { token: person.token })).json();
    expect(session.charity_membership.map((m: { charity_id: number }) => m.charity_id)).toContain(charity);
    expect(session.group_membership.map((m: { group_id: number }) => m.group_id)).toContain(groupId);
    const admins = await t.request('GET', `/api/project/admins/${project}`, { token: owner.token });
    expect(JSON.stringify(admins.json())).toContain(person.email);

    // A plain group member cannot invite, nor see the group's waiting invitations; its admin can.
    const plain = await t.createUser();
    await t.ctx.database.db.insert(groupMemberships).values({ groupId, userId: plain.id, createdAt: clock });
    expect(
      (await invite(plain.token, { email: 'z@example.org', target_type: 'group', target_id: groupId }))
        .statusCode,
    ).toBe(403);
    expect(
      (await invite(owner.token, { email: 'Later@Example.org', target_type: 'group', target_id: groupId }))
        .statusCode,
    ).toBe(201);
    const pendingPath = `/api/invitation/pending/group/${groupId}`;
    const waiting = await t.request('GET', pendingPath, { token: owner.token });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().items).toMatchObject([
      { email: 'later@example.org', target_type: 'group', target_name: 'Invite Circle', admin_type: null },
    ]);
    expect((await t.request('GET', pendingPath, { token: plain.token })).statusCode).toBe(403);
    expect((await t.request('GET', pendingPath)).statusCode).toBe(401);
    expect(
      (await t.request('GET', `/api/invitation/pending/project/${project}`, { token: owner.token }))
        .statusCode,
    ).toBe(400);
    // A charity member without manage_members cannot either.
    await t.ctx.database.db
      .insert(charityMemberships)
      .values({ charityId: charity, userId: plain.id, adminType: 99, createdAt: clock });
    expect(
      (await invite(plain.token, { email: 'z@example.org', target_type: 'charity', target_id: charity }))
        .statusCode,
    ).toBe(403);
  });
});

describe('asking to join', () => {
  it('is answered by the organisation admins, and withdrawn by the asker', async () => {
    const { id, owner } = await organisation('Join Works');
    const employee = await member(id, 99);
    const asker = await t.createUser();
    const asked = await askToJoin(asker.token, {
      target_type: 'business',
      target_id: id,
      message: 'I work in the Leeds office.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: 1, target_name: 'Join Works', user_id: asker.id });
    const twice = await askToJoin(asker.token, { target_type: 'business', target_id: id });
    expect(twice.json().error.code).toBe('ALREADY_REQUESTED');
    expect((await t.outbox()).some((m) => m.to.includes(owner.email) && /asks to join/.test(m.subject))).toBe(
      true,
    );

    const mine = await t.request('GET', `/api/user/requests/${asker.id}`, { token: asker.token });
    expect(mine.json().join_requests).toHaveLength(1);
    expect(
      (await t.request('GET', `/api/user/requests/${asker.id}`, { token: owner.token })).statusCode,
    ).toBe(403);

    const list = await t.request('GET', `/api/business/requests/${id}`, { token: owner.token });
    expect(list.json().items).toMatchObject([{ id: asked.json().id, email: asker.email }]);
    expect(
      (await t.request('GET', `/api/business/requests/${id}`, { token: employee.token })).statusCode,
    ).toBe(403);

    // Employees and strangers cannot answer; the admin accepts once.
    const requestId = asked.json().id;
    for (const who of [employee, asker])
      expect((await answerRequest(who.token, requestId, 'accept')).statusCode).toBe(403);
    const accepted = await answerRequest(owner.token, requestId, 'accept');
    expect(accepted.json().status, accepted.body).toBe(2);
    const again = await answerRequest(owner.token, requestId, 'decline');
    expect(again.json().error.code).toBe('REQUEST_DECIDED');
    const members = await t.request('GET', `/api/business/${id}/members`, { token: owner.token });
    expect(members.json().items.find((m: { user_id: number }) => m.user_id === asker.id)?.admin_type).toBe(
      99,
    );
    const member2 = await askToJoin(asker.token, { target_type: 'business', target_id: id });
    expect(member2.json().error.code).toBe('ALREADY_MEMBER');

    // Another asks, then withdraws; only the asker may withdraw.
    const second = await t.createUser();
    const req2 = (await askToJoin(second.token, { target_type: 'business', target_id: id })).json().id;
    expect(
      (await t.request('PATCH', '/api/join/remove', { token: owner.token, body: { request_id: req2 } }))
        .statusCode,
    ).toBe(403);
    const withdrawn = await t.request('PATCH', '/api/join/remove', {
      token: second.token,
      body: { request_id: req2 },
    });
    expect(withdrawn.json()).toEqual({ message: 'Request withdrawn' });
    expect(
      (await t.request('GET', `/api/business/requests/${id}`, { token: owner.token })).json().items,
    ).toEqual([]);
  });

  it('declines, and refuses unknown, pending and bad targets', async () => {
    const { id, owner } = await organisation('Decline Join Ltd');
    const asker = await t.createUser();
    const req = (await askToJoin(asker.token, { target_type: 'business', target_id: id })).json().id;
    const declined = await answerRequest(owner.token, req, 'decline');
    expect(declined.json().status).toBe(3);
    expect(
      (await t.request('GET', `/api/business/${id}/members`, { token: owner.token })).json().items,
    ).toHaveLength(1);

    const pending = await applyForOrganisation(t, owner, 'Not Yet Ltd');
    for (const [body, status] of [
      [{ target_type: 'business', target_id: pending }, 404],
      [{ target_type: 'business', target_id: 999_999 }, 404],
      [{ target_type: 'group', target_id: id }, 400],
      [{ target_type: 'business' }, 400],
    ] as const) {
      const res = await askToJoin(asker.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect((await answerRequest(owner.token, 999_999, 'accept')).statusCode).toBe(403);
    expect(
      (await t.request('POST', '/api/join', { body: { target_type: 'business', target_id: id } })).statusCode,
    ).toBe(401);
  });
});

describe("a charity's requests to join", () => {
  it('are listed to those who manage its members, who accept or decline them', async () => {
    const { id, admin } = await makeCharity(t, { name: 'Requests Trust', charityTypes: [1], platform });
    const addMember = async (adminType: 2 | 99, permissions: string[] = []) => {
      const person = await t.createUser();
      await addCharityMember(t, id, person, adminType, permissions);
      return person;
    };
    const manager = await addMember(99, ['manage_members']);
    const employee = await addMember(99, ['manage_projects']);
    const charityAdmin = await addMember(2);
    const stranger = await t.createUser();

    const first = await t.createUser();
    const second = await t.createUser();
    const asks: number[] = [];
    for (const asker of [first, second]) {
      const res = await askToJoin(asker.token, {
        target_type: 'charity',
        target_id: id,
        message: 'I volunteer on Saturdays.',
      });
      expect(res.statusCode, res.body).toBe(201);
      asks.push(res.json().id);
    }

    // Who may see the list: the Super Admin and a member granted manage_members.
    const path = `/api/charity/requests/${id}`;
    expect((await t.request('GET', path)).statusCode).toBe(401);
    for (const who of [stranger, employee, charityAdmin, first])
      expect((await t.request('GET', path, { token: who.token })).statusCode).toBe(403);
    for (const who of [admin, manager]) {
      const list = await t.request('GET', path, { token: who.token });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().items).toMatchObject([
        { id: asks[0], email: first.email, target_type: 'charity', target_name: 'Requests Trust', status: 1 },
        { id: asks[1], email: second.email, message: 'I volunteer on Saturdays.' },
      ]);
    }
    const paged = await t.request('GET', `${path}?limit=1`, { token: admin.token });
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().next_cursor).toBeTruthy();
    expect(
      (await t.request('GET', `/api/charity/requests/999999`, { token: platform.token })).statusCode,
    ).toBe(403);
    expect((await t.request('GET', '/api/charity/requests/abc', { token: admin.token })).statusCode).toBe(
      400,
    );
    expect((await t.request('GET', `${path}?limit=lots`, { token: admin.token })).statusCode).toBe(400);

    // The manager accepts one and declines the other; the list empties and the first is a member.
    const accepted = await answerRequest(manager.token, asks[0] ?? 0, 'accept');
    expect(accepted.json().status, accepted.body).toBe(2);
    const declined = await answerRequest(admin.token, asks[1] ?? 0, 'decline');
    expect(declined.json().status, declined.body).toBe(3);
    expect((await t.request('GET', path, { token: admin.token })).json().items).toEqual([]);
    const session = (await t.request('GET', '/api/user/get', { token: first.token })).json();
    expect(session.charity_membership.map((m: { charity_id: number }) => m.charity_id)).toContain(id);
  });
});

describe('my own requests', () => {
  it('include my pending requests to join groups, until the group answers', async () => {
    const owner = await t.createUser();
    const created = await t.request('POST', '/api/group/create', {
      token: owner.token,
      body: { name: 'Approval Circle', type: 2, requires_approval: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    const asker = await t.createUser();
    const joined = await t.request('POST', '/api/group/join', {
      token: asker.token,
      body: { pin: group.pin },
    });
    expect(joined.json(), joined.body).toMatchObject({ status: 1 });

    const mine = await t.request('GET', `/api/user/requests/${asker.id}`, { token: asker.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().group_requests).toMatchObject([
      { group_id: group.id, group_name: 'Approval Circle', status: 1 },
    ]);
    expect(mine.json().join_requests).toEqual([]);
    // The owner's own list does not show other people's requests to their group.
    const owners = await t.request('GET', `/api/user/requests/${owner.id}`, { token: owner.token });
    expect(owners.json().group_requests).toEqual([]);

    const answered = await t.request('POST', `/api/membership/group/${group.id}/set`, {
      token: owner.token,
      body: { user_id: asker.id, status: 2 },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = await t.request('GET', `/api/user/requests/${asker.id}`, { token: asker.token });
    expect(after.json().group_requests).toEqual([]);
  });
});

describe('at the same moment', () => {
  it('an invitation code is used once and a request is answered once', async () => {
    const { id, owner } = await organisation('Race Ltd');
    const admin = await member(id, 2);
    const person = await t.createUser();
    await invite(owner.token, { email: person.email, target_type: 'business', target_id: id });
    const code = await mailedCode(person.email);
    const both = await Promise.all([
      t.request('PATCH', '/api/membership', { token: person.token, body: { code, action: 'accept' } }),
      t.request('PATCH', '/api/membership', { token: person.token, body: { code, action: 'decline' } }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const asker = await t.createUser();
    const req = (await askToJoin(asker.token, { target_type: 'business', target_id: id })).json().id;
    const answers = await Promise.all([
      answerRequest(owner.token, req, 'accept'),
      answerRequest(admin.token, req, 'decline'),
      t.request('PATCH', '/api/join/remove', { token: asker.token, body: { request_id: req } }),
    ]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(2);
  });
});
