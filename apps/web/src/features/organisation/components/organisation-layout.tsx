import { ADMIN_TYPES, type Business, type BusinessMembership, labelOf } from '@kindred/shared';
import { Alert, Badge, Group, NativeSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { Outlet, useOutletContext } from 'react-router';
import { Page } from '@/components/ui/page';
import { SectionLink, SectionNav } from '@/components/ui/section-link';
import { FailedState, LoadingState } from '@/components/ui/states';
import {
  type OrganisationAccess,
  organisationAccess,
  organisationQueries,
  useActiveOrganisation,
} from '@/entities/organisation';
import { session, useSessionState } from '@/entities/session';
import { themeVariables } from '@/lib/account-theme';
import { NoOrganisation } from './no-organisation';

export interface OrganisationContext {
  membership: BusinessMembership;
  business: Business;
  access: OrganisationAccess;
}

/** The active organisation, its data and what the person may do, for the sections. */
export function useOrganisationContext(): OrganisationContext {
  return useOutletContext<OrganisationContext>();
}

/** Switch between the organisations one belongs to (the same choice as the account switcher). */
function OrganisationSwitch({ current }: { current: number }) {
  const { businessMembership } = useSessionState();
  if (businessMembership.length < 2) return null;
  return (
    <NativeSelect
      label="Organisation"
      w={260}
      data={businessMembership.map((membership) => ({
        value: String(membership.business_id),
        label: membership.name,
      }))}
      value={String(current)}
      onChange={(event) =>
        session.setActiveAccount({ type: 'business', id: Number(event.currentTarget.value) })
      }
    />
  );
}

function StatusNotice({ business }: { business: Business }) {
  return (
    <>
      {business.approval_status === 'pending' ? (
        <Alert color="yellow" variant="light" title="Waiting for approval">
          A Kindred admin is reviewing {business.name}. You can set up its profile, members and sign-off
          admins now; it can add money and give once it is approved. We will email you the decision.
        </Alert>
      ) : null}
      {business.approval_status === 'rejected' ? (
        <Alert color="red" variant="light" title="Not approved">
          {business.name} was not approved.
          {business.rejection_reason ? ` Reason: ${business.rejection_reason}` : ''}
        </Alert>
      ) : null}
      {business.lock_status ? (
        <Alert color="red" variant="light" title="Locked">
          {business.name} is locked by Kindred: it cannot move money and others cannot find it. Its members
          keep their own accounts.
        </Alert>
      ) : null}
    </>
  );
}

const STATUS_BADGE = {
  approved: { color: 'teal.9', label: 'Approved' },
  pending: { color: 'yellow.9', label: 'Pending approval' },
  rejected: { color: 'red.9', label: 'Rejected' },
} as const;

/** `/organisation`: the area of the active organisation, with its sections as sub-routes. */
export function OrganisationLayout() {
  const membership = useActiveOrganisation();
  const business = useQuery({
    ...organisationQueries.detail(membership?.business_id ?? 0),
    enabled: membership !== null,
  });
  if (!membership) return <NoOrganisation />;
  const access = organisationAccess(membership);
  const role = labelOf(ADMIN_TYPES, membership.admin_type) ?? 'Member';
  const status = business.data ? STATUS_BADGE[business.data.approval_status] : null;
  // The area wears the organisation's colours (a franchise's own), whichever account is active.
  const kind = (business.data?.is_franchise ?? membership.is_franchise) ? 'franchise' : 'organisation';

  return (
    <div className="account-area" data-account-kind={kind} style={themeVariables(kind) as CSSProperties}>
      <Page
        title={business.data?.name ?? membership.name}
        size="lg"
        description={
          <Group gap="sm" justify="space-between" align="flex-end" wrap="wrap">
            <Group gap="xs">
              <Text>Organisation</Text>
              <Badge color="dark" variant="outline">
                {role}
              </Badge>
              {membership.is_signoff_admin ? (
                <Badge color="dark" variant="outline">
                  Sign-off admin
                </Badge>
              ) : null}
              {status ? (
                <Badge color={status.color} variant="filled">
                  {status.label}
                </Badge>
              ) : null}
            </Group>
            <OrganisationSwitch current={membership.business_id} />
          </Group>
        }
      >
        {business.data ? <StatusNotice business={business.data} /> : null}
        <SectionNav label="Organisation sections">
          <SectionLink to="/organisation" end>
            Profile
          </SectionLink>
          <SectionLink to="/organisation/members">Members</SectionLink>
          <SectionLink to="/organisation/sign-off">Sign-off</SectionLink>
          <SectionLink to="/organisation/matching">Matching</SectionLink>
          {access.isAdmin ? <SectionLink to="/organisation/reports">Reports</SectionLink> : null}
          <SectionLink to="/organisation/structure">Sub-businesses</SectionLink>
          <SectionLink to="/organisation/groups">Groups</SectionLink>
          {access.isAdmin ? <SectionLink to="/organisation/requests">Requests</SectionLink> : null}
          {access.isAdmin ? <SectionLink to="/organisation/onboarding">Onboarding</SectionLink> : null}
          {access.isAdmin ? <SectionLink to="/organisation/subscription">Subscription</SectionLink> : null}
          {access.isAdmin ? <SectionLink to="/organisation/invoices">Invoices</SectionLink> : null}
        </SectionNav>
        {business.isPending ? (
          <LoadingState label="Loading the organisation…" />
        ) : business.data ? (
          <Outlet context={{ membership, business: business.data, access } satisfies OrganisationContext} />
        ) : (
          <FailedState
            title="The organisation could not be loaded."
            error={business.error}
            onRetry={business.refetch}
          />
        )}
      </Page>
    </div>
  );
}
