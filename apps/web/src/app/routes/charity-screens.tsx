import { charityDonationAccess, useActiveCharity } from '@/entities/charity';
import { CharityFundsSection, CharityMembersSection, NoCharity, useCharityContext } from '@/features/charity';
import {
  CharityStatistics,
  DonationsInbox,
  GiftAidSection,
  ProjectDonations,
} from '@/features/charity-donations';
import { CharityFundraisers } from '@/features/fundraisers';
import { CharityPayouts, FundsByMonth } from '@/features/payouts';
import { NewProjectScreen, ProjectListSection, ProjectRoute } from '@/features/projects';
import { AccountMembersRoute } from './account-members-route';

export {
  AssociationRequestsSection,
  CharityLayout,
  CharityProfileSection,
  RegisterCharityScreen,
} from '@/features/charity';

/**
 * `/charity/members`: the members, and for those who manage them the requests to join and "Invite
 * people" (the invitations feature).
 */
export function CharityMembersRoute() {
  const { charity, access } = useCharityContext();
  return (
    <AccountMembersRoute
      account={{ type: 'charity', ...charity }}
      joinRequests
      section={<CharityMembersSection />}
      manages={access.can('manage_members')}
      mayInviteSuperAdmin={access.isAdmin}
    />
  );
}

/**
 * `/charity/funds`: the charity feature's figures with the payouts feature's last twelve months
 * under them, then its payout account, payouts and their statements (view_finance).
 */
export function CharityFundsRoute() {
  const { charity, access } = useCharityContext();
  const finance = access.can('view_finance');
  return (
    <>
      <CharityFundsSection>{finance ? <FundsByMonth charityId={charity.id} /> : null}</CharityFundsSection>
      {finance ? <CharityPayouts charityId={charity.id} /> : null}
    </>
  );
}

/** `/charity/projects`: the projects feature's list, for the charity of the area. */
export function CharityProjectsRoute() {
  const { charity, access } = useCharityContext();
  return <ProjectListSection charityId={charity.id} canCreate={access.can('manage_projects')} />;
}

/** `/charity/projects/new`: a new project of the active charity. */
export function CharityNewProjectRoute() {
  const membership = useActiveCharity();
  if (!membership) return <NoCharity />;
  return <NewProjectScreen membership={membership} />;
}

/** `/charity/donations`: the charity-donations feature's inbox, for the charity of the area. */
export function CharityDonationsRoute() {
  const { charity, membership } = useCharityContext();
  return <DonationsInbox charityId={charity.id} access={charityDonationAccess(membership)} />;
}

/** `/charity/fundraisers`: the fundraisers feature's list of the charity's fundraising pages, to hide or put back. */
export function CharityFundraisersRoute() {
  const { charity } = useCharityContext();
  return <CharityFundraisers charityId={charity.id} />;
}

/** `/charity/statistics`: what the charity received, by month. */
export function CharityStatisticsRoute() {
  const { charity, membership } = useCharityContext();
  return <CharityStatistics charityId={charity.id} access={charityDonationAccess(membership)} />;
}

/** `/charity/gift-aid`: the charity's Gift Aid claims. */
export function CharityGiftAidRoute() {
  const { charity, membership } = useCharityContext();
  return <GiftAidSection charityId={charity.id} access={charityDonationAccess(membership)} />;
}

/**
 * `/charity/projects/:id`: the projects feature's admin screen with the charity-donations feature's
 * Donations tab; its link to the inbox shows to those who may act on the charity's donations.
 */
export function CharityProjectRoute() {
  const membership = useActiveCharity();
  return (
    <ProjectRoute
      renderDonations={(project) => {
        const canAct =
          membership !== null &&
          membership.charity_id === project.charity_id &&
          charityDonationAccess(membership).read &&
          charityDonationAccess(membership).approve;
        return (
          <ProjectDonations
            project={project}
            inboxPath={canAct ? `/charity/donations?project=${project.id}` : undefined}
          />
        );
      }}
    />
  );
}
