export { AdminPayoutsScreen } from './components/admin-payouts-screen';
export { CharityPayouts, type CharityPayoutsProps } from './components/charity-payouts';
export { FundsByMonth } from './components/funds-chart';
