import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/config: the deployment's public settings (the fields the wallet uses). */
export interface PublicConfig {
  currency?: string;
  payment_provider?: 'sandbox' | 'stripe';
  /** Set only when Stripe is the provider and a publishable key is configured. */
  stripe_publishable_key?: string | null;
}

export type PaymentProviderName = 'sandbox' | 'stripe';

/** The deployment's settings; the same query (key and call) as the explore map's tile URL. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<PublicConfig>('/config', { anonymous: true, background: true, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The payment provider: the sandbox unless the deployment says Stripe (also while loading). */
export function usePaymentProvider(): PaymentProviderName {
  return usePublicConfig().data?.payment_provider === 'stripe' ? 'stripe' : 'sandbox';
}
