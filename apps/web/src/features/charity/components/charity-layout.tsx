import type { Charity, CharityMembership } from '@kindred/shared';
import { SectionLink } from '@/components/ui/section-link';
import type { AreaContext, AreaWords } from '@/entities/account';
import { AccountArea, adminLevel, useAreaAccount, useAreaContext } from '@/entities/account';
import {
  type CharityAccess,
  charityAccess,
  charityDonationAccess,
  charityQueries,
  useActiveCharity,
} from '@/entities/charity';
import { NoCharity } from './no-charity';

/** `/charity`: the admin area of the active charity, with its sections as sub-routes. */
export function CharityLayout() {
  const membership = useActiveCharity();
  const charity = useAreaAccount(charityQueries.detail, membership?.charity_id);
  if (!membership) return <NoCharity />;
  const access = charityAccess(membership);
  const donations = charityDonationAccess(membership);

  return (
    <AccountArea
      kind="charity"
      sections={
        <>
          <SectionLink to="/charity" end>
            Profile
          </SectionLink>
          <SectionLink to="/charity/members">Members</SectionLink>
          <SectionLink to="/charity/projects">Projects</SectionLink>
          <SectionLink to="/charity/funds">Funds</SectionLink>
          {donations.read ? <SectionLink to="/charity/donations">Donations</SectionLink> : null}
          {donations.read ? <SectionLink to="/charity/statistics">Statistics</SectionLink> : null}
          {donations.claimGiftAid ? <SectionLink to="/charity/gift-aid">Gift Aid</SectionLink> : null}
          {adminLevel(membership.admin_type).isAdmin ? (
            <SectionLink to="/charity/fundraisers">Fundraising pages</SectionLink>
          ) : null}
          <SectionLink to="/charity/requests">Association requests</SectionLink>
          {adminLevel(membership.admin_type).isAdmin ? (
            <SectionLink to="/charity/integrations">Integrations</SectionLink>
          ) : null}
        </>
      }
      words={WORDS}
      membership={membership}
      current={membership.charity_id}
      account={charity}
      context={(data) => ({ membership, charity: data, access }) satisfies CharityContext}
    />
  );
}

const WORDS: AreaWords = {
  noun: 'charity',
  Noun: 'Charity',
  area: 'Charity administration',
  pending: 'You can prepare its profile and projects now; projects can be published once it is approved.',
  locked: 'it cannot publish projects or move money, and it is hidden from the public.',
};

export type CharityContext = AreaContext<CharityMembership, 'charity', Charity, CharityAccess>;

/** The active charity, its data and what the person may do, for the sections. */
export const useCharityContext = () => useAreaContext<CharityContext>();
