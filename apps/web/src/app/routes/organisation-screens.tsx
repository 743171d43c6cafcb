import { Stack } from '@mantine/core';
import { CsvOnboardingSection, EmployeeGroupsSection } from '@/features/employees';
import { InvitePeoplePanel, OrganisationRequests } from '@/features/invitations';
import { OrganisationMembersSection, useOrganisationContext } from '@/features/organisation';

export {
  MatchingSection,
  OrganisationLayout,
  OrganisationProfileSection,
  RegisterOrganisationScreen,
  ReportsSection,
  SignoffSection,
  StructureSection,
} from '@/features/organisation';

/** `/organisation/members`: the members, and for its admins "Invite people" (the invitations feature). */
export function OrganisationMembersRoute() {
  const { business, access } = useOrganisationContext();
  return (
    <Stack gap="lg">
      <OrganisationMembersSection />
      {access.isAdmin ? (
        <InvitePeoplePanel
          targetType="business"
          targetId={business.id}
          targetName={business.name}
          roles={[
            { value: 99, label: 'Employee' },
            { value: 2, label: 'Admin' },
            ...(access.isSuperAdmin ? [{ value: 1 as const, label: 'Super Admin' }] : []),
          ]}
        />
      ) : null}
    </Stack>
  );
}

/** `/organisation/requests`: people asking to join, for its admins. */
export function OrganisationRequestsRoute() {
  const { business } = useOrganisationContext();
  return <OrganisationRequests businessId={business.id} businessName={business.name} />;
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
