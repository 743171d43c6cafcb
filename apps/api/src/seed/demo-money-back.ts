import { TRANSACTION_STATUS } from '@kindred/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { donationFlow } from '../modules/donations/donation-flow.js';
import { donations } from '../modules/donations/donations.table.js';
import type { GiftRecorder } from '../modules/donations/gift-recorder.js';
import { moneyBack } from '../modules/donations/money-back.js';
import { refundsRepository } from '../modules/donations/refunds.repository.js';
import { ledgerService } from '../modules/ledger/ledger.service.js';
import { payments, providerAccounts } from '../modules/payments/payments.table.js';
import { sandboxProvider } from '../modules/payments/sandbox-provider.js';
import { payoutMoney } from '../modules/payouts/payout-money.js';
import { payoutsRepository } from '../modules/payouts/payouts.repository.js';
import { reconciliationService } from '../modules/reconciliation/index.js';

const DAY = 86_400_000;
const { approved } = TRANSACTION_STATUS;

export interface DemoMoneyBackPeople {
  donor: number;
  charityAdmin: number;
  platformAdmin: number;
}

/**
 * Money back and money out in the demo (docs/product/refunds-and-disputes.md,
 * docs/product/payouts-and-reconciliation.md): one of the donor's gifts to River Trust refunded in
 * part (with its credit note), a request for a refund waiting in River Trust's inbox and one it
 * declined, a guest's card gift disputed by the bank and the donor's card gift whose dispute was
 * lost; River Trust's checked bank account with a payout paid and one waiting for approval, another
 * charity's bank account waiting for its check, and a first reconciliation run.
 *
 * Made by the same code the app runs, in the demo's transaction, on the demo's clock; what it would
 * mail or announce is left out (the demo starts with an empty outbox).
 */
export async function seedDemoMoneyBack(
  tx: Tx,
  currency: string,
  now: Date,
  people: DemoMoneyBackPeople,
  charityIds: number[],
): Promise<void> {
  let clock = now;
  const on = (daysAgo: number) => {
    clock = new Date(now.getTime() - daysAgo * DAY);
  };
  const sandbox = sandboxProvider(
    () => clock,
    () => tx,
  );
  const ledger = ledgerService(currency, () => clock);
  // The parts of the app's context this work reads; its mail and events are not the demo's.
  const ctx = {
    ledger,
    now: () => clock,
    config: { currency, publicUrl: 'http://localhost:3000', jwtSecret: new Uint8Array(32) },
    database: { db: tx },
    events: { record: async () => undefined },
    notices: { queue: async () => undefined },
  } as unknown as AppContext;
  const recorder = { flow: donationFlow(ledger, () => clock) } as unknown as GiftRecorder;
  const back = moneyBack(ctx, recorder);
  const river = charityIds[0];
  if (river === undefined) return;

  /** Gifts of funds, approved, oldest first: by card or from a wallet. */
  const gifts = (source: 'wallet' | 'card') =>
    tx
      .select()
      .from(donations)
      .where(and(eq(donations.type, 2), eq(donations.status, approved), eq(donations.source, source)))
      .orderBy(asc(donations.id));
  const ofDonor = (gift: { donorType: string; donorId: number }) =>
    gift.donorType === 'user' && gift.donorId === people.donor;
  const walletGifts = (await gifts('wallet')).filter((gift) => gift.charityId === river && ofDonor(gift));
  const cardGifts = await gifts('card');

  // A gift refunded in part by River Trust, a week ago.
  const [refunded, asked, declined] = walletGifts;
  if (refunded?.amount) {
    on(7);
    const row = await back.lockGift(tx, refunded.id);
    if (row) {
      // A third of it, in whole pounds.
      const part = Math.max(100, Math.floor((row.amount ?? 0) / 3 / 100) * 100);
      const source = await back.sourceFor(tx, row, part, false);
      await back.refund(tx, row, {
        amount: part,
        reason: 'Given twice by mistake: the second gift is refunded.',
        actor: { userId: people.charityAdmin },
        origin: 'kindred',
        source,
      });
    }
  }
  // The donor's requests: one waiting, one declined with the charity's reason.
  if (asked) {
    on(2);
    await refundsRepository.insertRequest(tx, {
      donationId: asked.id,
      charityId: river,
      requestedBy: people.donor,
      reason: 'I meant this for the river clean-up in my own town.',
      status: 'open',
      createdAt: clock,
    });
  }
  if (declined) {
    on(10);
    const request = await refundsRepository.insertRequest(tx, {
      donationId: declined.id,
      charityId: river,
      requestedBy: people.donor,
      reason: 'I changed my mind.',
      status: 'open',
      createdAt: clock,
    });
    on(9);
    await refundsRepository.updateRequest(tx, request.id, {
      status: 'declined',
      answer: 'Your gift has already bought the waders for this month’s clean-up. Thank you for it.',
      answeredBy: people.charityAdmin,
      answeredAt: clock,
    });
  }

  // Disputes raised by givers' banks: one open, one lost.
  // A guest's card gift disputed (still open), and one of the donor's whose dispute the bank decided for the donor.
  const disputedOpen = cardGifts.find((gift) => gift.charityId === river && gift.donorType === 'guest');
  const disputedLost = cardGifts.find(ofDonor);
  for (const [gift, outcome] of [
    [disputedOpen, 'open'],
    [disputedLost, 'lost'],
  ] as const) {
    if (!gift?.paymentId) continue;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, gift.paymentId));
    if (!payment?.providerPaymentId) continue;
    on(outcome === 'open' ? 3 : 12);
    const opened = await sandbox.openDispute(payment.providerPaymentId);
    const row = await back.lockGift(tx, gift.id);
    if (!row) continue;
    const dispute = await refundsRepository.insertDispute(tx, {
      donationId: row.id,
      providerDisputeId: opened.id,
      amount: opened.amount,
      status: 'open',
      openedAt: clock,
    });
    if (!dispute) continue;
    const held = await back.holdForDispute(tx, row, opened.amount, { userId: null }, dispute.id);
    await refundsRepository.updateDispute(tx, dispute.id, {
      heldAmount: held.heldAmount,
      heldOwnerType: held.owner?.ownerType ?? null,
      heldOwnerId: held.owner?.ownerId ?? null,
    });
    if (outcome !== 'lost') continue;
    on(5);
    await sandbox.closeDispute(payment.providerPaymentId, 'lost');
    const after = await back.lockGift(tx, gift.id);
    if (!after) continue;
    await back.disputeLost(
      tx,
      after,
      dispute.amount,
      {
        amount: held.heldAmount,
        ownerType: held.owner?.ownerType ?? null,
        ownerId: held.owner?.ownerId ?? null,
      },
      { userId: null },
    );
    await refundsRepository.updateDispute(tx, dispute.id, { status: 'lost', closedAt: clock });
  }

  /** A charity's bank account with the sandbox, as its admins give it; checked when `verified`. */
  async function bankAccount(
    charityId: number,
    name: string,
    bank: { accountName: string; sortCode: string; accountNumber: string },
    verified: { at: Date; by: number } | null,
  ) {
    const account = await sandbox.upsertAccount({ charityId, name, bank });
    await tx.insert(providerAccounts).values({
      charityId,
      provider: sandbox.name,
      accountId: account.id,
      status: account.status,
      chargesEnabled: account.chargesEnabled,
      payoutsEnabled: account.payoutsEnabled,
      accountName: bank.accountName,
      sortCode: bank.sortCode,
      accountLast4: bank.accountNumber.slice(-4),
      verifiedAt: verified?.at ?? null,
      verifiedBy: verified?.by ?? null,
      updatedAt: clock,
    });
  }

  // River Trust's bank account, checked; a payout paid and one waiting for approval.
  on(30);
  await bankAccount(
    river,
    'River Trust',
    { accountName: 'River Trust', sortCode: '201234', accountNumber: '41234567' },
    { at: new Date(now.getTime() - 29 * DAY), by: people.platformAdmin },
  );
  const payouts = payoutMoney(ctx, sandbox);
  const available = await payouts.availableOf(tx, river);
  if (available >= 2_000) {
    on(6);
    const paid = await payouts.open(tx, river, Math.floor(available / 2 / 100) * 100, people.charityAdmin);
    on(5);
    const approvedRow = await payoutsRepository.update(tx, paid.id, {
      status: 'approved',
      approvedBy: people.platformAdmin,
      approvedAt: clock,
    });
    await payouts.send(approvedRow);
    on(1);
    const left = await payouts.availableOf(tx, river);
    if (left >= 1_000) await payouts.open(tx, river, Math.floor(left / 2 / 100) * 100, people.charityAdmin);
  }

  // Another charity's bank details, waiting for a platform admin's check.
  const paws = charityIds[1];
  if (paws !== undefined) {
    on(2);
    await bankAccount(
      paws,
      'Paws & Whiskers Rescue',
      { accountName: 'Paws and Whiskers Rescue', sortCode: '309876', accountNumber: '55501234' },
      null,
    );
  }

  // The first daily comparison of the sandbox's records with the books.
  clock = now;
  await reconciliationService(ctx, sandbox).run();
}
