export {
  type OrganisationAccess,
  organisationAccess,
  useActiveOrganisation,
} from './organisation-access';
export { organisationQueries } from './organisation-queries';
