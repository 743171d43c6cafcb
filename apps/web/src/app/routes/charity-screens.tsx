import { charityDonationAccess, useActiveCharity } from '@/entities/charity';
import { NoCharity, useCharityContext } from '@/features/charity';
import { CharityStatistics, DonationsInbox, GiftAidSection } from '@/features/charity-donations';
import { NewProjectScreen, ProjectListSection } from '@/features/projects';

export {
  AssociationRequestsSection,
  CharityFundsSection,
  CharityLayout,
  CharityMembersSection,
  CharityProfileSection,
  RegisterCharityScreen,
} from '@/features/charity';
export { ProjectRoute } from '@/features/projects';

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
