export { AdminDirectDebitsScreen } from './components/admin-direct-debits-screen';
export { AdminMoneyScreen } from './components/admin-money-screen';
export { TopUpForm, type TopUpFormProps } from './components/top-up-form';
export { WalletScreen } from './components/wallet-screen';
