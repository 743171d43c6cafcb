import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { isoDay } from '../../lib/periods.js';
import { makeDonor, makeGivingSetUp, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { topUp } from '../../testing/money.js';

// A month end in a leap year: monthly gifts started on the 31st fall on the last day of shorter months.
let clock = new Date('2028-01-31T09:00:00Z');
const t = useTestApp({}, { now: () => clock });
let projectId: number;
let charityId: number;
let charityAdmin: Person;

const runJob = async (app: { jobs: Array<{ name: string; run(): Promise<unknown> }> } = t) => {
  const job = app.jobs.find((j) => j.name === 'recurring donations');
  if (!job) throw new Error('no recurring donations job');
  return job.run();
};
const at = async (iso: string) => {
  clock = new Date(iso);
};
const donationsOf = async (user: Person) =>
  (await t.request('GET', '/api/user/donations?limit=100', { token: (await t.signIn(user)).token })).json()
    .items as Array<{
    id: number;
    status: number;
    amount: number;
    subscription_id: number | null;
    created_at: string;
  }>;

/** A wallet gift to the project that repeats at the frequency (1 weekly, 3 monthly...). */
const giveRegularly = (donor: Person, amount: number, frequency: number) =>
  t.request('POST', `/api/user/donate/project/${projectId}`, {
    token: donor.token,
    body: { type: 2, amount, frequency },
  });

/** A new donor, signed in at the current time with the wallet topped up, who starts a recurring gift. */
async function newSubscriber(wallet: number, amount: number, frequency: number) {
  const donor = await t.signIn(await t.createUser());
  await topUp(t, donor.token, wallet);
  const res = await giveRegularly(donor, amount, frequency);
  return { donor, id: res.json().subscription.id as number };
}

/** The donor pauses, resumes or cancels their recurring gift. */
const changeSubscription = (id: number, action: 'pause' | 'resume' | 'cancel', token: string) =>
  t.request(
    'POST',
    action === 'cancel'
      ? `/api/user/cancel_donation_subscription/${id}`
      : `/api/user/donation_subscription/${id}/${action}`,
    { token },
  );

beforeAll(async () => {
  ({
    charityId,
    projectId,
    admin: charityAdmin,
  } = await makeGivingSetUp(t, 'Monthly Trust', {
    title: 'A long project',
    fields: { description: 'It runs for years.', end_date: '2030-12-31', funds_target: 10_000_000 },
  }));
});

describe('a monthly gift', () => {
  it('gives its first month at once, then on the last day of shorter months, exactly once a period', async () => {
    const donor = await makeDonor(t, 10_000);
    const res = await giveRegularly(donor, 1_000, 3);
    expect(res.statusCode).toBe(201);
    const { donation, subscription } = res.json();
    expect(donation).toMatchObject({ status: 80, amount: 1_000, subscription_id: subscription.id });
    expect(subscription).toMatchObject({
      status: 'active',
      start_date: '2028-01-31',
      next_date: '2028-02-29',
    });

    const future = await t.request('GET', '/api/user/future_donations', { token: donor.token });
    expect(
      future
        .json()
        .items.slice(0, 3)
        .map((f: { date: string }) => f.date),
    ).toEqual(['2028-02-29', '2028-03-31', '2028-04-30']);

    await at('2028-02-28T23:00:00Z');
    await runJob();
    expect(await donationsOf(donor)).toHaveLength(1);
    await at('2028-02-29T06:00:00Z');
    await Promise.all([runJob(), runJob()]);
    await runJob();
    expect(await donationsOf(donor)).toHaveLength(2);
    await at('2028-03-31T06:00:00Z');
    await runJob();
    const gifts = await donationsOf(donor);
    expect(gifts).toHaveLength(3);
    expect(gifts.every((g) => g.subscription_id === subscription.id && g.status === 80)).toBe(true);
  });

  it('starts on a later date without giving now, and the new amount is used once changed', async () => {
    await at('2028-04-01T09:00:00Z');
    const donor = await makeDonor(t, 10_000);
    const res = await t.request('POST', `/api/user/donate/charity/${charityId}`, {
      token: donor.token,
      body: { type: 2, amount: 500, frequency: 2, start_date: '2028-04-05' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().donation).toBeNull();
    const id = res.json().subscription.id;
    const change = await t.request('PATCH', `/api/user/donation_subscription/${id}`, {
      token: donor.token,
      body: { amount: 700 },
    });
    expect(change.json().subscription.amount).toBe(700);
    await at('2028-04-05T08:00:00Z');
    await runJob();
    const gifts = await donationsOf(donor);
    expect(gifts.map((g) => g.amount)).toEqual([700]);
  });

  it('is refused, with nothing set up, when the project does not ask for funds, even starting later', async () => {
    await at('2028-04-01T09:00:00Z');
    const { token } = await t.signIn(charityAdmin);
    const created = await t.request('POST', '/api/project/create', {
      token,
      body: {
        title: 'Hands only',
        charity_id: charityId,
        description: 'It asks for time, not money.',
        end_date: '2030-12-31',
        volunteering_hours: 100,
      },
    });
    const timeOnly = created.json().id;
    const live = await t.request('PATCH', `/api/project/update/${timeOnly}`, {
      token,
      body: { status: 2 },
    });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().giving_kinds).toEqual([3]);
    const donor = await makeDonor(t, 10_000);
    for (const later of [{}, { start_date: '2028-05-01' }]) {
      const res = await t.request('POST', `/api/user/donate/project/${timeOnly}`, {
        token: donor.token,
        body: { type: 2, amount: 500, frequency: 3, ...later },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('NOT_NEEDED');
    }
    const subscriptions = await t.request('GET', '/api/user/donation_subscriptions', { token: donor.token });
    expect(subscriptions.json().items).toEqual([]);
  });

  it('skips the periods missed while paused, and gives nothing once cancelled', async () => {
    await at('2028-05-01T09:00:00Z');
    const { donor, id } = await newSubscriber(10_000, 100, 1);
    const pause = await changeSubscription(id, 'pause', donor.token);
    expect(pause.json().subscription).toMatchObject({ status: 'paused', next_date: null });
    await at('2028-05-05T09:00:00Z');
    await runJob();
    expect(await donationsOf(donor)).toHaveLength(1);
    const resume = await changeSubscription(id, 'resume', (await t.signIn(donor)).token);
    expect(resume.json().subscription).toMatchObject({ status: 'active', next_date: '2028-05-05' });
    await runJob();
    expect(await donationsOf(donor)).toHaveLength(2);
    const cancel = await changeSubscription(id, 'cancel', donor.token);
    expect(cancel.json().subscription.status).toBe('cancelled');
    await at('2028-05-09T09:00:00Z');
    await runJob();
    expect(await donationsOf(donor)).toHaveLength(2);
    const again = await changeSubscription(id, 'resume', (await t.signIn(donor)).token);
    expect(again.statusCode).toBe(409);
  });

  it('retries an unpaid month after 2 and 5 days, then mails the donor; three failed months make it failing', async () => {
    await at('2028-06-10T09:00:00Z');
    const { donor, id } = await newSubscriber(1_000, 1_000, 3);
    // July: the wallet is empty. Tried on the day, after 2 days, after 5 days; then failed.
    for (const when of ['2028-07-10T09:00:00Z', '2028-07-12T09:00:00Z', '2028-07-15T09:00:00Z']) {
      await at(when);
      await runJob();
    }
    const mails = (await t.outbox()).filter(
      (m) => m.to === donor.email && m.subject.includes('could not be made'),
    );
    expect(mails).toHaveLength(1);
    const list = async () =>
      (
        await t.request('GET', '/api/user/donation_subscriptions', { token: (await t.signIn(donor)).token })
      ).json().items[0];
    expect(await list()).toMatchObject({ id, failed_periods: 1, status: 'active' });
    // A top-up before a retry pays that month late, once.
    await at('2028-08-10T09:00:00Z');
    await runJob();
    await topUp(t, (await t.signIn(donor)).token, 1_000);
    await at('2028-08-12T09:00:00Z');
    await runJob();
    await runJob();
    expect((await donationsOf(donor)).length).toBe(2);
    expect(await list()).toMatchObject({ failed_periods: 0 });
    // Three months in a row unpaid: failing.
    for (const month of ['09', '10', '11']) {
      for (const dayOfMonth of ['10', '12', '15']) {
        await at(`2028-${month}-${dayOfMonth}T09:00:00Z`);
        await runJob();
      }
    }
    expect(await list()).toMatchObject({ failed_periods: 3, status: 'failing' });
  });
});

describe('two API processes on PostgreSQL', () => {
  it('create each period once', async () => {
    await at('2029-01-01T09:00:00Z');
    const donors = await Promise.all(Array.from({ length: 12 }, () => t.createUser()));
    for (const donor of donors) {
      await topUp(t, donor.token, 50_000);
      const res = await giveRegularly(donor, 100, 1);
      expect(res.statusCode).toBe(201);
    }
    const url = (t.ctx.database as { url?: string }).url as string;
    const second = await buildApp({
      config: t.ctx.config,
      database: await openDatabase({ databaseUrl: url, poolSize: 5 }),
      logger: false,
      scheduler: false,
      now: () => clock,
    });
    try {
      for (let d = 2; d <= 6; d++) {
        await at(`2029-01-0${d}T09:00:00Z`);
        await Promise.all([runJob(), runJob(second), runJob(), runJob(second)]);
      }
    } finally {
      await second.app.close();
      await second.ctx.database.close();
    }
    for (const donor of donors) {
      const gifts = await donationsOf(donor);
      const days = gifts.map((g) => isoDay(new Date(g.created_at))).sort();
      expect(days).toEqual([
        '2029-01-01',
        '2029-01-02',
        '2029-01-03',
        '2029-01-04',
        '2029-01-05',
        '2029-01-06',
      ]);
    }
  });
});
