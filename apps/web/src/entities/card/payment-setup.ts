import type { PaymentProviderName } from '@kindred/shared';
import { usePublicConfig } from '@/lib/config';

export type { PaymentProviderName };
export { usePublicConfig };

/** How this deployment takes card payments, as the wallet's forms need it. */
export interface PaymentSetup {
  /** null while the deployment's settings load: no card form shows until it is known which. */
  provider: PaymentProviderName | null;
  /** Stripe's publishable key, for Stripe Elements (null with the sandbox or when not configured). */
  stripePublishableKey: string | null;
}

/**
 * The card form to show: Stripe Elements when the deployment says Stripe, else the sandbox card
 * form (also when the settings could not be loaded, as before).
 */
export function usePaymentSetup(): PaymentSetup {
  const config = usePublicConfig();
  if (config.isPending) return { provider: null, stripePublishableKey: null };
  if (config.data?.payment_provider === 'stripe') {
    return { provider: 'stripe', stripePublishableKey: config.data.stripe_publishable_key };
  }
  return { provider: 'sandbox', stripePublishableKey: null };
}
