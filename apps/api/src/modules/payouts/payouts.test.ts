import { beforeAll, describe, expect, it } from 'vitest';
import { makeCharityWithProject, makeDonor, type Person, platformAdmin } from '../../testing/factories.js';
import { countRows, useTestApp } from '../../testing/helpers.js';

const clock = { now: new Date('2026-06-10T10:00:00Z') };
const t = useTestApp({}, { now: () => clock.now });

const BANK = { account_name: 'Harbour Trust', sort_code: '12-34-56', account_number: '12345678' };

let platform: Person;

const funds = async (charity: { charityId: number; admin: Person }) =>
  (await t.request('GET', `/api/charity/funds/${charity.charityId}`, { token: charity.admin.token })).json();
const ask = (charity: { charityId: number; admin: Person }, amount: number, key?: string) =>
  t.request('POST', `/api/charity/${charity.charityId}/payouts`, {
    token: charity.admin.token,
    body: { amount },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const approve = (ids: number[], key?: string) =>
  t.request('POST', '/api/admin/payouts/approve', {
    token: platform.token,
    body: { payout_ids: ids },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** A charity with delivered money: gifts to it directly, delivered by the platform (80 -> 85). */
async function charityWithMoney(
  name: string,
  gifts: number[],
  bank: typeof BANK | null = BANK,
  verify = true,
) {
  const charity = await makeCharityWithProject(t, { name, platform }, { title: `${name} project` });
  const ids: number[] = [];
  for (const amount of gifts) {
    const donor = await makeDonor(t, amount);
    const res = await t.request('POST', `/api/user/donate/charity/${charity.charityId}`, {
      token: donor.token,
      body: { type: 2, amount },
    });
    ids.push(res.json().donation.id);
  }
  await t.request('POST', '/api/admin/complete', { token: platform.token, body: { donation_ids: ids } });
  if (bank) {
    const account = await t.request('PATCH', '/api/stripe/account', {
      token: charity.admin.token,
      body: { charity_id: charity.charityId, bank },
    });
    expect(account.statusCode).toBe(200);
    if (verify)
      expect(
        (
          await t.request('POST', `/api/admin/payout_accounts/${charity.charityId}/verify`, {
            token: platform.token,
          })
        ).statusCode,
      ).toBe(200);
  }
  return { ...charity, giftIds: ids };
}

beforeAll(async () => {
  platform = await platformAdmin(t);
});

describe('the payout account', () => {
  it('keeps the bank masked, waits for a platform admin’s check, and new details need a new check', async () => {
    const charity = await charityWithMoney('Account Trust', [], BANK, false);
    const shown = await t.request('GET', `/api/stripe/account/${charity.charityId}`, {
      token: charity.admin.token,
    });
    expect(shown.json()).toMatchObject({
      account_name: 'Harbour Trust',
      bank: 'sort code 12-34-56, account ••••5678',
      verified: false,
    });
    expect(shown.body).not.toContain('12345678');
    const waiting = await t.request('GET', '/api/admin/payout_accounts?verified=false', {
      token: platform.token,
    });
    expect(waiting.json().items.map((a: { charity_id: number }) => a.charity_id)).toContain(
      charity.charityId,
    );
    const charityTries = await t.request('POST', `/api/admin/payout_accounts/${charity.charityId}/verify`, {
      token: charity.admin.token,
    });
    expect(charityTries.statusCode).toBe(403);
    await t.request('POST', `/api/admin/payout_accounts/${charity.charityId}/verify`, {
      token: platform.token,
    });
    expect(
      (
        await t.request('GET', `/api/stripe/account/${charity.charityId}`, { token: charity.admin.token })
      ).json().verified,
    ).toBe(true);
    await t.request('PATCH', '/api/stripe/account', {
      token: charity.admin.token,
      body: { charity_id: charity.charityId, bank: { ...BANK, account_number: '87654321' } },
    });
    expect(
      (
        await t.request('GET', `/api/stripe/account/${charity.charityId}`, { token: charity.admin.token })
      ).json(),
    ).toMatchObject({ verified: false, bank: 'sort code 12-34-56, account ••••4321' });
  });

  it('refuses bank details that are not a sort code and account number, beside their fields', async () => {
    const charity = await charityWithMoney('Typo Trust', [], null);
    const res = await t.request('PATCH', '/api/stripe/account', {
      token: charity.admin.token,
      body: {
        charity_id: charity.charityId,
        bank: { account_name: 'X', sort_code: '12', account_number: 'abc' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.details.fields).sort()).toEqual([
      'bank.account_number',
      'bank.sort_code',
    ]);
  });
});

describe('a payout', () => {
  it('is asked for, approved and paid with the transfer id; its statement lists the gifts it pays', async () => {
    const charity = await charityWithMoney('Harbour Trust', [3_000, 5_000, 2_000]);
    expect(await funds(charity)).toMatchObject({ available: 10_000, paid_out: 0, payouts_waiting: 0 });
    const asked = await ask(charity, 7_000, 'payout-1');
    expect(asked.statusCode).toBe(201);
    const payout = asked.json().payout;
    expect(payout).toMatchObject({
      amount: 7_000,
      status: 'requested',
      gifts: 2,
      requested_by: { id: charity.admin.id },
    });
    // A retry with the same key is the same payout.
    expect((await ask(charity, 7_000, 'payout-1')).json().payout.id).toBe(payout.id);
    expect(await funds(charity)).toMatchObject({ available: 3_000, payouts_waiting: 7_000 });

    const waiting = await t.request('GET', '/api/admin/payouts?status=requested', { token: platform.token });
    expect(waiting.json().items.map((p: { id: number }) => p.id)).toContain(payout.id);
    const approved = await approve([payout.id], 'approve-1');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().payouts[0]).toMatchObject({
      status: 'paid',
      transfer_id: expect.stringMatching(/^sbx_tr_/),
      approved_by: { id: platform.id },
    });
    expect(await funds(charity)).toMatchObject({ available: 3_000, paid_out: 7_000, payouts_waiting: 0 });
    expect(await countRows(t, 'sandbox_transfers', `reference = '${payout.id}'`)).toBe(1);
    // Approved again (a retry, or another admin at once): nothing is paid twice.
    expect((await approve([payout.id], 'approve-1')).statusCode).toBe(200);
    expect((await approve([payout.id])).json().error.code).toBe('PAYOUT_NOT_WAITING');
    expect(await countRows(t, 'sandbox_transfers', `reference = '${payout.id}'`)).toBe(1);

    const csv = await t.request(
      'GET',
      `/api/charity/${charity.charityId}/payouts/${payout.id}/statement?format=csv`,
      {
        token: charity.admin.token,
      },
    );
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\n');
    expect(rows[0]).toBe('date,donation,giver,to,receipt,gift,refunded,paid_in_this_payout');
    // The oldest delivered first: 3,000 whole, then 4,000 of the 5,000.
    expect(rows.slice(1).map((row) => row.split(',').at(-1))).toEqual(['30.00', '40.00']);
    const pdf = await t.request('GET', `/api/charity/${charity.charityId}/payouts/${payout.id}/statement`, {
      token: charity.admin.token,
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mail = (await t.outbox()).find(
      (m) => m.to === charity.admin.email && m.text.includes('has been paid'),
    );
    expect(mail?.text).toContain(approved.json().payouts[0].transfer_id);

    // The next payout pays on from where this one stopped.
    const next = await ask(charity, 3_000);
    await approve([next.json().payout.id]);
    const second = await t.request(
      'GET',
      `/api/charity/${charity.charityId}/payouts/${next.json().payout.id}/statement?format=csv`,
      { token: charity.admin.token },
    );
    expect(
      second.body
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.split(',').at(-1)),
    ).toEqual(['10.00', '20.00']);
    const chart = await t.request('GET', `/api/charity/${charity.charityId}/funds/by_month`, {
      token: charity.admin.token,
    });
    expect(chart.json().months.at(-1)).toMatchObject({
      month: '2026-06',
      received: 10_000,
      paid_out: 10_000,
    });
  });

  it('is refused below the minimum, above what is available, without a checked account, and to others', async () => {
    const charity = await charityWithMoney('Limit Trust', [2_000]);
    expect((await ask(charity, 999)).json().error).toMatchObject({
      code: 'PAYOUT_TOO_SMALL',
      details: { fields: { amount: expect.stringContaining('₹10') } },
    });
    expect((await ask(charity, 2_001)).json().error.code).toBe('PAYOUT_TOO_LARGE');
    const stranger = await t.createUser();
    const res = await t.request('POST', `/api/charity/${charity.charityId}/payouts`, {
      token: stranger.token,
      body: { amount: 1_000 },
    });
    expect(res.statusCode).toBe(403);
    const unchecked = await charityWithMoney('Unchecked Trust', [2_000], BANK, false);
    expect((await ask(unchecked, 1_000)).json().error.code).toBe('PAYOUT_ACCOUNT_NOT_VERIFIED');
    const employee = await t.createUser({ isIicAdmin: true, adminType: 99 });
    // A read-only platform admin sees the accounts to check, and cannot approve.
    expect((await t.request('GET', '/api/admin/payout_accounts', { token: employee.token })).statusCode).toBe(
      200,
    );
    const readOnly = await t.request('POST', '/api/admin/payouts/approve', {
      token: employee.token,
      body: { payout_ids: [1] },
    });
    expect(readOnly.statusCode).toBe(403);
  });

  it('asked for twice at once never pays out more than is available', async () => {
    const charity = await charityWithMoney('Race Trust', [5_000]);
    const results = await Promise.all([ask(charity, 4_000), ask(charity, 4_000), ask(charity, 4_000)]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.json().error?.code === 'PAYOUT_TOO_LARGE')).toHaveLength(2);
    expect(await funds(charity)).toMatchObject({ available: 1_000, payouts_waiting: 4_000 });
  });

  it('that the bank refuses fails with the reason, its money back in the available funds', async () => {
    const charity = await charityWithMoney('Closed Trust', [4_000], { ...BANK, account_number: '00000000' });
    const payout = (await ask(charity, 4_000)).json().payout;
    const res = await approve([payout.id]);
    expect(res.json().payouts[0]).toMatchObject({
      status: 'failed',
      failure_message: expect.stringContaining('refused'),
    });
    expect(await funds(charity)).toMatchObject({ available: 4_000, paid_out: 0, payouts_waiting: 0 });
  });

  it('refused by a platform admin gives the money back, with the reason', async () => {
    const charity = await charityWithMoney('Refused Trust', [3_000]);
    const payout = (await ask(charity, 3_000)).json().payout;
    const res = await t.request('POST', `/api/admin/payouts/${payout.id}/reject`, {
      token: platform.token,
      body: { reason: 'The bank account holder is not the charity.' },
    });
    expect(res.json().payout).toMatchObject({
      status: 'failed',
      failure_message: 'Refused by the platform: The bank account holder is not the charity.',
    });
    expect(await funds(charity)).toMatchObject({ available: 3_000 });
  });

  it('on a weekly schedule pays out all that is available when due, once', async () => {
    const charity = await charityWithMoney('Weekly Trust', [6_000]);
    const set = await t.request('PUT', `/api/charity/${charity.charityId}/payout_schedule`, {
      token: charity.admin.token,
      body: { frequency: 'weekly' },
    });
    expect(set.json()).toEqual({ frequency: 'weekly', next_on: '2026-06-17' });
    const run = () => t.jobs.find((job) => job.name === 'scheduled payouts')?.run();
    await run();
    expect(await countRows(t, 'payouts', `charity_id = ${charity.charityId}`)).toBe(0);
    const saved = clock.now;
    clock.now = new Date('2026-06-17T06:00:00Z');
    try {
      await Promise.all([run(), run()]);
      const list = await t.request('GET', `/api/charity/${charity.charityId}/payouts`, {
        token: (await t.signIn(charity.admin)).token,
      });
      expect(list.json().items).toMatchObject([{ amount: 6_000, status: 'requested', scheduled: true }]);
      expect(
        (
          await t.request('GET', `/api/charity/${charity.charityId}/payout_schedule`, {
            token: charity.admin.token,
          })
        ).json(),
      ).toEqual({ frequency: 'weekly', next_on: '2026-06-24' });
    } finally {
      clock.now = saved;
      await t.signIn(charity.admin);
    }
  });

  it('paid out leaves a delivered gift refundable only by a platform admin from the platform’s funds', async () => {
    const charity = await charityWithMoney('After Trust', [2_000]);
    await approve([(await ask(charity, 2_000)).json().payout.id]);
    const refused = await t.request('POST', `/api/donation/${charity.giftIds[0]}/refund`, {
      token: charity.admin.token,
      body: { reason: 'After the payout' },
    });
    expect(refused.json().error.code).toBe('ALREADY_PAID_OUT');
  });
});
