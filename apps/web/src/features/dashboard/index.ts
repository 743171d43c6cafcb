export { AccountDashboard } from './components/account-dashboard';
