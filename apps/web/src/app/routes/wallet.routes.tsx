import type { RouteObject } from 'react-router';

/** Wallet screens (signed in): balance, history, add money, direct debits, statements. */
export const walletRoutes: RouteObject[] = [
  {
    path: 'wallet',
    // The wallet pulls in the date inputs and tables: loaded on demand.
    lazy: async () => ({ Component: (await import('@/features/wallet')).WalletScreen }),
  },
];
