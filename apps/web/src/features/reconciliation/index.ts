export { ReconciliationScreen } from './components/reconciliation-screen';
