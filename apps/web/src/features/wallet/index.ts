export { AdminDirectDebitsScreen } from './components/admin-direct-debits-screen';
export { AdminMoneyScreen } from './components/admin-money-screen';
export { WalletScreen } from './components/wallet-screen';
