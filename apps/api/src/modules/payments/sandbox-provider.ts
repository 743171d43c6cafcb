import { randomUUID } from 'node:crypto';
import { luhnValid } from '@kindred/shared';
import type { Clock } from '../../lib/clock.js';
import {
  type CardDetails,
  type PaymentProvider,
  type ProviderAccount,
  ProviderError,
  type ProviderPayment,
} from './provider.js';

/** Test cards (docs/product/money.md#deposits), as the card processors publish them. */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Can be kept for a direct debit, but every later charge is declined. */
  failsLater: '4000000000000341',
} as const;

const digits = (value: string) => value.replace(/[\s-]/g, '');

function checkCard(card: CardDetails | undefined, now: Date): string {
  if (!card) throw new ProviderError('Enter card details.', false);
  const number = digits(card.number);
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    throw new ProviderError('The card number is not valid.', true);
  const expiry = new Date(Date.UTC(card.exp_year, card.exp_month, 1));
  if (expiry.getTime() <= now.getTime()) throw new ProviderError('The card has expired.', true);
  if (!/^\d{3,4}$/.test(card.cvc)) throw new ProviderError('The security code is not valid.', true);
  return number;
}

/**
 * A payment provider that runs inside the app: no network, no state of its own. The outcome of a
 * payment is written into its id, so any API process can retrieve it.
 */
export function sandboxProvider(now: Clock): PaymentProvider {
  const payment = (
    amount: number,
    currency: string,
    succeeded: boolean,
    message: string | null,
  ): ProviderPayment => ({
    id: `sbx_pi_${randomUUID().replace(/-/g, '')}_${succeeded ? 'ok' : 'no'}`,
    status: succeeded ? 'succeeded' : 'failed',
    amount,
    currency,
    clientSecret: null,
    failureMessage: message,
  });
  const declineMessage = 'Your card was declined. Try another card.';
  return {
    name: 'sandbox',
    async createPayment(input) {
      const number = checkCard(input.card, now());
      if (number === SANDBOX_CARDS.declined) throw new ProviderError(declineMessage, true);
      return payment(input.amount, input.currency, true, null);
    },
    async retrievePayment(id) {
      const match = /^sbx_pi_[0-9a-f]{32}_(ok|no)$/.exec(id);
      if (!match) throw new ProviderError('Unknown payment.', false);
      return {
        id,
        status: match[1] === 'ok' ? 'succeeded' : 'failed',
        amount: 0,
        currency: '',
        clientSecret: null,
        failureMessage: match[1] === 'ok' ? null : declineMessage,
      };
    },
    async saveMethod(input) {
      const number = checkCard(input.card, now());
      if (number === SANDBOX_CARDS.declined) throw new ProviderError(declineMessage, true);
      return {
        id: `sbx_pm_${number.slice(-4)}_${randomUUID().slice(0, 8)}`,
        label: `Card ending ${number.slice(-4)}`,
      };
    },
    async chargeMethod(input) {
      const last4 = /^sbx_pm_(\d{4})_/.exec(input.methodId)?.[1];
      if (!last4) throw new ProviderError('Unknown card.', false);
      if (last4 === '0341' || last4 === '0002')
        return payment(input.amount, input.currency, false, declineMessage);
      return payment(input.amount, input.currency, true, null);
    },
    async upsertAccount(input): Promise<ProviderAccount> {
      return {
        id: input.existingId ?? `sbx_acct_${input.charityId}_${randomUUID().slice(0, 8)}`,
        status: 'active',
        chargesEnabled: true,
        payoutsEnabled: true,
      };
    },
    async retrieveAccount(id) {
      return { id, status: 'active', chargesEnabled: true, payoutsEnabled: true };
    },
  };
}
