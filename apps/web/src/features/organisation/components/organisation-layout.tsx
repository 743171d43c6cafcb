import { ADMIN_TYPES, type Business, type BusinessMembership, labelOf } from '@kindred/shared';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useOutletContext } from 'react-router';
import { SectionLink } from '@/components/ui/section-link';
import { AccountArea, type AreaWords } from '@/entities/account';
import {
  type OrganisationAccess,
  organisationAccess,
  organisationQueries,
  useActiveOrganisation,
} from '@/entities/organisation';
import { useSessionState } from '@/entities/session';
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

const WORDS: AreaWords = {
  noun: 'organisation',
  Noun: 'Organisation',
  area: 'Organisation',
  pending:
    'You can set up its profile, members and sign-off admins now; it can add money and give once it is approved.',
  locked: 'it cannot move money and others cannot find it. Its members keep their own accounts.',
};

/** `/organisation`: the area of the active organisation, with its sections as sub-routes. */
export function OrganisationLayout() {
  const membership = useActiveOrganisation();
  const { businessMembership } = useSessionState();
  const business = useQuery({
    ...organisationQueries.detail(membership?.business_id ?? 0),
    enabled: membership !== null,
  });
  if (!membership) return <NoOrganisation />;
  const access = organisationAccess(membership);
  // The area wears the organisation's colours (a franchise's own), whichever account is active.
  const kind = (business.data?.is_franchise ?? membership.is_franchise) ? 'franchise' : 'organisation';

  return (
    <div className="account-area" data-account-kind={kind} style={themeVariables(kind) as CSSProperties}>
      <AccountArea
        words={WORDS}
        kind="business"
        name={membership.name}
        role={labelOf(ADMIN_TYPES, membership.admin_type) ?? 'Member'}
        badges={
          membership.is_signoff_admin ? (
            <Badge color="dark" variant="outline">
              Sign-off admin
            </Badge>
          ) : null
        }
        account={business}
        switchable={businessMembership.map((each) => ({ id: each.business_id, name: each.name }))}
        current={membership.business_id}
        context={(data) => ({ membership, business: data, access }) satisfies OrganisationContext}
        sections={
          <>
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
          </>
        }
      />
    </div>
  );
}
