import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../lib/periods.js';
import { fundOrganisation, makeCharityWithProject, type Person } from '../../testing/factories.js';
import { sortedUserIds, useTestApp } from '../../testing/helpers.js';
import { solidImage } from '../../testing/images.js';
import { multipartFile } from '../../testing/multipart.js';
import { addBusinessMember, applyForOrganisation, createOrganisation } from '../../testing/organisations.js';

const START = new Date('2026-03-10T10:00:00Z');
let clock = START;
const t = useTestApp({}, { now: () => clock });
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * 86_400_000));
let platform: Person;

const png = () => solidImage('png');

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
});

/** An approved organisation made by a platform admin, with a new person as its Super Admin. */
const organisation = (name = 'Acme Ltd') => createOrganisation(t, platform.token, name);

/** A platform admin's decision on a pending organisation. */
const decide = (body: { business_id: number; status: string; reason?: string }) =>
  t.request('POST', '/api/admin/business/pending/update', { token: platform.token, body });

/** The ids of the organisation's sign-off admins, in order, as the member with the token reads them. */
const signoffAdminIds = async (businessId: number, token: string): Promise<number[]> =>
  sortedUserIds(await t.request('GET', `/api/business/signoff-admins/${businessId}`, { token }));

/** The answer closed the organisation's donation (Rejected) and its history records why. */
function expectClosedWithReason(res: LightMyRequestResponse, reason: string) {
  expect(res.json().donations[0]).toMatchObject({ status: 90 });
  expect(res.json().donations[0].history.at(-1)).toMatchObject({ status: 90, reason });
}

/** A member joins (as the onboarding calls will do): straight in the database for now. */
const join = (businessId: number, adminType: 1 | 2 | 99, signoff = false) =>
  addBusinessMember(t, businessId, adminType, clock, { signoff });

/** A sign-off admin's (or anyone's) approval or rejection of the organisation's donations. */
const answerDonations = (businessId: number, token: string, body: Record<string, unknown>) =>
  t.request('POST', `/api/business/${businessId}/approve_donations`, { token, body });

describe('an organisation', () => {
  it('added by a person waits for approval, with them as its Super Admin', async () => {
    const person = await t.createUser();
    const res = await t.request('POST', '/api/user/add/business', {
      token: person.token,
      body: { name: 'Pending Works', registration_number: 'ab123456', description: 'We build.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const business = res.json();
    expect(business).toMatchObject({
      name: 'Pending Works',
      registration_number: 'AB123456',
      approval_status: 'pending',
      lock_status: false,
      signoff_policy: { approvals_required: 1, threshold_amount: null, approvals_above_threshold: null },
    });
    const mine = await t.request('GET', '/api/business/list', { token: person.token });
    expect(mine.json().items).toEqual([expect.objectContaining({ id: business.id, admin_type: 1 })]);
    const session = await t.request('GET', '/api/user/get', { token: person.token });
    expect(session.json().business_membership).toEqual([
      expect.objectContaining({ business_id: business.id, admin_type: 1 }),
    ]);
    // Not found by others while pending, nor in the public search.
    const stranger = await t.createUser();
    expect(
      (await t.request('GET', `/api/business/${business.id}`, { token: stranger.token })).statusCode,
    ).toBe(404);
    const found = await t.request('GET', '/api/business/autocomplete?q=Pending');
    expect(found.json().items).toEqual([]);
  });

  it('refuses bad input with the fields named, never a 500', async () => {
    const person = await t.createUser();
    const res = await t.request('POST', '/api/user/add/business', {
      token: person.token,
      body: { name: 'A', registration_number: 'no spaces allowed', extra: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    const unknown = await t.request('POST', '/api/business', {
      token: platform.token,
      body: { name: 'Nobody Ltd', admin_email: 'nobody-here@example.org' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.fields.admin_email).toBeTruthy();
    const notAdmin = await t.request('POST', '/api/business', {
      token: person.token,
      body: { name: 'Nobody Ltd', admin_email: person.email },
    });
    expect(notAdmin.statusCode).toBe(403);
  });

  it('made by a platform admin is approved at once and found by name, publicly', async () => {
    const { id, owner } = await organisation('Northwind Traders');
    const res = await t.request('GET', `/api/business/${id}`, { token: owner.token });
    expect(res.json()).toMatchObject({ id, approval_status: 'approved' });
    const found = await t.request('GET', '/api/business/autocomplete?q=northw');
    expect(found.statusCode).toBe(200);
    expect(found.json().items).toEqual([{ id, name: 'Northwind Traders', logo: null }]);
    // Wildcards in the text are taken literally.
    expect((await t.request('GET', '/api/business/autocomplete?q=%25')).json().items).toEqual([]);
    expect((await t.request('GET', '/api/business/autocomplete')).statusCode).toBe(400);
  });

  it('is edited by its admins only and takes a logo checked by its content', async () => {
    const { id, owner } = await organisation('Logo Ltd');
    const employee = await join(id, 99);
    const edit = await t.request('PATCH', `/api/business/${id}`, {
      token: owner.token,
      body: { description: 'Now with a story.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().description).toBe('Now with a story.');
    const refused = await t.request('PATCH', `/api/business/${id}`, {
      token: employee.token,
      body: { description: 'Mine now.' },
    });
    expect(refused.statusCode).toBe(403);
    const upload = await t.request('POST', `/api/business/logo/${id}`, {
      token: owner.token,
      ...multipartFile(await png(), 'logo.png', 'image/png'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().logo).toMatch(/^\/api\/files\/logos\//);
    const fake = await t.request('POST', `/api/business/logo/${id}`, {
      token: owner.token,
      ...multipartFile(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(400, 0x90)]), 'logo.png', 'image/png'),
    });
    expect(fake.statusCode).toBe(415);
  });

  it('is locked and unlocked by platform admins: locked, it is not found by others', async () => {
    const { id, owner } = await organisation('Lockable Ltd');
    const refused = await t.request('PATCH', `/api/admin/business/${id}/lock`, {
      token: owner.token,
      body: { lock_status: true, reason: 'Under review' },
    });
    expect(refused.statusCode).toBe(403);
    const locked = await t.request('PATCH', `/api/admin/business/${id}/lock`, {
      token: platform.token,
      body: { lock_status: true, reason: 'Under review' },
    });
    expect(locked.json().lock_status).toBe(true);
    expect((await t.request('GET', '/api/business/autocomplete?q=Lockable')).json().items).toEqual([]);
    // Its members still see it.
    expect((await t.request('GET', `/api/business/${id}`, { token: owner.token })).statusCode).toBe(200);
    await t.request('PATCH', `/api/admin/business/${id}/lock`, {
      token: platform.token,
      body: { lock_status: false },
    });
    expect((await t.request('GET', '/api/business/autocomplete?q=Lockable')).json().items).toHaveLength(1);
  });

  it('is deleted by its Super Admin only, and then gone', async () => {
    const { id, owner } = await organisation('Short Lived Ltd');
    const admin = await join(id, 2);
    expect((await t.request('DELETE', `/api/business/${id}`, { token: admin.token })).statusCode).toBe(403);
    const res = await t.request('DELETE', `/api/business/${id}`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.request('GET', `/api/business/${id}`, { token: platform.token })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/business/list', { token: owner.token })).json().items).toEqual([]);
  });

  it('is approved or rejected by platform admins, who list them by status; its Super Admins are mailed', async () => {
    const person = await t.createUser();
    const id = await applyForOrganisation(t, person, 'Review Me Ltd');
    const pending = await t.request('GET', '/api/admin/business_list?status=pending', {
      token: platform.token,
    });
    expect(pending.json().items.map((b: { id: number }) => b.id)).toContain(id);
    expect((await t.request('GET', '/api/admin/business_list', { token: person.token })).statusCode).toBe(
      403,
    );
    const noReason = await decide({ business_id: id, status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await decide({ business_id: id, status: 'rejected', reason: 'No company number' });
    expect(rejected.json()).toMatchObject({
      approval_status: 'rejected',
      rejection_reason: 'No company number',
    });
    const mail = (await t.outbox()).filter((m) => m.to.includes(person.email)).pop();
    expect(mail?.subject).toBe('Review Me Ltd was not approved on Kindred');
    const again = await decide({ business_id: id, status: 'approved' });
    expect(again.statusCode).toBe(409);
    const second = await applyForOrganisation(t, person, 'Review Me Again Ltd');
    const approved = await decide({ business_id: second, status: 'approved' });
    expect(approved.json().approval_status).toBe('approved');
    expect(
      (await t.request('GET', '/api/business/autocomplete?q=Review%20Me%20Again')).json().items,
    ).toHaveLength(1);
  });

  it('answers an empty page of join requests to its admins', async () => {
    const { id, owner } = await organisation('Requests Ltd');
    const res = await t.request('GET', `/api/business/requests/${id}`, { token: owner.token });
    expect(res.json()).toEqual({ items: [], next_cursor: null, prev_cursor: null });
  });
});

describe('members and roles', () => {
  it('lists members and admins with their roles', async () => {
    const { id, owner } = await organisation('Roles Ltd');
    const admin = await join(id, 2);
    const employee = await join(id, 99);
    const members = await t.request('GET', `/api/business/${id}/members`, { token: employee.token });
    expect(
      members.json().items.map((m: { user_id: number; admin_type: number }) => [m.user_id, m.admin_type]),
    ).toEqual([
      [owner.id, 1],
      [admin.id, 2],
      [employee.id, 99],
    ]);
    const admins = await t.request('GET', `/api/business/admins/${id}`, { token: employee.token });
    expect(admins.json().items.map((m: { user_id: number }) => m.user_id)).toEqual([owner.id, admin.id]);
    const stranger = await t.createUser();
    expect(
      (await t.request('GET', `/api/business/${id}/members`, { token: stranger.token })).statusCode,
    ).toBe(403);
  });

  it('changes roles: only a Super Admin makes Super Admins, and the last one stays', async () => {
    const { id, owner } = await organisation('Promotions Ltd');
    const admin = await join(id, 2);
    const employee = await join(id, 99);
    const set = (token: string, user_id: number, admin_type: number) =>
      t.request('POST', `/api/membership/business/${id}/set`, { token, body: { user_id, admin_type } });
    expect((await set(admin.token, employee.id, 2)).statusCode).toBe(200);
    const promote = await set(admin.token, employee.id, 1);
    expect(promote.statusCode).toBe(403);
    const last = await set(owner.token, owner.id, 2);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_SUPER_ADMIN');
    expect((await set(owner.token, employee.id, 1)).statusCode).toBe(200);
    expect((await set(owner.token, owner.id, 99)).statusCode).toBe(200);
    const bad = await set(employee.token, admin.id, 7);
    expect(bad.statusCode).toBe(400);
  });

  it('removes members; the last Super Admin cannot be removed, with a clear refusal', async () => {
    const { id, owner } = await organisation('Leavers Ltd');
    const admin = await join(id, 2);
    const employee = await join(id, 99);
    const remove = (token: string, user_id: number) =>
      t.request('POST', `/api/membership/business/${id}/delete`, { token, body: { user_id } });
    const refused = await remove(admin.token, owner.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'LAST_SUPER_ADMIN',
      message: expect.stringContaining('last Super Admin'),
    });
    expect((await remove(owner.token, owner.id)).statusCode).toBe(409);
    expect((await remove(employee.token, admin.id)).statusCode).toBe(403);
    expect((await remove(admin.token, employee.id)).statusCode).toBe(200);
    expect((await remove(admin.token, admin.id)).statusCode).toBe(200);
    expect((await remove(owner.token, 999_999)).statusCode).toBe(404);
  });
});

describe('sign-off admins and the policy', () => {
  it('are chosen by a Super Admin', async () => {
    const { id, owner } = await organisation('Signers Ltd');
    const admin = await join(id, 2);
    const employee = await join(id, 99);
    const add = (token: string, user_id: number) =>
      t.request('POST', `/api/membership/signoff/${id}`, { token, body: { user_id } });
    expect((await add(admin.token, employee.id)).statusCode).toBe(403);
    expect((await add(owner.token, employee.id)).statusCode).toBe(200);
    expect((await add(owner.token, admin.id)).statusCode).toBe(200);
    expect(await signoffAdminIds(id, employee.token)).toEqual([admin.id, employee.id].sort());
    const without = await t.request('GET', `/api/business/employees-without-signoff/${id}`, {
      token: owner.token,
    });
    expect(without.json().items.map((m: { user_id: number }) => m.user_id)).toEqual([owner.id]);
    const off = await t.request('DELETE', `/api/membership/signoff/${id}/${admin.id}`, {
      token: owner.token,
    });
    expect(off.statusCode).toBe(200);
    expect(await signoffAdminIds(id, owner.token)).toEqual([employee.id]);
  });

  it('sets the policy: approvals for every donation, more at or above a threshold', async () => {
    const { id, owner } = await organisation('Policy Ltd');
    // Enough sign-off admins for every policy below (decision 033).
    for (let i = 0; i < 3; i++) await join(id, 99, true);
    const put = (token: string, body: unknown) =>
      t.request('PUT', `/api/business/${id}/signoff-policy`, { token, body });
    const ok = await put(owner.token, {
      approvals_required: 1,
      threshold_amount: 100_000,
      approvals_above_threshold: 2,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await t.request('GET', `/api/business/${id}`, { token: owner.token })).json().signoff_policy,
    ).toEqual({
      approvals_required: 1,
      threshold_amount: 100_000,
      approvals_above_threshold: 2,
    });
    const half = await put(owner.token, { approvals_required: 1, threshold_amount: 100_000 });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.details.fields.approvals_above_threshold).toBeTruthy();
    const fewer = await put(owner.token, {
      approvals_required: 3,
      threshold_amount: 100_000,
      approvals_above_threshold: 2,
    });
    expect(fewer.statusCode).toBe(400);
    expect((await put(owner.token, { approvals_required: 0 })).statusCode).toBe(400);
    const admin = await join(id, 2);
    expect((await put(admin.token, { approvals_required: 2 })).statusCode).toBe(403);
  });
});

describe('a policy its sign-off admins can satisfy (decision 033)', () => {
  const put = (id: number, token: string, body: unknown) =>
    t.request('PUT', `/api/business/${id}/signoff-policy`, { token, body });
  const ACME_POLICY = { approvals_required: 1, threshold_amount: 1_000_000, approvals_above_threshold: 2 };

  it('refuses a policy they could never satisfy, beside the field that asks too much', async () => {
    const { id, owner } = await organisation('Two Signers Ltd');
    await t.request('POST', `/api/membership/signoff/${id}`, {
      token: owner.token,
      body: { user_id: owner.id },
    });
    await join(id, 2, true);
    // Two sign-off admins and nobody else to ask: whoever asks, one approval is all that is left.
    const acme = await put(id, owner.token, ACME_POLICY);
    expect(acme.statusCode, acme.body).toBe(409);
    expect(acme.json().error.code).toBe('SIGNOFF_POLICY_UNSATISFIABLE');
    expect(acme.json().error.details.fields).toEqual({
      approvals_above_threshold:
        'At most 1 with 2 sign-off admins: the person who asks never counts. Make more members sign-off admins first, or ask for fewer.',
    });
    expect(
      (await t.request('GET', `/api/business/${id}/signoff-policy`, { token: owner.token })).json(),
    ).toEqual({
      approvals_required: 1,
      threshold_amount: null,
      approvals_above_threshold: null,
    });
    // A member who is not a sign-off admin can ask, and have both approvals.
    await join(id, 99);
    expect((await put(id, owner.token, ACME_POLICY)).statusCode).toBe(200);
    const three = await put(id, owner.token, { approvals_required: 3 });
    expect(three.statusCode).toBe(409);
    expect(Object.keys(three.json().error.details.fields)).toEqual(['approvals_required']);
    // With no sign-off admin at all, nothing could ever be approved.
    const empty = await organisation('No Signers Ltd');
    const none = await put(empty.id, empty.owner.token, { approvals_required: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.details.fields.approvals_required).toMatch(
      /^With 0 sign-off admins, no donation/,
    );
  });

  it('keeps the sign-off admins the policy needs; a member may still leave', async () => {
    const { id, owner } = await organisation('Keep Signers Ltd');
    await t.request('POST', `/api/membership/signoff/${id}`, {
      token: owner.token,
      body: { user_id: owner.id },
    });
    const sam = await join(id, 2, true);
    const eve = await join(id, 99);
    expect((await put(id, owner.token, ACME_POLICY)).statusCode).toBe(200);
    const unmark = await t.request('DELETE', `/api/membership/signoff/${id}/${sam.id}`, {
      token: owner.token,
    });
    expect(unmark.statusCode).toBe(409);
    expect(unmark.json().error).toMatchObject({ code: 'SIGNOFF_ADMINS_NEEDED' });
    expect(unmark.json().error.message).toContain('Make another member a sign-off admin first');
    expect(await signoffAdminIds(id, owner.token)).toEqual([owner.id, sam.id].sort());
    // Eve is the one member who could ask for a large gift and have both approvals.
    const removeEve = await t.request('POST', `/api/membership/business/${id}/delete`, {
      token: owner.token,
      body: { user_id: eve.id },
    });
    expect(removeEve.statusCode).toBe(409);
    expect(removeEve.json().error.code).toBe('SIGNOFF_ADMINS_NEEDED');
    // With a third sign-off admin, Sam can stop.
    await join(id, 99, true);
    expect(
      (await t.request('DELETE', `/api/membership/signoff/${id}/${sam.id}`, { token: owner.token }))
        .statusCode,
    ).toBe(200);
    // Nobody is held in an organisation: a member leaves even when the policy then asks too much.
    const leave = await t.request('POST', `/api/membership/business/${id}/delete`, {
      token: eve.token,
      body: { user_id: eve.id },
    });
    expect(leave.statusCode, leave.body).toBe(200);
  });
});

describe('giving on behalf of an organisation', () => {
  let charityId: number;
  let projectId: number;

  /** A gift to the charity from the organisation's wallet, asked by the member with the token. */
  const giveToCharityAs = (businessId: number, token: string, body: Record<string, unknown>) =>
    t.request('POST', `/api/business/${businessId}/donate/charity/${charityId}`, { token, body });

  beforeAll(async () => {
    ({ charityId, projectId } = await makeCharityWithProject(
      t,
      { name: 'Harbour Trust', platform },
      {
        title: 'Harbour clean-up',
        fields: { description: 'We clear the harbour.', end_date: day(30), volunteering_hours: 20 },
      },
    ));
  });

  async function fundedOrganisation(amount = 100_000) {
    const org = await organisation(`Giving Ltd ${Math.random().toString(36).slice(2, 6)}`);
    await fundOrganisation(t, platform, org.id, amount);
    const first = await join(org.id, 99, true);
    const second = await join(org.id, 2, true);
    return { ...org, first, second };
  }

  const wallet = async (token: string, id: number) =>
    (await t.request('GET', `/api/business/wallet/${id}`, { token })).json();

  it('holds the amount at 20; two distinct sign-off admins take it to 80; every step is in its history', async () => {
    const org = await fundedOrganisation();
    await t.request('PUT', `/api/business/${org.id}/signoff-policy`, {
      token: org.owner.token,
      body: { approvals_required: 2 },
    });
    const res = await t.request('POST', `/api/business/${org.id}/donate/project/${projectId}`, {
      token: org.owner.token,
      body: { type: 2, amount: 30_000 },
      headers: { 'idempotency-key': 'org-gift-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const donation = res.json().donation;
    expect(donation).toMatchObject({ status: 20, amount: 30_000, donor: { kind: 'business', id: org.id } });
    expect(res.json().wallet).toMatchObject({ wallet_amount: 70_000, held: 30_000 });
    // A retry with the same key gives nothing again.
    const retry = await t.request('POST', `/api/business/${org.id}/donate/project/${projectId}`, {
      token: org.owner.token,
      body: { type: 2, amount: 30_000 },
      headers: { 'idempotency-key': 'org-gift-1' },
    });
    expect(retry.json().donation.id).toBe(donation.id);
    expect(await wallet(org.owner.token, org.id)).toMatchObject({ wallet_amount: 70_000, held: 30_000 });

    const waiting = await t.request('GET', `/api/business/${org.id}/donations`, { token: org.first.token });
    expect(waiting.json().items).toEqual([
      expect.objectContaining({
        id: donation.id,
        signoff: expect.objectContaining({ needed: 2, approvals: [], can_approve: true }),
      }),
    ]);
    const approve = (token: string) =>
      t.request('POST', `/api/business/${org.id}/approve_donations`, {
        token,
        body: { donation_ids: [donation.id], action: 'approve' },
      });
    // The requester never approves their own (the owner is not a sign-off admin at all here).
    expect((await approve(org.owner.token)).statusCode).toBe(403);
    const one = await approve(org.first.token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().donations[0].status).toBe(20);
    const again = await approve(org.first.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_APPROVED');
    const two = await approve(org.second.token);
    expect(two.json().donations[0].status).toBe(80);
    const history = two
      .json()
      .donations[0].history.map((h: { status: number; reason: string | null }) => [h.status, h.reason]);
    expect(history).toEqual([
      [20, null],
      [20, 'Signed off (1 of 2)'],
      [20, 'Signed off (2 of 2)'],
      [80, "Signed off by 2 of the organisation's sign-off admins"],
    ]);
    const after = await wallet(org.owner.token, org.id);
    expect(after).toMatchObject({ wallet_amount: 70_000, held: 0 });
    // The project's supporters wall names the organisation.
    const wall = await t.request('GET', `/api/project/${projectId}/all-donations`);
    expect(wall.json().items).toContainEqual(
      expect.objectContaining({ id: donation.id, name: donation.donor.name, amount: 30_000 }),
    );
    expect(
      (await t.request('GET', `/api/business/${org.id}/donations`, { token: org.first.token })).json().items,
    ).toEqual([]);
  });

  it('never lets the requester approve their own donation', async () => {
    const org = await fundedOrganisation();
    const res = await giveToCharityAs(org.id, org.first.token, { type: 2, amount: 5_000 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().donation.id;
    const list = await t.request('GET', `/api/business/${org.id}/donations`, { token: org.first.token });
    expect(list.json().items[0].signoff.can_approve).toBe(false);
    const own = await answerDonations(org.id, org.first.token, { donation_ids: [id], action: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('OWN_DONATION');
    const other = await answerDonations(org.id, org.second.token, { donation_ids: [id], action: 'approve' });
    expect(other.json().donations[0].status).toBe(80);
  });

  it('asks more approvals at or above the threshold', async () => {
    const org = await fundedOrganisation();
    await t.request('PUT', `/api/business/${org.id}/signoff-policy`, {
      token: org.owner.token,
      body: { approvals_required: 1, threshold_amount: 20_000, approvals_above_threshold: 2 },
    });
    const small = await giveToCharityAs(org.id, org.owner.token, { type: 2, amount: 10_000 });
    const big = await giveToCharityAs(org.id, org.owner.token, { type: 2, amount: 20_000 });
    const ids = [small.json().donation.id, big.json().donation.id];
    const res = await answerDonations(org.id, org.first.token, { donation_ids: ids, action: 'approve' });
    expect(res.json().donations.map((d: { id: number; status: number }) => [d.id, d.status])).toEqual([
      [ids[0], 80],
      [ids[1], 20],
    ]);
  });

  it('rejects with a reason: 90, and the held money returns', async () => {
    const org = await fundedOrganisation();
    const res = await t.request('POST', `/api/business/${org.id}/donate/project/${projectId}`, {
      token: org.owner.token,
      body: { type: 2, amount: 40_000 },
    });
    const id = res.json().donation.id;
    expect((await wallet(org.owner.token, org.id)).held).toBe(40_000);
    const noReason = await answerDonations(org.id, org.first.token, { donation_ids: [id], action: 'reject' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await answerDonations(org.id, org.first.token, {
      donation_ids: [id],
      action: 'reject',
      reason: 'Not in this year’s plan',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expectClosedWithReason(rejected, 'Not in this year’s plan');
    expect(await wallet(org.owner.token, org.id)).toMatchObject({ wallet_amount: 100_000, held: 0 });
    const twice = await answerDonations(org.id, org.second.token, { donation_ids: [id], action: 'approve' });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses what the organisation cannot give: more than it has, while pending or locked, foreign donations', async () => {
    const org = await fundedOrganisation(1_000);
    const tooMuch = await giveToCharityAs(org.id, org.owner.token, { type: 2, amount: 5_000 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.code).toBe('INSUFFICIENT_FUNDS');
    const stranger = await t.createUser();
    const foreign = await giveToCharityAs(org.id, stranger.token, { type: 2, amount: 500 });
    expect(foreign.statusCode).toBe(403);
    await t.request('PATCH', `/api/admin/business/${org.id}/lock`, {
      token: platform.token,
      body: { lock_status: true, reason: 'Under review' },
    });
    const locked = await giveToCharityAs(org.id, org.owner.token, { type: 2, amount: 500 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('BUSINESS_LOCKED');
    const pendingOwner = await t.createUser();
    const pending = await applyForOrganisation(t, pendingOwner, 'Not Yet Ltd');
    const notYet = await giveToCharityAs(pending, pendingOwner.token, { type: 2, amount: 500 });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.code).toBe('BUSINESS_NOT_APPROVED');
    // A donation of another organisation is not found here.
    const other = await fundedOrganisation();
    const theirs = await giveToCharityAs(other.id, other.owner.token, { type: 2, amount: 500 });
    const mixed = await answerDonations(org.id, org.first.token, {
      donation_ids: [theirs.json().donation.id],
      action: 'approve',
    });
    expect(mixed.statusCode).toBe(404);
    const recurring = await giveToCharityAs(other.id, other.owner.token, {
      type: 2,
      amount: 500,
      frequency: 3,
      start_date: day(1),
    });
    expect(recurring.statusCode).toBe(400);
  });

  it('reminds the sign-off admins, never the requester, of a donation waiting more than 7 days', async () => {
    const org = await fundedOrganisation();
    const res = await giveToCharityAs(org.id, org.first.token, { type: 2, amount: 7_500 });
    expect(res.statusCode, res.body).toBe(201);
    const remind = () => t.jobs.find((job) => job.name === 'sign-off reminders')?.run() as Promise<number>;
    const reminders = async () =>
      (await t.outbox()).filter((m) =>
        m.subject.startsWith(`A donation on behalf of ${res.json().donation.donor.name}`),
      );
    try {
      clock = new Date(START.getTime() + 6 * 86_400_000);
      await remind();
      expect(await reminders()).toHaveLength(0);
      clock = new Date(START.getTime() + 8 * 86_400_000);
      await remind();
      const first = await reminders();
      // The requester (first) is a sign-off admin but is not reminded of their own request.
      expect(first.map((m) => m.to)).toEqual([org.second.email]);
      expect(first[0]?.text).toContain('has waited 8 days for sign-off');
      await remind();
      expect(await reminders()).toHaveLength(1);
      clock = new Date(START.getTime() + 16 * 86_400_000);
      await remind();
      expect(await reminders()).toHaveLength(2);
    } finally {
      clock = START;
    }
  });

  it('moves a donation once when two sign-off admins approve it at the same moment', async () => {
    const org = await fundedOrganisation();
    const res = await giveToCharityAs(org.id, org.owner.token, { type: 2, amount: 9_000 });
    const id = res.json().donation.id;
    const answers = await Promise.all(
      [org.first, org.second].map((admin) =>
        answerDonations(org.id, admin.token, { donation_ids: [id], action: 'approve' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await wallet(org.owner.token, org.id)).toMatchObject({ wallet_amount: 91_000, held: 0 });
  });

  it('refuses a gift that could never collect its approvals, saying why and holding nothing', async () => {
    const org = await fundedOrganisation();
    const policy = await t.request('PUT', `/api/business/${org.id}/signoff-policy`, {
      token: org.owner.token,
      body: { approvals_required: 1, threshold_amount: 20_000, approvals_above_threshold: 2 },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const give = (token: string, amount: number, key?: string) =>
      t.request('POST', `/api/business/${org.id}/donate/charity/${charityId}`, {
        token,
        body: { type: 2, amount },
        ...(key ? { headers: { 'idempotency-key': key } } : {}),
      });
    // A sign-off admin asks for ₹300: two approvals from the others, and there is one other.
    const big = await give(org.first.token, 30_000, 'stuck-before-it-starts');
    expect(big.statusCode, big.body).toBe(409);
    expect(big.json().error.code).toBe('SIGNOFF_IMPOSSIBLE');
    expect(big.json().error.message).toContain(
      'it could never be approved, so it was not made and nothing is held',
    );
    expect(big.json().error.details).toMatchObject({ needed: 2, available: 1 });
    expect(big.json().error.details.fields.amount).toMatch(/^From ₹200, 2 sign-off admins other than you/);
    expect(await wallet(org.owner.token, org.id)).toMatchObject({ wallet_amount: 100_000, held: 0 });
    expect(
      (await t.request('GET', `/api/business/${org.id}/donations`, { token: org.second.token })).json().items,
    ).toEqual([]);
    // Below the threshold the same person can ask; the owner, not a sign-off admin, can ask for more.
    expect((await give(org.first.token, 10_000)).statusCode).toBe(201);
    expect((await give(org.owner.token, 30_000)).statusCode).toBe(201);
    // An organisation without a sign-off admin cannot give on its behalf at all.
    const lone = await organisation('Nobody Signs Ltd');
    await fundOrganisation(t, platform, lone.id, 10_000);
    const alone = await giveToCharityAs(lone.id, lone.owner.token, { type: 2, amount: 1_000 });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.code).toBe('SIGNOFF_IMPOSSIBLE');
    expect(await wallet(lone.owner.token, lone.id)).toMatchObject({ wallet_amount: 10_000, held: 0 });
  });

  it('shows a donation that can no longer be approved to its Super Admins, who approve it with a reason or release it', async () => {
    const org = await fundedOrganisation();
    await t.request('POST', `/api/membership/signoff/${org.id}`, {
      token: org.owner.token,
      body: { user_id: org.owner.id },
    });
    const policy = await t.request('PUT', `/api/business/${org.id}/signoff-policy`, {
      token: org.owner.token,
      body: { approvals_required: 1, threshold_amount: 20_000, approvals_above_threshold: 2 },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const give = async (token: string, amount: number) => {
      const res = await t.request('POST', `/api/business/${org.id}/donate/project/${projectId}`, {
        token,
        body: { type: 2, amount },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().donation.id as number;
    };
    const mine = await give(org.owner.token, 30_000);
    const board = await give(org.owner.token, 25_000);
    const small = await give(org.owner.token, 5_000);
    // One of the two others approves the board's gift; then the other sign-off admin leaves.
    await answerDonations(org.id, org.first.token, { donation_ids: [board], action: 'approve' });
    await t.request('POST', `/api/membership/business/${org.id}/delete`, {
      token: org.second.token,
      body: { user_id: org.second.id },
    });
    const states = async (token: string) =>
      Object.fromEntries(
        (await t.request('GET', `/api/business/${org.id}/donations`, { token }))
          .json()
          .items.map((d: { id: number; signoff: { stuck: boolean; can_resolve: boolean } }) => [
            d.id,
            [d.signoff.stuck, d.signoff.can_resolve],
          ]),
      );
    expect(await states(org.owner.token)).toEqual({
      [mine]: [true, true],
      [board]: [true, true],
      [small]: [false, false],
    });
    // A sign-off admin sees it stuck but cannot end it.
    expect((await states(org.first.token))[mine]).toEqual([true, false]);
    const resolve = (token: string, id: number, body: unknown) =>
      t.request('POST', `/api/business/${org.id}/donations/${id}/resolve`, { token, body });
    expect((await resolve(org.first.token, mine, { action: 'release', reason: 'Too long' })).statusCode).toBe(
      403,
    );
    const noReason = await resolve(org.owner.token, mine, { action: 'approve' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details.fields.reason).toBeTruthy();
    // The owner asked for them: they may release, never approve, their own.
    const own = await resolve(org.owner.token, mine, { action: 'approve', reason: 'Agreed at the board' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('OWN_DONATION');
    const released = await resolve(org.owner.token, mine, {
      action: 'release',
      reason: 'Ask again next year',
    });
    expect(released.statusCode, released.body).toBe(200);
    expectClosedWithReason(released, 'Released by a Super Admin: Ask again next year');
    expect(await wallet(org.owner.token, org.id)).toMatchObject({ wallet_amount: 70_000, held: 30_000 });
    // Another Super Admin approves the board's gift in the sign-off admins' place, saying why.
    const boss = await join(org.id, 1);
    const approvedByBoss = await resolve(boss.token, board, {
      action: 'approve',
      reason: 'Agreed at the board on 3 March',
    });
    expect(approvedByBoss.statusCode, approvedByBoss.body).toBe(200);
    expect(approvedByBoss.json().donations[0].status).toBe(80);
    expect(approvedByBoss.json().donations[0].history.at(-1)).toMatchObject({
      status: 80,
      by: { id: boss.id },
      reason:
        'Approved by a Super Admin with 1 of the 2 sign-off approvals it needs: Agreed at the board on 3 March',
    });
    expect(await wallet(org.owner.token, org.id)).toMatchObject({ wallet_amount: 70_000, held: 5_000 });
    // What can still be approved stays with the sign-off admins.
    const notStuck = await resolve(boss.token, small, { action: 'approve', reason: 'Quicker this way' });
    expect(notStuck.statusCode).toBe(409);
    expect(notStuck.json().error.code).toBe('NOT_STUCK');
    expect((await resolve(boss.token, board, { action: 'release', reason: 'Twice' })).statusCode).toBe(409);
  });

  it('takes offers of time to the charity (30) once signed off', async () => {
    const org = await fundedOrganisation();
    const res = await t.request('POST', `/api/business/${org.id}/donate/project/${projectId}`, {
      token: org.owner.token,
      body: { type: 3, hours: 4, date: day(5) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().donation.status).toBe(20);
    const signed = await answerDonations(org.id, org.first.token, {
      donation_ids: [res.json().donation.id],
      action: 'approve',
    });
    expect(signed.json().donations[0].status).toBe(30);
  });
});
