import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCharityWithProject, makeDonor, type Person, platformAdmin } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { GOOD_CARD } from '../../testing/money.js';
import type { SandboxProvider } from '../payments/index.js';

const t = useTestApp();

let platform: Person;
let charity: Awaited<ReturnType<typeof makeCharityWithProject>>;

const run = () => t.jobs.find((job) => job.name === 'reconciliation')?.run();
const report = async () =>
  (await t.request('GET', '/api/admin/reconciliation', { token: platform.token })).json();
const execute = async (query: string) =>
  (await t.ctx.database.db.execute(sql.raw(query))) as unknown as { rows: unknown[] };

beforeAll(async () => {
  platform = await platformAdmin(t);
  charity = await makeCharityWithProject(t, { name: 'Books Trust', platform });
});

describe('the daily reconciliation', () => {
  it('finds the books and the sandbox in agreement after gifts, refunds, a dispute and a payout', async () => {
    // A deposit, a card gift refunded in part, a card gift whose dispute was lost, a payout paid.
    await makeDonor(t, 9_000);
    const donor = await t.createUser();
    const give = async (amount: number) =>
      (
        await t.request('POST', `/api/user/donate/charity/${charity.charityId}`, {
          token: donor.token,
          body: { type: 2, amount, source: 'card', card: GOOD_CARD },
        })
      ).json().donation;
    const refunded = await give(4_000);
    await t.request('POST', `/api/donation/${refunded.id}/refund`, {
      token: charity.admin.token,
      body: { amount: 1_000, reason: 'Part back' },
    });
    const disputed = await give(2_000);
    await t.request('POST', '/api/sandbox/events', {
      token: platform.token,
      body: { type: 'charge.dispute.closed', payment_id: disputed.payment_id, outcome: 'lost' },
    });
    const kept = await give(5_000);
    await t.request('POST', '/api/admin/complete', {
      token: platform.token,
      body: { donation_ids: [kept.id] },
    });
    await t.request('PATCH', '/api/stripe/account', {
      token: charity.admin.token,
      body: {
        charity_id: charity.charityId,
        bank: { account_name: 'Books Trust', sort_code: '112233', account_number: '11223344' },
      },
    });
    await t.request('POST', `/api/admin/payout_accounts/${charity.charityId}/verify`, {
      token: platform.token,
    });
    const payout = await t.request('POST', `/api/charity/${charity.charityId}/payouts`, {
      token: charity.admin.token,
      body: { amount: 5_000 },
    });
    await t.request('POST', '/api/admin/payouts/approve', {
      token: platform.token,
      body: { payout_ids: [payout.json().payout.id] },
    });

    await run();
    const clean = await report();
    expect(clean.mismatches).toEqual([]);
    expect(clean.last_run).toMatchObject({ provider: 'sandbox', mismatches: 0 });
    // charges: the deposit and three gifts; one refund, one dispute, one transfer.
    expect(clean.last_run.provider_records).toBe(7);
    expect(clean.last_run.matched).toBe(7);
  });

  it('lists what the provider did that the books do not know, and what the books keep that the provider has not', async () => {
    const donor = await makeDonor(t, 3_000);
    // A deposit refunded in the provider's dashboard: deposits are not mirrored, so it is listed.
    const [deposit] = (
      await execute(
        `select provider_payment_id from payments where owner_id = ${donor.id} and purpose = 'deposit'`,
      )
    ).rows as Array<{ provider_payment_id: string }>;
    const providerRefund = await (t.ctx.paymentProvider as SandboxProvider).dashboardRefund(
      deposit?.provider_payment_id as string,
      500,
    );
    // A charge the books keep at the wrong amount.
    await execute(
      `update payments set amount = amount + 1 where owner_id = ${donor.id} and purpose = 'deposit'`,
    );
    // A payout the books keep as paid whose transfer the provider has no record of.
    const [transfer] = (await execute('delete from sandbox_transfers returning id')).rows as Array<{
      id: string;
    }>;
    await run();
    const found = await report();
    expect(found.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'refund',
          provider_id: providerRefund.id,
          problem: 'missing_in_books',
          provider_amount: 500,
          payment_id: deposit?.provider_payment_id,
        }),
        expect.objectContaining({
          kind: 'charge',
          provider_id: deposit?.provider_payment_id,
          problem: 'amount_differs',
          provider_amount: 3_000,
          books_amount: 3_001,
        }),
        expect.objectContaining({
          kind: 'transfer',
          provider_id: transfer?.id,
          problem: 'missing_at_provider',
          provider_amount: null,
          books_amount: 5_000,
        }),
      ]),
    );
    // Put right, the next run resolves it; the dashboard refund stays listed until someone acts.
    await execute(
      `update payments set amount = amount - 1 where owner_id = ${donor.id} and purpose = 'deposit'`,
    );
    await run();
    const after = await report();
    expect(after.mismatches.map((m: { kind: string }) => m.kind).sort()).toEqual(['refund', 'transfer']);
  });

  it('is shown to platform admins only', async () => {
    const person = await t.createUser();
    expect((await t.request('GET', '/api/admin/reconciliation', { token: person.token })).statusCode).toBe(
      403,
    );
  });
});
