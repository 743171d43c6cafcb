import { CsvOnboardingSection, EmployeeGroupsSection } from '@/features/employees';
import { OrganisationRequests } from '@/features/invitations';
import { OrganisationMembersSection, useOrganisationContext } from '@/features/organisation';
import { AccountMembersRoute } from './account-members-route';

export {
  MatchingSection,
  OrganisationLayout,
  OrganisationProfileSection,
  RegisterOrganisationScreen,
  ReportsSection,
  SignoffSection,
  StructureSection,
} from '@/features/organisation';

/** `/organisation/requests`: people asking to join, for its admins. */
export function OrganisationRequestsRoute() {
  const { business } = useOrganisationContext();
  return <OrganisationRequests businessId={business.id} businessName={business.name} />;
}

/** `/organisation/members`: the members, and for its admins "Invite people" (the invitations feature). */
export function OrganisationMembersRoute() {
  const { business, access } = useOrganisationContext();
  return (
    <AccountMembersRoute
      section={<OrganisationMembersSection />}
      account={{ type: 'business', ...business }}
      manages={access.isAdmin}
      mayInviteSuperAdmin={access.isSuperAdmin}
    />
  );
}

/** `/organisation/groups`: employee groups and sub-groups with their members. */
export function EmployeeGroupsRoute() {
  const { business, access } = useOrganisationContext();
  return (
    <EmployeeGroupsSection businessId={business.id} businessName={business.name} canManage={access.isAdmin} />
  );
}

/** `/organisation/onboarding`: CSV onboarding, for its admins. */
export function CsvOnboardingRoute() {
  const { business } = useOrganisationContext();
  return <CsvOnboardingSection businessId={business.id} businessName={business.name} />;
}
