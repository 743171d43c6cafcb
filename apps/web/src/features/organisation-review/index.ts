export { AdminOrganisationsScreen } from './components/organisation-review';
