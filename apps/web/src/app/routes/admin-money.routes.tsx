import type { RouteObject } from 'react-router';

/**
 * Platform admin money screens: deposits of money or credits, direct debits, payouts to charities,
 * and the books checked against the payment provider.
 */
export const adminMoneyRoutes: RouteObject[] = [
  {
    path: 'admin/money',
    lazy: async () => ({ Component: (await import('@/features/wallet')).AdminMoneyScreen }),
  },
  {
    path: 'admin/direct-debits',
    lazy: async () => ({ Component: (await import('@/features/wallet')).AdminDirectDebitsScreen }),
  },
  {
    path: 'admin/payouts',
    lazy: async () => ({ Component: (await import('@/features/payouts')).AdminPayoutsScreen }),
  },
  {
    path: 'admin/reconciliation',
    lazy: async () => ({ Component: (await import('@/features/reconciliation')).ReconciliationScreen }),
  },
];
