import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCharity, makeDonor, makeProject, type Person } from '../../testing/factories.js';
import { closingOnItsGift, countRows, useTestApp } from '../../testing/helpers.js';
import { topUp } from '../../testing/money.js';
import { checkLedger } from '../ledger/ledger.check.js';

/*
 * A person's gift from their wallet to a project, written in one database call
 * (docs/decisions/054-a-gift-in-one-call.md): everything the gift guarantees is written together or
 * not at all, and every refusal is kept with its Idempotency-Key.
 */
const clock = new Date('2026-03-10T10:00:00Z');
const t = useTestApp({}, { now: () => clock });

let platform: Person;
let charity: { id: number; admin: Person };
let projectId: number;

const give = (user: Person, body: Record<string, unknown>, key?: string, project = projectId) =>
  t.request('POST', `/api/user/donate/project/${project}`, {
    token: user.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const walletOf = async (user: Person) =>
  (await t.request('GET', '/api/user/wallet', { token: user.token })).json().wallet_amount as number;
/** What a person's gifts left behind: donations, their events and queued receipts. */
const writtenFor = async (user: Person) => ({
  donations: await countRows(t, 'donations', `donor_type = 'user' and donor_id = ${user.id}`),
  events: await countRows(
    t,
    'events',
    `type = 'donation.made' and (data->>'donation_id')::bigint in (select id from donations where donor_id = ${user.id})`,
  ),
  receipts: await countRows(t, 'queued_notices', `to_address = '${user.email}'`),
});

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  charity = await makeCharity(t, { name: 'Riverside Trust', platform });
  projectId = await makeProject(
    t,
    { token: charity.admin.token },
    { title: 'River clean-up', charityId: charity.id, fields: { description: 'We clear the banks.' } },
  );
});

describe('a gift written in one call', () => {
  it('writes the donation, its history, event, progress, receipt and money together, and answers the wallet after', async () => {
    const donor = await makeDonor(t, 10_000);
    const before = (await t.request('GET', `/api/project/${projectId}`)).json();
    const res = await give(donor, { type: 2, amount: 2_500 }, 'one-call-1');
    expect(res.statusCode).toBe(201);
    const { donation, wallet } = res.json();
    expect(donation).toMatchObject({ status: 80, amount: 2_500, source: 'wallet', refunded_amount: 0 });
    expect(donation.receipt_number).toMatch(/^KR-2026-\d{7,}$/);
    expect(wallet).toEqual({ wallet_amount: 7_500, credits: 0, held: 0, currency: 'INR' });
    // The donation as the general way writes it: read back, it is the one answered.
    const mine = (await t.request('GET', '/api/user/donations', { token: donor.token })).json();
    expect(mine.items).toEqual([
      expect.objectContaining({ id: donation.id, receipt_number: donation.receipt_number }),
    ]);
    expect(mine.items[0].history).toEqual([
      expect.objectContaining({ status: 80, by: expect.objectContaining({ id: donor.id }) }),
    ]);
    const after = (await t.request('GET', `/api/project/${projectId}`)).json();
    expect(after.funds_raised).toBe(before.funds_raised + 2_500);
    expect(after.donors_count).toBe(before.donors_count + 1);
    expect(await writtenFor(donor)).toEqual({ donations: 1, events: 1, receipts: 1 });
    const [movement] = (
      (await t.ctx.database.db.execute(
        sql`select kind, description, donation_id from ledger_transactions where donation_id = ${donation.id}`,
      )) as unknown as { rows: Array<{ kind: string; description: string; donation_id: string }> }
    ).rows;
    expect(movement).toMatchObject({ kind: 'donation', description: `Donation ${donation.id}` });
    // The receipt names the gift's number, and reaches the giver once the event is handled.
    await t.ctx.events.settle();
    const mail = (await t.outbox()).find((m) => m.to === donor.email);
    expect(mail?.subject).toBe(`Your donation receipt ${donation.receipt_number}`);
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('writes a gift straight to a charity the same way, with no project to count it in', async () => {
    const donor = await makeDonor(t, 4_000);
    const res = await t.request('POST', `/api/user/donate/charity/${charity.id}`, {
      token: donor.token,
      body: { type: 2, amount: 1_500 },
      headers: { 'idempotency-key': 'one-call-charity' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().donation).toMatchObject({
      method: 2,
      status: 80,
      amount: 1_500,
      project: null,
      charity: { id: charity.id, name: 'Riverside Trust' },
    });
    expect(res.json().wallet.wallet_amount).toBe(2_500);
    expect(await writtenFor(donor)).toEqual({ donations: 1, events: 1, receipts: 1 });
    const balances = await t.ctx.ledger.balances(t.ctx.database.db, {
      ownerType: 'charity',
      ownerId: charity.id,
    });
    expect(balances.charityFunds).toBeGreaterThanOrEqual(1_500);
    // A charity that is not found is refused, and the refusal kept with its key.
    const missing = await t.request('POST', '/api/user/donate/charity/999999', {
      token: donor.token,
      body: { type: 2, amount: 100 },
      headers: { 'idempotency-key': 'one-call-no-charity' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await writtenFor(donor)).toEqual({ donations: 1, events: 1, receipts: 1 });
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('answers a retry with the same key from what the key holds, and writes nothing more', async () => {
    const donor = await makeDonor(t, 10_000);
    const first = await give(donor, { type: 2, amount: 1_000 }, 'one-call-2');
    const again = await give(donor, { type: 2, amount: 1_000 }, 'one-call-2');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await writtenFor(donor)).toEqual({ donations: 1, events: 1, receipts: 1 });
    expect(await walletOf(donor)).toBe(9_000);
    const other = await give(donor, { type: 2, amount: 2_000 }, 'one-call-2');
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses more than the wallet holds with nothing written, and keeps the refusal with its key', async () => {
    const donor = await makeDonor(t, 1_000);
    const refused = await give(donor, { type: 2, amount: 3_000 }, 'one-call-3');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await writtenFor(donor)).toEqual({ donations: 0, events: 0, receipts: 0 });
    // Topped up, the same request with the same key still gets its first answer; a new key gives.
    await topUp(t, donor.token, 5_000);
    const retry = await give(donor, { type: 2, amount: 3_000 }, 'one-call-3');
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await walletOf(donor)).toBe(6_000);
    expect((await give(donor, { type: 2, amount: 3_000 }, 'one-call-4')).statusCode).toBe(201);
    expect(await walletOf(donor)).toBe(3_000);
  });

  it('refuses a gift to a project that stops taking gifts between its read and its money, with nothing written', async () => {
    const closing = await makeProject(
      t,
      { token: charity.admin.token },
      { title: 'Closing soon', charityId: charity.id, fields: { description: 'Nearly done.' } },
    );
    const donor = await makeDonor(t, 5_000);
    // The project is completed after the gift read it Live: here, as the
    // gift's own donation is written, before its money moves.
    const res = await closingOnItsGift(t, closing, () =>
      give(donor, { type: 2, amount: 1_000 }, 'one-call-5', closing),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PROJECT_NOT_LIVE');
    expect(await writtenFor(donor)).toEqual({ donations: 0, events: 0, receipts: 0 });
    expect(await walletOf(donor)).toBe(5_000);
    // The project's completion was part of the failed call: it is still Live, and the key keeps the refusal.
    expect((await t.request('GET', `/api/project/${closing}`)).json().status).toBe(2);
    const retry = await give(donor, { type: 2, amount: 1_000 }, 'one-call-5', closing);
    expect(retry.json().error.code).toBe('PROJECT_NOT_LIVE');
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });
});
