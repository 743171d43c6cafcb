import type { Charity, CharityMembership } from '@kindred/shared';
import { ADMIN_TYPES, labelOf } from '@kindred/shared';
import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import { SectionLink } from '@/components/ui/section-link';
import { AccountArea, type AreaWords } from '@/entities/account';
import {
  type CharityAccess,
  charityAccess,
  charityDonationAccess,
  charityQueries,
  useActiveCharity,
} from '@/entities/charity';
import { useSessionState } from '@/entities/session';
import { NoCharity } from './no-charity';

export interface CharityContext {
  membership: CharityMembership;
  charity: Charity;
  access: CharityAccess;
}

/** The active charity, its data and what the person may do, for the sections. */
export function useCharityContext(): CharityContext {
  return useOutletContext<CharityContext>();
}

const WORDS: AreaWords = {
  noun: 'charity',
  Noun: 'Charity',
  area: 'Charity administration',
  pending: 'You can prepare its profile and projects now; projects can be published once it is approved.',
  locked: 'it cannot publish projects or move money, and it is hidden from the public.',
};

/** `/charity`: the admin area of the active charity, with its sections as sub-routes. */
export function CharityLayout() {
  const membership = useActiveCharity();
  const { charityMembership } = useSessionState();
  const charity = useQuery({
    ...charityQueries.detail(membership?.charity_id ?? 0),
    enabled: membership !== null,
  });
  if (!membership) return <NoCharity />;
  const access = charityAccess(membership);
  const donations = charityDonationAccess(membership);

  return (
    <AccountArea
      words={WORDS}
      kind="charity"
      name={membership.name}
      role={labelOf(ADMIN_TYPES, membership.admin_type) ?? 'Member'}
      account={charity}
      switchable={charityMembership.map((each) => ({ id: each.charity_id, name: each.name }))}
      current={membership.charity_id}
      context={(data) => ({ membership, charity: data, access }) satisfies CharityContext}
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
          <SectionLink to="/charity/requests">Association requests</SectionLink>
        </>
      }
    />
  );
}
