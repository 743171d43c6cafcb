import type { RouteObject } from 'react-router';
import { WalletRoute } from './placeholders';

/** Wallet screens (signed in): balance, history, add money, direct debits, statements. */
export const walletRoutes: RouteObject[] = [{ path: 'wallet', element: <WalletRoute /> }];
