export { AccountsScreen } from './components/accounts-screen';
export { AdminProjectScreen } from './components/admin-project-screen';
export { AuditScreen } from './components/audit-screen';
export { ExpiringScreen } from './components/expiring-screen';
export { PeopleScreen } from './components/people-screen';
export { PersonScreen } from './components/person-screen';
export { StatisticsDashboard } from './components/statistics-dashboard';
