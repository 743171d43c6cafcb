export {
  type OrganisationAccess,
  organisationAccess,
  useActiveOrganisation,
} from './organisation-access';
export {
  organisationMoneyQueries,
  type ReportDonationsPage,
  type ReportFilter,
  type ReportGroups,
  type ReportList,
  type ReportScope,
  reportQuery,
} from './organisation-money-queries';
export { organisationQueries } from './organisation-queries';
