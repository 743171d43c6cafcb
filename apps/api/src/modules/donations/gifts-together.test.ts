import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCharity, makeDonor, makeProject, type Person } from '../../testing/factories.js';
import { closingOnItsGift, countRows, useTestApp } from '../../testing/helpers.js';
import { checkLedger } from '../ledger/ledger.check.js';
import { donationsRepository } from './donations.repository.js';

/*
 * Gifts that reach the API together are written together, in one database call
 * (docs/decisions/055-gifts-written-together.md): each giver gets the answer they would have got
 * alone, and a gift the call cannot write with the others is written, or refused, by itself.
 */
const clock = new Date('2026-03-12T10:00:00Z');
const t = useTestApp({}, { now: () => clock });

let charity: { id: number; admin: Person };
let projectId: number;

const give = (user: Person, amount: number, key: string, project = projectId) =>
  t.request('POST', `/api/user/donate/project/${project}`, {
    token: user.token,
    body: { type: 2, amount },
    headers: { 'idempotency-key': key },
  });
const progressOf = async (project = projectId) => {
  const { funds_raised, donors_count } = (await t.request('GET', `/api/project/${project}`)).json();
  return { funds_raised, donors_count } as { funds_raised: number; donors_count: number };
};
const walletOf = async (user: Person) =>
  (await t.request('GET', '/api/user/wallet', { token: user.token })).json().wallet_amount as number;
/** People with money in their wallets, made one after another (sign-ins are limited side by side). */
async function donors(count: number, amount: number) {
  const made: Person[] = [];
  for (let i = 0; i < count; i++) made.push(await makeDonor(t, amount));
  return made;
}

/** The calls that wrote several gifts at once: the most gifts one carried, and those it sent back to go alone. */
function watchCalls() {
  const spy = vi.spyOn(donationsRepository, 'writeGifts');
  return async () => {
    const answered = await Promise.allSettled(spy.mock.results.map((r) => r.value));
    return {
      most: Math.max(0, ...spy.mock.calls.map(([, gifts]) => gifts.length)),
      alone: answered.flatMap((r) =>
        r.status === 'fulfilled' ? r.value.filter((w: object) => 'alone' in w) : [],
      ).length,
      failed: answered.filter((r) => r.status === 'rejected').length,
    };
  };
}

/**
 * Gives while the project's funds are held by another transaction: the first of the `lead` gifts
 * (all to that project) is written and waits on the funds, the others wait in line behind it, and
 * so do the `rest`, read after them.
 * Once all are read, the project is let go and the gifts in line are written together.
 */
async function givenTogether<T>(project: number, lead: () => Promise<T>[], rest: () => Promise<T>[]) {
  const reads = vi.spyOn(donationsRepository, 'giftTargetsWithNumbers');
  const allRead = (count: number) =>
    vi.waitFor(
      async () => {
        expect(reads.mock.calls.reduce((sum, [, gifts]) => sum + gifts.length, 0)).toBe(count);
        await Promise.all(reads.mock.results.map((r) => r.value));
      },
      { timeout: 10_000, interval: 20 },
    );
  let answers: Promise<T[]> | undefined;
  await t.ctx.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from ledger_accounts where owner_type = 'project' and owner_id = ${project} for update`,
    );
    const first = lead();
    // A project's gifts go one call at a time: one call waits, the other lead gifts wait in line.
    expect(first.length).toBeGreaterThan(1);
    await allRead(first.length);
    await vi.waitFor(
      async () => {
        const waiting = (await tx.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: Array<{ n: number }> };
        expect(waiting.rows[0]?.n).toBe(1);
      },
      { timeout: 10_000, interval: 20 },
    );
    const then = rest();
    answers = Promise.all([...first, ...then]);
    await allRead(first.length + then.length);
    // What follows a gift's read (its rows built) takes no time the database can hold up.
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  return answers as Promise<T[]>;
}

beforeAll(async () => {
  const platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  charity = await makeCharity(t, { name: 'Harbour Trust', platform });
  projectId = await makeProject(
    t,
    { token: charity.admin.token },
    { title: 'Harbour lights', charityId: charity.id, fields: { description: 'We light the harbour.' } },
  );
  // The project's funds account, made by its first gift, is what the tests hold.
  expect((await give(await makeDonor(t, 1_000), 100, 'first-gift')).statusCode).toBe(201);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('gifts written together', () => {
  it('writes many people’s gifts at once, each answered with its own wallet, counted once and receipted', async () => {
    const people = await donors(16, 10_000);
    const before = await progressOf();
    const calls = watchCalls();
    const answers = await givenTogether(
      projectId,
      () => people.slice(0, 4).map((p, i) => give(p, 1_000 + i, `together-${i}`)),
      () => people.slice(4).map((p, i) => give(p, 1_004 + i, `together-${i + 4}`)),
    );
    // Every gift but the first shared one call, none sent back to go alone.
    expect(await calls()).toEqual({ most: 15, alone: 0, failed: 0 });
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(201);
      const { donation, wallet } = res.json();
      expect(donation).toMatchObject({ amount: 1_000 + i, status: 80, source: 'wallet' });
      expect(wallet).toMatchObject({ wallet_amount: 10_000 - (1_000 + i), held: 0 });
    });
    const ids = answers.map((res) => res.json().donation.id as number);
    expect(new Set(ids).size).toBe(16);
    expect(new Set(answers.map((res) => res.json().donation.receipt_number)).size).toBe(16);
    const raised = people.reduce((sum, _, i) => sum + 1_000 + i, 0);
    expect(await progressOf()).toEqual({
      funds_raised: before.funds_raised + raised,
      donors_count: before.donors_count + 16,
    });
    for (const [i, p] of people.entries()) expect(await walletOf(p)).toBe(10_000 - (1_000 + i));
    const list = ids.join(',');
    expect(await countRows(t, 'donation_history', `donation_id in (${list})`)).toBe(16);
    expect(
      await countRows(t, 'events', `type = 'donation.made' and (data->>'donation_id')::bigint in (${list})`),
    ).toBe(16);
    expect(await countRows(t, 'ledger_transactions', `donation_id in (${list})`)).toBe(16);
    // Each receipt reaches its giver once the events are handled.
    await t.ctx.events.settle();
    const mail = await t.outbox();
    for (const res of answers) {
      const { receipt_number } = res.json().donation;
      expect(mail.filter((m) => m.subject === `Your donation receipt ${receipt_number}`)).toHaveLength(1);
    }
    // A retry of a gift written together gets its first answer and moves nothing.
    const retry = await give(people[3] as Person, 1_003, 'together-3');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(answers[3]?.json());
    expect(await walletOf(people[3] as Person)).toBe(10_000 - 1_003);
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('counts a donor giving twice at once as one donor, and answers a retry sent beside its first try once', async () => {
    const [twice, other] = (await donors(2, 10_000)) as [Person, Person];
    const crowd = await donors(8, 5_000);
    const before = await progressOf();
    const calls = watchCalls();
    const answers = await givenTogether(
      projectId,
      () => crowd.map((p, i) => give(p, 100, `crowd-${i}`)),
      () => [
        give(twice, 1_000, 'twice-a'),
        give(twice, 2_000, 'twice-b'),
        give(other, 500, 'beside'),
        give(other, 500, 'beside'),
      ],
    );
    expect(await calls()).toMatchObject({ alone: 0, failed: 0 });
    for (const res of answers) expect(res.statusCode).toBe(201);
    // The same key sent twice at once wrote one gift, answered the same to both.
    expect(answers[10]?.json()).toEqual(answers[11]?.json());
    expect(await walletOf(other)).toBe(9_500);
    expect(await walletOf(twice)).toBe(7_000);
    expect(await progressOf()).toEqual({
      funds_raised: before.funds_raised + 1_000 + 2_000 + 500 + 800,
      donors_count: before.donors_count + 2 + 8,
    });
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('refuses a gift its wallet cannot pay for beside others that go through, and keeps the refusal with its key', async () => {
    const short = await makeDonor(t, 500);
    const crowd = await donors(10, 5_000);
    const calls = watchCalls();
    const answers = await givenTogether(
      projectId,
      () => crowd.slice(0, 5).map((p, i) => give(p, 1_000, `short-crowd-${i}`)),
      () => [
        give(short, 2_000, 'short-1'),
        ...crowd.slice(5).map((p, i) => give(p, 1_000, `short-crowd-${i + 5}`)),
      ],
    );
    // The short gift shared its call and was sent back to be refused alone.
    expect(await calls()).toMatchObject({ alone: 1, failed: 0 });
    const refused = answers[5];
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json().error.code).toBe('INSUFFICIENT_FUNDS');
    for (const res of answers.filter((r) => r !== refused)) expect(res.statusCode).toBe(201);
    expect(await countRows(t, 'donations', `donor_type = 'user' and donor_id = ${short.id}`)).toBe(0);
    expect(await walletOf(short)).toBe(500);
    const again = await give(short, 2_000, 'short-1');
    expect(again.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('writes the others and refuses one whose project closes while the call writes, with nothing of it left', async () => {
    const closing = await makeProject(
      t,
      { token: charity.admin.token },
      { title: 'Last lamp', charityId: charity.id, fields: { description: 'One lamp left.' } },
    );
    const late = await makeDonor(t, 5_000);
    const crowd = await donors(10, 5_000);
    const before = await progressOf();
    // The project is completed by the call's own write of its gift, after the call read it Live:
    // the call as a whole fails, and every gift in it is written alone.
    const errors = vi.spyOn(t.ctx.log, 'error');
    const calls = watchCalls();
    const answers = await closingOnItsGift(t, closing, () =>
      givenTogether(
        projectId,
        () => crowd.slice(0, 5).map((p, i) => give(p, 700, `closing-crowd-${i}`)),
        () => [
          give(late, 1_000, 'closing-1', closing),
          ...crowd.slice(5).map((p, i) => give(p, 700, `closing-crowd-${i + 5}`)),
        ],
      ),
    );
    // The call that carried it failed as a whole, and its gifts were written alone.
    expect((await calls()).failed).toBeGreaterThan(0);
    const refused = answers[5];
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json().error.code).toBe('PROJECT_NOT_LIVE');
    for (const res of answers.filter((r) => r !== refused)) expect(res.statusCode).toBe(201);
    expect(await walletOf(late)).toBe(5_000);
    expect(await countRows(t, 'donations', `donor_type = 'user' and donor_id = ${late.id}`)).toBe(0);
    expect(await progressOf()).toEqual({
      funds_raised: before.funds_raised + 7_000,
      donors_count: before.donors_count + 10,
    });
    // A refusal the call expects is not an error of the API.
    expect(errors).not.toHaveBeenCalled();
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });
});
