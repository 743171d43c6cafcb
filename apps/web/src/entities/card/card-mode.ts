import type { PaymentProviderName } from '@kindred/shared';

/** Which card form a money form shows. */
export type CardMode =
  /** The deployment's settings are still loading. */
  | { kind: 'loading' }
  /** Our own card form, for the built-in sandbox provider. */
  | { kind: 'sandbox' }
  /** Stripe Elements. */
  | { kind: 'stripe'; publishableKey: string }
  /** Stripe takes the payments, but there is no publishable key for Elements. */
  | { kind: 'unavailable' };

export function cardModeOf(
  provider: PaymentProviderName | null,
  stripePublishableKey: string | null,
): CardMode {
  if (provider === null) return { kind: 'loading' };
  if (provider === 'sandbox') return { kind: 'sandbox' };
  return stripePublishableKey
    ? { kind: 'stripe', publishableKey: stripePublishableKey }
    : { kind: 'unavailable' };
}
