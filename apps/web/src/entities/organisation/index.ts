export {
  type OrganisationAccess,
  organisationAccess,
  useActiveOrganisation,
} from './organisation-access';
export {
  organisationMoneyQueries,
  type ReportDonationsPage,
  type ReportGroups,
  type ReportList,
  type ReportScope,
} from './organisation-money-queries';
export { organisationQueries } from './organisation-queries';
