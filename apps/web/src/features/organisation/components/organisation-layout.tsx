import type { Business, BusinessMembership } from '@kindred/shared';
import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import { SectionLink } from '@/components/ui/section-link';
import {
  AccountArea,
  type AreaContext,
  type AreaWords,
  useAreaAccount,
  useAreaContext,
} from '@/entities/account';
import {
  type OrganisationAccess,
  organisationAccess,
  organisationQueries,
  useActiveOrganisation,
} from '@/entities/organisation';
import { themeVariables } from '@/lib/account-theme';
import { NoOrganisation } from './no-organisation';

export type OrganisationContext = AreaContext<BusinessMembership, 'business', Business, OrganisationAccess>;

/** The active organisation, its data and what the person may do, for the sections. */
export const useOrganisationContext = () => useAreaContext<OrganisationContext>();

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
  const business = useAreaAccount(organisationQueries.detail, membership?.business_id);
  if (!membership) return <NoOrganisation />;
  const access = organisationAccess(membership);
  // The area wears the organisation's colours (a franchise's own), whichever account is active.
  const kind = (business.data?.is_franchise ?? membership.is_franchise) ? 'franchise' : 'organisation';

  return (
    <div className="account-area" data-account-kind={kind} style={themeVariables(kind) as CSSProperties}>
      <AccountArea
        kind="business"
        words={WORDS}
        badges={
          membership.is_signoff_admin ? (
            <Badge color="dark" variant="outline">
              Sign-off admin
            </Badge>
          ) : null
        }
        membership={membership}
        current={membership.business_id}
        account={business}
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
            {access.isAdmin ? <SectionLink to="/organisation/integrations">Integrations</SectionLink> : null}
          </>
        }
      />
    </div>
  );
}
