import type { PaymentProviderName } from '@kindred/shared';
import { usePublicConfig } from '@/lib/config';

export type { PaymentProviderName };
export { usePublicConfig };

/** The payment provider: the sandbox unless the deployment says Stripe (also while loading). */
export function usePaymentProvider(): PaymentProviderName {
  return usePublicConfig().data?.payment_provider === 'stripe' ? 'stripe' : 'sandbox';
}
