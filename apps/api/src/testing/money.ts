import { businesses, businessMemberships } from '../db/schema.js';
import { account, PLATFORM } from '../modules/ledger/ledger.service.js';
import type { TestApp } from './helpers.js';

export const GOOD_CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2035, cvc: '123' };
export const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };
export const FAILS_LATER_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0341' };

/** Adds money to a person's wallet through the sandbox, as the wallet screen does. */
export async function topUp(t: TestApp, token: string, amount: number) {
  const deposit = await t.request('POST', '/api/user/deposit', { token, body: { amount, card: GOOD_CARD } });
  if (deposit.statusCode !== 201) throw new Error(`deposit failed: ${deposit.body}`);
  const confirm = await t.request('POST', '/api/user/deposit/confirm', {
    token,
    body: { payment_id: deposit.json().payment.id },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return confirm.json();
}

/**
 * A guest's gift by card (Gia Guest's) to a cause, `project/12` or `charity/3`, with whatever else
 * its body says (`fundraiser_id`, `message`): the response, for the test to check.
 */
export function guestGift(t: TestApp, cause: string, amount: number, extra: Record<string, unknown> = {}) {
  return t.request('POST', `/api/guest/donate/${cause}`, {
    body: {
      email: 'gia@example.org',
      first_name: 'Gia',
      last_name: 'Guest',
      amount,
      card: GOOD_CARD,
      ...extra,
    },
  });
}

/** An approved organisation with the given person as its Super Admin, optionally under a parent. */
export async function createBusiness(
  t: TestApp,
  superAdminId: number,
  fields: { name?: string; parentId?: number } = {},
) {
  const [row] = await t.ctx.database.db
    .insert(businesses)
    .values({
      createdAt: t.ctx.now(),
      name: fields.name ?? 'Test Ltd',
      approvalStatus: 'approved',
      parentId: fields.parentId ?? null,
    })
    .returning({ id: businesses.id });
  if (!row) throw new Error('insert returned no row');
  await t.ctx.database.db
    .insert(businessMemberships)
    .values({ createdAt: t.ctx.now(), businessId: row.id, userId: superAdminId, adminType: 1 });
  return row.id;
}

/** Money put straight into an organisation's wallet in the ledger, for tests of what it is spent on. */
export async function creditBusinessWallet(t: TestApp, businessId: number, amount: number) {
  await t.ctx.database.db.transaction((tx) =>
    t.ctx.ledger.transfer(
      tx,
      PLATFORM.manual,
      account({ ownerType: 'business', ownerId: businessId }, 'wallet'),
      amount,
      { kind: 'admin_deposit', description: 'test funds' },
    ),
  );
}
