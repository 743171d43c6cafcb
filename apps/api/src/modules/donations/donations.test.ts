import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { charityMemberships } from '../../db/schema.js';
import { isoDay } from '../../lib/periods.js';
import { makeCharity, makeDonor, makeProject, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { topUp } from '../../testing/money.js';

/** A donor's Gift Aid details (the charity is added per call). */
const DECLARATION = {
  first_name: 'Ada',
  last_name: 'Donor',
  house: '1',
  address: 'River Road, Bristol',
  post_code: 'BS1 4DJ',
  confirm: true,
};

const clock = new Date('2026-03-10T10:00:00Z');
const t = useTestApp({}, { now: () => clock });
const DAY = 86_400_000;
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * DAY));
let platform: Person;

const approvedCharity = (name = 'Riverside Trust') => makeCharity(t, { name, platform });

const liveProject = (token: string, charityId: number, body: Record<string, unknown> = {}) =>
  makeProject(
    t,
    { token },
    {
      title: 'River clean-up',
      charityId,
      fields: {
        description: 'We clear the river banks.',
        end_date: day(30),
        volunteering_hours: 10,
        skill_needs: [{ type: 6, hours: 8 }],
        gift_needs: [{ type: 5, description: 'Warm coats', quantity: 20 }],
        ...body,
      },
    },
  );

const give = (user: Person, path: string, body: Record<string, unknown>, key?: string) =>
  t.request('POST', `/api/user/donate/${path}`, {
    token: user.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const project = async (id: number, token?: string) =>
  (await t.request('GET', `/api/project/${id}`, token ? { token } : {})).json();
const wallet = async (user: Person) =>
  (await t.request('GET', '/api/user/wallet', { token: user.token })).json();

let charity: { id: number; admin: Person };
let projectId: number;

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  charity = await approvedCharity();
  await t.ctx.database.db.execute(
    sql`update charities set registration_number = '1234567' where id = ${charity.id}`,
  );
  projectId = await liveProject(charity.admin.token, charity.id);
});

describe('giving funds to a project', () => {
  it('moves the money from the wallet to the project, counts it, and mails a numbered receipt', async () => {
    const donor = await makeDonor(t, 50_000);
    const before = await project(projectId);
    const res = await give(
      donor,
      `project/${projectId}`,
      { type: 2, amount: 20_000, message: 'Go well' },
      'k1',
    );
    expect(res.statusCode).toBe(201);
    const { donation, wallet: after } = res.json();
    expect(donation).toMatchObject({
      method: 1,
      type: 2,
      status: 80,
      status_label: 'Approved',
      amount: 20_000,
      source: 'wallet',
      project: { id: projectId, title: 'River clean-up' },
      charity: { id: charity.id, name: 'Riverside Trust' },
      donor: { kind: 'user', id: donor.id },
      message: 'Go well',
    });
    expect(donation.receipt_number).toMatch(/^KR-2026-\d{7}$/);
    expect(donation.history).toEqual([
      expect.objectContaining({ status: 80, by: expect.objectContaining({ id: donor.id }) }),
    ]);
    expect(after.wallet_amount).toBe(30_000);
    const now = await project(projectId);
    expect(now.funds_raised).toBe(before.funds_raised + 20_000);
    expect(now.donors_count).toBe(before.donors_count + 1);
    const mail = (await t.outbox()).find(
      (m) => m.to === donor.email && m.subject.includes(donation.receipt_number),
    );
    expect(mail).toBeDefined();
    // The mail carries the number and where to download the receipt; the PDF is made on demand.
    const text = (mail?.source ?? '').replace(/=\r?\n/g, '');
    expect(text).toContain(`Receipt number: ${donation.receipt_number}`);
    expect(text).toContain('Charity: Riverside Trust, registered charity number 1234567.');
    expect(text).toContain('Download the receipt (PDF) from your donations: http://localhost:3000/donations');
    expect(mail?.source).not.toContain('application/pdf');
  });

  it('keeps a gift whose receipt mail fails: 201 at once, the receipt queued and mailed once the mail server is back', async () => {
    const donor = await makeDonor(t, 5_000);
    const mailer = t.ctx.mailer;
    t.ctx.mailer = {
      send: async () => {
        throw new Error('SMTP server went away');
      },
    };
    let receipt = '';
    try {
      const res = await give(donor, `project/${projectId}`, { type: 2, amount: 1_000 });
      expect(res.statusCode).toBe(201);
      expect(res.json().donation).toMatchObject({ status: 80, amount: 1_000 });
      receipt = res.json().donation.receipt_number;
      expect(receipt).toBeTruthy();
      expect(await t.ctx.notices.deliverDue()).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      t.ctx.mailer = mailer;
    }
    const mine = await t.request('GET', '/api/user/donations', { token: donor.token });
    expect(mine.json().items).toHaveLength(1);
    expect((await wallet(donor)).wallet_amount).toBe(4_000);
    // Tried again after its wait (a minute after the failure).
    await t.ctx.database.db.execute(
      sql`update queued_notices set next_attempt_at = next_attempt_at - interval '1 hour' where sent_at is null`,
    );
    const mails = (await t.outbox()).filter((m) => m.to === donor.email && m.subject.includes(receipt));
    expect(mails).toHaveLength(1);
  });

  it('answers a retry with the first refusal: no Gift Aid declaration, then one made, same key, still 409', async () => {
    const donor = await makeDonor(t, 5_000);
    // Another charity: this one's Gift Aid claim is counted below.
    const other = await approvedCharity('Hillside Trust');
    const body = { type: 2, amount: 1_000, gift_aid: true };
    const first = await give(donor, `charity/${other.id}`, body, 'gift-aid-first-try');
    expect(first.statusCode).toBe(409);
    expect(first.json().error.code).toBe('GIFT_AID_DECLARATION_MISSING');
    const declared = await t.request('POST', '/api/user/gift_aid_declaration', {
      token: donor.token,
      body: { charity_id: other.id, ...DECLARATION },
    });
    expect(declared.statusCode).toBe(201);
    const retry = await give(donor, `charity/${other.id}`, body, 'gift-aid-first-try');
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('GIFT_AID_DECLARATION_MISSING');
    expect((await wallet(donor)).wallet_amount).toBe(5_000);
    // A new key is a new gift.
    const fresh = await give(donor, `charity/${other.id}`, body, 'gift-aid-second-try');
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().donation.gift_aid_amount).toBe(250);
  });

  it('gives once for a retry with the same Idempotency-Key, and refuses the key for another body', async () => {
    const donor = await makeDonor(t, 10_000);
    const first = await give(donor, `project/${projectId}`, { type: 2, amount: 4_000 }, 'same-key');
    const again = await give(donor, `project/${projectId}`, { type: 2, amount: 4_000 }, 'same-key');
    expect(again.statusCode).toBe(201);
    expect(again.json().donation.id).toBe(first.json().donation.id);
    expect((await wallet(donor)).wallet_amount).toBe(6_000);
    const other = await give(donor, `project/${projectId}`, { type: 2, amount: 5_000 }, 'same-key');
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('counts a donor once however often they give', async () => {
    const donor = await makeDonor(t, 10_000);
    const before = (await project(projectId)).donors_count;
    await give(donor, `project/${projectId}`, { type: 2, amount: 1_000 });
    await give(donor, `project/${projectId}`, { type: 2, amount: 1_000 });
    expect((await project(projectId)).donors_count).toBe(before + 1);
  });

  it('refuses more than the wallet holds, and writes nothing', async () => {
    const donor = await makeDonor(t, 1_000);
    const res = await give(donor, `project/${projectId}`, { type: 2, amount: 5_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect((await wallet(donor)).wallet_amount).toBe(1_000);
    const mine = await t.request('GET', '/api/user/donations', { token: donor.token });
    expect(mine.json().items).toEqual([]);
  });

  it('gives from credits, which cannot carry Gift Aid', async () => {
    const donor = await t.createUser();
    const credit = await t.request('POST', `/api/admin/user/${donor.id}/deposit`, {
      token: platform.token,
      body: { amount: 3_000, reason: 'Welcome credits', kind: 'credits' },
    });
    expect(credit.statusCode).toBe(201);
    const res = await give(donor, `project/${projectId}`, { type: 2, amount: 2_000, source: 'credits' });
    expect(res.statusCode).toBe(201);
    expect(res.json().wallet.credits).toBe(1_000);
    const aid = await give(donor, `project/${projectId}`, {
      type: 2,
      amount: 500,
      source: 'credits',
      gift_aid: true,
    });
    expect(aid.statusCode).toBe(400);
    expect(aid.json().error.details.fields.gift_aid).toBeDefined();
  });

  it.each([
    [{ type: 2, amount: -5 }, 'amount'],
    [{ type: 2, amount: 10.5 }, 'amount'],
    [{ type: 2 }, 'amount'],
    [{ type: 3, hours: 2, amount: 100 }, 'amount'],
    [{ type: 4, hours: 2, skill_type: 17 }, 'skill_type'],
    [{ type: 5, gift_type: 13, quantity: 1, description: 'x' }, 'gift_type'],
    [{ type: 9 }, 'type'],
  ])('refuses bad input %j with a field error', async (body, field) => {
    const donor = await t.createUser();
    const res = await give(donor, `project/${projectId}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[field]).toBeDefined();
  });

  it('refuses a project that is not live, a draft (404) and a locked charity, writing nothing', async () => {
    const donor = await makeDonor(t, 10_000);
    const draft = await makeProject(t, charity.admin, {
      title: 'Draft',
      charityId: charity.id,
      status: 'draft',
    });
    expect((await give(donor, `project/${draft}`, { type: 2, amount: 100 })).statusCode).toBe(404);
    const other = await approvedCharity('Locked Trust');
    const lockedProject = await liveProject(other.admin.token, other.id);
    const lock = await t.request('PATCH', `/api/admin/charity/${other.id}/lock`, {
      token: platform.token,
      body: { lock_status: true, reason: 'Under review' },
    });
    expect(lock.statusCode).toBe(200);
    const res = await give(donor, `charity/${other.id}`, { type: 2, amount: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CHARITY_LOCKED');
    expect((await give(donor, `project/${lockedProject}`, { type: 2, amount: 100 })).statusCode).toBe(409);
    expect((await wallet(donor)).wallet_amount).toBe(10_000);
  });

  it('refuses a kind of giving the project does not ask for', async () => {
    const fundsOnly = await liveProject(charity.admin.token, charity.id, {
      title: 'Only money',
      volunteering_hours: null,
      skill_needs: [],
      gift_needs: [],
    });
    const res = await give(await t.createUser(), `project/${fundsOnly}`, { type: 3, hours: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NOT_NEEDED');
  });
});

describe('giving time, skills and goods', () => {
  it('waits for the charity; the charity approves, completes with fewer hours, and declines with a reason', async () => {
    const volunteer = await t.createUser();
    const res = await give(volunteer, `project/${projectId}`, { type: 3, hours: 4, date: '' });
    expect(res.statusCode).toBe(201);
    const pledge = res.json().donation;
    // A blank date means the project's end date.
    expect(pledge).toMatchObject({ status: 30, hours: 4, date: day(30), amount: null });
    expect((await project(projectId)).volunteering_pledged).toBe(4);

    const inbox = await t.request('GET', `/api/charity/${charity.id}/donations?status=30`, {
      token: charity.admin.token,
    });
    expect(inbox.json().items.map((d: { id: number }) => d.id)).toContain(pledge.id);

    const approve = await t.request('POST', `/api/charity/${charity.id}/approve_donations`, {
      token: charity.admin.token,
      body: { donation_ids: [pledge.id], action: 'approve' },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().donations[0].status).toBe(80);

    const complete = await t.request('POST', `/api/charity/${charity.id}/approve_donations`, {
      token: charity.admin.token,
      body: { donation_ids: [pledge.id], action: 'complete', confirmed_hours: { [pledge.id]: 3 } },
    });
    expect(complete.json().donations[0]).toMatchObject({ status: 85, hours: 4, confirmed_hours: 3 });
    const after = await project(projectId);
    expect(after.volunteering_pledged).toBe(3);
    expect(after.hours_confirmed).toBe(3);

    // Completed is final.
    const again = await t.request('POST', `/api/charity/${charity.id}/approve_donations`, {
      token: charity.admin.token,
      body: { donation_ids: [pledge.id], action: 'reject', reason: 'Too late' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_DONATION_STATUS');

    const gift = await give(volunteer, `project/${projectId}`, {
      type: 5,
      gift_type: 5,
      quantity: 3,
      description: 'Coats',
      estimated_value: 9_000,
    });
    const noReason = await t.request('POST', `/api/charity/${charity.id}/approve_donations`, {
      token: charity.admin.token,
      body: { donation_ids: [gift.json().donation.id], action: 'reject' },
    });
    expect(noReason.statusCode).toBe(400);
    const decline = await t.request('POST', `/api/charity/${charity.id}/approve_donations`, {
      token: charity.admin.token,
      body: { donation_ids: [gift.json().donation.id], action: 'reject', reason: 'We have enough coats' },
    });
    expect(decline.json().donations[0]).toMatchObject({ status: 90, status_label: 'Canceled' });
    expect(decline.json().donations[0].history.at(-1)).toMatchObject({
      status: 90,
      reason: 'We have enough coats',
    });
  });

  it('never lets pledges exceed the hours asked for, and says how many are left', async () => {
    const small = await liveProject(charity.admin.token, charity.id, {
      title: 'Small',
      volunteering_hours: 5,
    });
    const a = await t.createUser();
    const b = await t.createUser();
    expect((await give(a, `project/${small}`, { type: 3, hours: 3 })).statusCode).toBe(201);
    const over = await give(b, `project/${small}`, { type: 3, hours: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'HOURS_TAKEN', details: { hours_left: 2 } });
    // Two at once for the last hours: one of them gets them.
    const [x, y] = await Promise.all([
      give(a, `project/${small}`, { type: 3, hours: 2 }),
      give(b, `project/${small}`, { type: 3, hours: 2 }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
  });

  it('refuses hours and a day it would have to change, with a sentence beside the field, writing nothing', async () => {
    const donor = await t.createUser();
    const sentence = 'Enter a whole number of hours between 1 and 10,000.';
    for (const hours of [-3, 2.5, 0, '3', 10_001]) {
      const res = await give(donor, `project/${projectId}`, { type: 3, hours });
      expect(res.statusCode, `hours ${hours}`).toBe(400);
      expect(res.json().error.details.fields).toEqual({ hours: sentence });
      expect(res.json().error.message).toBe(`Check the hours. ${sentence}`);
    }
    const missing = await give(donor, `project/${projectId}`, { type: 3 });
    expect(missing.json().error.details.fields).toEqual({ hours: sentence });
    // A day before today is refused in the words of the date field, never replaced by another day.
    const past = await give(donor, `project/${projectId}`, { type: 3, hours: 2, date: day(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.fields).toEqual({
      date: 'Choose a date between 10 Mar 2026 and 9 Apr 2026.',
    });
    const mine = await t.request('GET', '/api/user/donations', { token: donor.token });
    expect(mine.json().items).toEqual([]);
  });

  it('refuses a date outside the project and a skill the project does not need', async () => {
    const donor = await t.createUser();
    const late = await give(donor, `project/${projectId}`, { type: 3, hours: 1, date: day(60) });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.details.fields.date).toBeDefined();
    const skill = await give(donor, `project/${projectId}`, { type: 4, hours: 1, skill_type: 2 });
    expect(skill.statusCode).toBe(400);
    expect(skill.json().error.details.fields.skill_type).toBeDefined();
  });

  it('lets only the charity act on its donations (403 for others, 404 for another charity’s)', async () => {
    const volunteer = await t.createUser();
    const pledge = (await give(volunteer, `project/${projectId}`, { type: 3, hours: 1 })).json().donation;
    const stranger = await t.createUser();
    const refused = await t.request('POST', `/api/charity/${charity.id}/approve_donations`, {
      token: stranger.token,
      body: { donation_ids: [pledge.id], action: 'approve' },
    });
    expect(refused.statusCode).toBe(403);
    const other = await approvedCharity('Other Trust');
    const foreign = await t.request('POST', `/api/charity/${other.id}/approve_donations`, {
      token: other.admin.token,
      body: { donation_ids: [pledge.id], action: 'approve' },
    });
    expect(foreign.statusCode).toBe(404);
    const list = await t.request('GET', `/api/charity/${charity.id}/donations`, { token: stranger.token });
    expect(list.statusCode).toBe(403);
  });

  it('lists supporters who gave no funds, and the volunteers of a project', async () => {
    const res = await t.request('GET', `/api/project/${projectId}/donators_without_funds`, {
      token: charity.admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    for (const supporter of res.json().items) expect(supporter.types).not.toContain(2);
    const volunteers = await t.request('GET', `/api/project/volunteered/${projectId}`, {
      token: charity.admin.token,
    });
    for (const d of volunteers.json().items) expect([3, 4]).toContain(d.type);
  });
});

describe('the supporters wall', () => {
  it('shows names unless anonymous, amounts only when named, and never an email', async () => {
    const donor = await makeDonor(t, 10_000);
    await give(donor, `project/${projectId}`, {
      type: 2,
      amount: 1_500,
      anonymous: true,
      message: 'Quietly',
    });
    const res = await t.request('GET', `/api/project/${projectId}/all-donations?limit=100`);
    expect(res.statusCode).toBe(200);
    const anonymous = res.json().items.find((s: { message: string | null }) => s.message === 'Quietly');
    expect(anonymous).toMatchObject({ name: 'Anonymous', anonymous: true, amount: null });
    expect(res.body).not.toContain('@example.org');
    expect(res.json().items.some((s: { name: string }) => s.name.startsWith('Test Person'))).toBe(true);
  });
});

describe('Gift Aid', () => {
  it('needs a declaration; adds 25%; the charity claims it once in the HMRC layout; claimed gifts never change', async () => {
    const donor = await makeDonor(t, 100_000);
    const missing = await give(donor, `project/${projectId}`, { type: 2, amount: 10_000, gift_aid: true });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error.code).toBe('GIFT_AID_DECLARATION_MISSING');
    const declare = await t.request('POST', '/api/user/gift_aid_declaration', {
      token: donor.token,
      body: {
        charity_id: charity.id,
        title: 'Ms',
        first_name: 'Ada',
        last_name: 'Lovelace',
        house: '12',
        address: '12 Mill Lane, York',
        post_code: 'yo1 7hh',
        confirm: true,
      },
    });
    expect(declare.statusCode).toBe(201);
    expect(declare.json().declaration).toMatchObject({
      charity: { id: charity.id, name: 'Riverside Trust' },
      post_code: 'YO1 7HH',
      cancelled_at: null,
    });
    // The text kept as the record names the charity that claims.
    expect(declare.json().declaration.text).toContain('to Riverside Trust.');
    const gift = await give(donor, `project/${projectId}`, { type: 2, amount: 10_000, gift_aid: true });
    expect(gift.json().donation).toMatchObject({ gift_aid: true, gift_aid_amount: 2_500 });

    const unclaimed = await t.request('GET', `/api/charity/${charity.id}/gift_aid/unclaimed`, {
      token: charity.admin.token,
    });
    expect(unclaimed.json()).toEqual({
      donations: 1,
      total: 10_000,
      gift_aid: 2_500,
      awaiting_declaration: 0,
      adjustment: 0,
    });
    const claim = await t.request('POST', `/api/charity/${charity.id}/gift_aid/claims`, {
      token: charity.admin.token,
    });
    expect(claim.statusCode).toBe(201);
    expect(claim.json().claim).toMatchObject({ donations: 1, total: 10_000, gift_aid: 2_500 });
    const csv = await t.request(
      'GET',
      `/api/charity/${charity.id}/gift_aid/claims/${claim.json().claim.id}/csv`,
      {
        token: charity.admin.token,
      },
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, line] = csv.body.trim().split('\n');
    expect(header).toBe(
      'Title,First name or initial,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date (DD/MM/YY),Amount',
    );
    expect(line).toBe('Ms,Ada,Lovelace,12,YO1 7HH,,,10/03/26,100.00');
    const again = await t.request('POST', `/api/charity/${charity.id}/gift_aid/claims`, {
      token: charity.admin.token,
    });
    expect(again.statusCode).toBe(409);

    // Cancelling the declaration keeps the record; new gifts cannot carry Gift Aid.
    const cancel = await t.request(
      'DELETE',
      `/api/user/gift_aid_declaration/${declare.json().declaration.id}`,
      {
        token: donor.token,
      },
    );
    expect(cancel.json().declaration.cancelled_at).not.toBeNull();
    const after = await give(donor, `project/${projectId}`, { type: 2, amount: 1_000, gift_aid: true });
    expect(after.statusCode).toBe(409);
  });
});

describe('Gift Aid declarations name the charity (decision 037)', () => {
  const declare = (user: Person, charityId: number | undefined, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/api/user/gift_aid_declaration', {
      token: user.token,
      body: { ...(charityId === undefined ? {} : { charity_id: charityId }), ...DECLARATION, ...extra },
    });
  const unclaimed = async (of: { id: number; admin: Person }) =>
    (await t.request('GET', `/api/charity/${of.id}/gift_aid/unclaimed`, { token: of.admin.token })).json();
  const claim = (of: { id: number; admin: Person }) =>
    t.request('POST', `/api/charity/${of.id}/gift_aid/claims`, { token: of.admin.token });
  const claimCsvLines = async (of: { id: number; admin: Person }, claimId: number) =>
    (
      await t.request('GET', `/api/charity/${of.id}/gift_aid/claims/${claimId}/csv`, {
        token: of.admin.token,
      })
    ).body
      .trim()
      .split('\n')
      .slice(1);
  /** What the migration left of a declaration made before declarations named a charity. */
  const makeLegacy = (declarationId: number) =>
    t.ctx.database.db.execute(
      sql`update gift_aid_declarations set charity_id = null where id = ${declarationId}`,
    );

  it('refuses Gift Aid on a gift to charity B when the donor declared only for charity A', async () => {
    const a = await approvedCharity('Alder Trust');
    const b = await approvedCharity('Birch Trust');
    const donor = await makeDonor(t, 10_000);
    expect((await declare(donor, a.id)).statusCode).toBe(201);

    const toB = await give(donor, `charity/${b.id}`, { type: 2, amount: 1_000, gift_aid: true });
    expect(toB.statusCode).toBe(409);
    expect(toB.json().error.code).toBe('GIFT_AID_DECLARATION_MISSING');
    expect(toB.json().error.details.fields.gift_aid).toBe(
      'Make a Gift Aid declaration for this charity first.',
    );
    expect((await wallet(donor)).wallet_amount).toBe(10_000);
    // To one of A's projects, or to A directly, the declaration counts.
    const aProject = await liveProject(a.admin.token, a.id);
    const toAProject = await give(donor, `project/${aProject}`, { type: 2, amount: 1_000, gift_aid: true });
    expect(toAProject.json().donation).toMatchObject({ gift_aid: true, gift_aid_amount: 250 });
    const toA = await give(donor, `charity/${a.id}`, { type: 2, amount: 1_000, gift_aid: true });
    expect(toA.json().donation).toMatchObject({ gift_aid: true, gift_aid_amount: 250 });
    // A recurring gift to B is refused too, and sets nothing up.
    const series = await give(donor, `charity/${b.id}`, {
      type: 2,
      amount: 1_000,
      gift_aid: true,
      frequency: 3,
    });
    expect(series.statusCode).toBe(409);
    const plans = await t.request('GET', '/api/user/donation_subscriptions', { token: donor.token });
    expect(plans.json().items).toHaveLength(0);

    // The give flow's question about B: no declaration for it; A's details to start one from.
    const forB = await t.request('GET', `/api/user/gift_aid_declaration?charity_id=${b.id}`, {
      token: donor.token,
    });
    expect(forB.json().declaration).toBeNull();
    expect(forB.json().previous).toMatchObject({ charity: { id: a.id, name: 'Alder Trust' }, house: '1' });
  });

  it('does not let a declaration that names no charity make a new gift eligible until it is confirmed for the charity', async () => {
    const c = await approvedCharity('Cedar Trust');
    const donor = await makeDonor(t, 10_000);
    // A gift made with Gift Aid before declarations named a charity: marked eligible, kept so.
    const made = await declare(donor, c.id, { title: 'Dr', first_name: 'Old', last_name: 'Details' });
    const before = await give(donor, `charity/${c.id}`, { type: 2, amount: 2_000, gift_aid: true });
    expect(before.json().donation.gift_aid_amount).toBe(500);
    await makeLegacy(made.json().declaration.id);

    const after = await give(donor, `charity/${c.id}`, { type: 2, amount: 1_000, gift_aid: true });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.code).toBe('GIFT_AID_DECLARATION_MISSING');
    const mine = await t.request('GET', `/api/user/donation/${before.json().donation.id}`, {
      token: donor.token,
    });
    expect(mine.json().donation).toMatchObject({ gift_aid: true, gift_aid_amount: 500 });
    // The charity's claim does not take the earlier gift: it waits for a declaration naming it.
    expect(await unclaimed(c)).toEqual({
      donations: 0,
      total: 0,
      gift_aid: 0,
      awaiting_declaration: 1,
      adjustment: 0,
    });
    expect((await claim(c)).statusCode).toBe(409);
    const forC = await t.request('GET', `/api/user/gift_aid_declaration?charity_id=${c.id}`, {
      token: donor.token,
    });
    expect(forC.json()).toMatchObject({ declaration: null, previous: { charity: null, first_name: 'Old' } });

    // Confirmed for the charity in one step: new gifts carry Gift Aid, and the earlier gift is covered.
    const confirmed = await declare(donor, c.id, { first_name: 'Ada', last_name: 'Donor' });
    expect(confirmed.statusCode).toBe(201);
    const now = await give(donor, `charity/${c.id}`, { type: 2, amount: 1_000, gift_aid: true });
    expect(now.json().donation.gift_aid_amount).toBe(250);
    expect(await unclaimed(c)).toEqual({
      donations: 2,
      total: 3_000,
      gift_aid: 750,
      awaiting_declaration: 0,
      adjustment: 0,
    });
    const batch = await claim(c);
    expect(batch.json().claim).toMatchObject({ donations: 2, total: 3_000 });
    expect(await claimCsvLines(c, batch.json().claim.id)).toEqual([
      ',Ada,Donor,1,BS1 4DJ,,,10/03/26,20.00',
      ',Ada,Donor,1,BS1 4DJ,,,10/03/26,10.00',
    ]);
    // The earlier declaration is kept as a record, listed with the new one.
    const list = await t.request('GET', '/api/user/gift_aid_declarations', { token: donor.token });
    expect(list.json().items.map((d: { charity: unknown }) => d.charity)).toEqual(
      expect.arrayContaining([null, { id: c.id, name: 'Cedar Trust' }]),
    );
  });

  it('claims for charity A only the gifts covered by a declaration naming A', async () => {
    const a = await approvedCharity('Ash Trust');
    const b = await approvedCharity('Beech Trust');
    const named = await t.createUser();
    const other = await t.createUser();
    for (const donor of [named, other]) await topUp(t, donor.token, 10_000);
    expect((await declare(named, a.id, { first_name: 'Named' })).statusCode).toBe(201);
    expect(
      (await give(named, `charity/${a.id}`, { type: 2, amount: 4_000, gift_aid: true })).statusCode,
    ).toBe(201);
    // A gift to A whose only declaration names B (as a gift made before the rule could be).
    await declare(other, a.id, { first_name: 'Other' });
    const stray = (await give(other, `charity/${a.id}`, { type: 2, amount: 1_000, gift_aid: true })).json()
      .donation;
    const forB = (await declare(other, b.id, { first_name: 'Other' })).json().declaration;
    await t.ctx.database.db.execute(
      sql`update donations set gift_aid_declaration_id = ${forB.id} where id = ${stray.id}`,
    );

    expect(await unclaimed(a)).toMatchObject({ donations: 1, total: 4_000, gift_aid: 1_000 });
    const batch = await claim(a);
    expect(batch.json().claim).toMatchObject({ donations: 1, total: 4_000, gift_aid: 1_000 });
    expect(await claimCsvLines(a, batch.json().claim.id)).toEqual([
      ',Named,Donor,1,BS1 4DJ,,,10/03/26,40.00',
    ]);
    // B claims nothing either: the gift is not to B.
    expect((await claim(b)).statusCode).toBe(409);
  });

  it('refuses a declaration without a charity, or naming one that does not exist, and writes nothing', async () => {
    const donor = await t.createUser();
    const missing = await declare(donor, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields.charity_id).toBe('Name the charity the declaration is for.');
    const unknown = await declare(donor, 987_654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.details.fields.charity_id).toBe('Name a charity on Kindred.');
    const list = await t.request('GET', '/api/user/gift_aid_declarations', { token: donor.token });
    expect(list.json().items).toEqual([]);
    const ask = await t.request('GET', '/api/user/gift_aid_declaration', { token: donor.token });
    expect(ask.statusCode).toBe(400);
    expect(ask.json().error.details.fields.charity_id).toBeDefined();
  });

  it('cancels one charity’s declaration, keeping it as a record and the others standing', async () => {
    const a = await approvedCharity('Aspen Trust');
    const b = await approvedCharity('Bay Trust');
    const donor = await makeDonor(t, 10_000);
    const forA = (await declare(donor, a.id)).json().declaration;
    await declare(donor, b.id);
    const stranger = await t.createUser();
    expect(
      (await t.request('DELETE', `/api/user/gift_aid_declaration/${forA.id}`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);
    const cancelled = await t.request('DELETE', `/api/user/gift_aid_declaration/${forA.id}`, {
      token: donor.token,
    });
    expect(cancelled.json().declaration).toMatchObject({ id: forA.id, charity: { id: a.id } });
    expect(cancelled.json().declaration.cancelled_at).not.toBeNull();
    expect(
      (await give(donor, `charity/${a.id}`, { type: 2, amount: 1_000, gift_aid: true })).statusCode,
    ).toBe(409);
    expect(
      (await give(donor, `charity/${b.id}`, { type: 2, amount: 1_000, gift_aid: true })).statusCode,
    ).toBe(201);
    const list = (await t.request('GET', '/api/user/gift_aid_declarations', { token: donor.token })).json()
      .items;
    expect(
      list.map((d: { charity: { name: string }; cancelled_at: string | null }) => [
        d.charity.name,
        d.cancelled_at === null,
      ]),
    ).toEqual([
      ['Bay Trust', true],
      ['Aspen Trust', false],
    ]);
  });
});

describe('review by the platform', () => {
  it('holds a gift above the threshold until a platform admin approves it or rejects it with the money back', async () => {
    const donor = await makeDonor(t, 12_000_000);
    const big = await give(donor, `project/${projectId}`, { type: 2, amount: 6_000_000 });
    expect(big.json().donation.status).toBe(40);
    expect(big.json().wallet).toMatchObject({ wallet_amount: 6_000_000, held: 6_000_000 });
    const queue = await t.request('GET', '/api/admin/complete', { token: platform.token });
    expect(queue.json().items.map((d: { id: number }) => d.id)).toContain(big.json().donation.id);
    expect((await t.request('GET', '/api/admin/complete', { token: donor.token })).statusCode).toBe(403);

    const before = (await project(projectId)).funds_raised;
    const move = await t.request('POST', '/api/admin/complete', {
      token: platform.token,
      body: { donation_ids: [big.json().donation.id] },
    });
    expect(move.json().donations[0]).toMatchObject({ status: 80 });
    expect(move.json().donations[0].receipt_number).toMatch(/^KR-/);
    expect((await project(projectId)).funds_raised).toBe(before + 6_000_000);

    const second = await give(donor, `project/${projectId}`, { type: 2, amount: 5_500_000 });
    const reject = await t.request('POST', '/api/admin/donation/reject', {
      token: platform.token,
      body: { donation_id: second.json().donation.id, reason: 'Please call us first' },
    });
    expect(reject.json().donation).toMatchObject({ status: 90 });
    expect(await wallet(donor)).toMatchObject({ wallet_amount: 6_000_000, held: 0 });
  });

  it('pays out a direct gift: 80 then 85', async () => {
    const donor = await makeDonor(t, 5_000);
    const direct = await give(donor, `charity/${charity.id}`, { type: 2, amount: 5_000 });
    expect(direct.json().donation).toMatchObject({ method: 2, status: 80, project: null });
    const paid = await t.request('POST', '/api/admin/complete', {
      token: platform.token,
      body: { donation_ids: [direct.json().donation.id] },
    });
    expect(paid.json().donations[0].status).toBe(85);
    const twice = await t.request('POST', '/api/admin/complete', {
      token: platform.token,
      body: { donation_ids: [direct.json().donation.id] },
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('when a project ends', () => {
  it('cancelling returns every undelivered gift through the donations and declines pledges', async () => {
    const ending = await liveProject(charity.admin.token, charity.id, { title: 'Ending' });
    const donor = await makeDonor(t, 8_000);
    const money = (await give(donor, `project/${ending}`, { type: 2, amount: 8_000 })).json().donation;
    const time = (await give(donor, `project/${ending}`, { type: 3, hours: 2 })).json().donation;
    const cancel = await t.request('POST', `/api/project/${ending}/cancel`, {
      token: charity.admin.token,
      body: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect((await wallet(donor)).wallet_amount).toBe(8_000);
    for (const id of [money.id, time.id]) {
      const d = (await t.request('GET', `/api/user/donation/${id}`, { token: donor.token })).json().donation;
      expect(d.status).toBe(90);
      expect(d.history.at(-1).reason).toBe('The project was cancelled.');
    }
  });

  it('completing delivers the funds to the charity and completes the gifts', async () => {
    const ending = await liveProject(charity.admin.token, charity.id, { title: 'Done' });
    const donor = await makeDonor(t, 3_000);
    const money = (await give(donor, `project/${ending}`, { type: 2, amount: 3_000 })).json().donation;
    const done = await t.request('POST', `/api/project/${ending}/complete`, {
      token: charity.admin.token,
      body: {},
    });
    expect(done.statusCode).toBe(200);
    const d = (await t.request('GET', `/api/user/donation/${money.id}`, { token: donor.token })).json()
      .donation;
    expect(d.status).toBe(85);
  });
});

describe('the donor’s lists, statistics, receipts and statement', () => {
  it('filters, totals by month, and downloads a real receipt PDF and statement', async () => {
    const donor = await makeDonor(t, 20_000);
    const money = (await give(donor, `project/${projectId}`, { type: 2, amount: 7_000 })).json().donation;
    await give(donor, `project/${projectId}`, { type: 3, hours: 2 });
    const funds = await t.request('GET', '/api/user/donations?type=2', { token: donor.token });
    expect(funds.json().items.map((d: { id: number }) => d.id)).toEqual([money.id]);
    const byType = await t.request('GET', '/api/user/volunteering/3', { token: donor.token });
    expect(byType.json().items).toHaveLength(1);
    const stats = await t.request('GET', '/api/user/total_statistics', { token: donor.token });
    expect(stats.json()).toMatchObject({
      funds_given: 7_000,
      volunteering_hours: 2,
      projects_supported: 1,
      charities_supported: 1,
      by_month: [{ month: '2026-03', funds: 7_000, hours: 2 }],
    });

    const receipt = await t.request('GET', `/api/user/donation/${money.id}/receipt`, { token: donor.token });
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(receipt.rawPayload) }).getText()).text;
    expect(text).toContain(money.receipt_number);
    expect(text).toContain('River clean-up');
    expect(text).toContain('Riverside Trust, registered charity number 1234567');
    const stranger = await t.createUser();
    expect(
      (await t.request('GET', `/api/user/donation/${money.id}/receipt`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);

    const csv = await t.request('GET', `/api/user/giving_statement/${day(-1)}/${day(1)}?format=csv`, {
      token: donor.token,
    });
    expect(csv.body.split('\n')[0]).toBe('date,kind,to,what,amount,refunded,gift_aid,hours,status,receipt');
    expect(csv.body).toContain('70.00');
    const pdf = await t.request('GET', `/api/user/giving_statement/${day(-1)}/${day(1)}`, {
      token: donor.token,
    });
    const statement = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    expect(statement).toContain('Volunteering');
    expect(statement).toContain('2 hours');
  });

  it('keeps one person’s donations from another', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const pledge = (await give(a, `project/${projectId}`, { type: 3, hours: 1 })).json().donation;
    expect((await t.request('GET', `/api/user/donation/${pledge.id}`, { token: b.token })).statusCode).toBe(
      404,
    );
    expect((await t.request('GET', '/api/user/donations', { token: b.token })).json().items).toEqual([]);
  });
});

describe('a charity member’s view', () => {
  it('shows the charity statistics to finance members and not to plain members', async () => {
    const finance = await t.createUser();
    const member = await t.createUser();
    await t.ctx.database.db.insert(charityMemberships).values([
      {
        createdAt: t.ctx.now(),
        charityId: charity.id,
        userId: finance.id,
        adminType: 99,
        permissions: ['view_finance'],
      },
      { createdAt: t.ctx.now(), charityId: charity.id, userId: member.id, adminType: 99, permissions: [] },
    ]);
    const stats = await t.request('GET', `/api/charity/total_statistics/${charity.id}`, {
      token: finance.token,
    });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().funds_received).toBeGreaterThan(0);
    expect(stats.json().by_month[0].month).toBe('2026-03');
    expect(
      (await t.request('GET', `/api/charity/total_statistics/${charity.id}`, { token: member.token }))
        .statusCode,
    ).toBe(403);
  });
});
