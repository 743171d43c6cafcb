export { AdminDonationsScreen } from './components/admin-donations-screen';
