import { CHARITY_TYPES, type Charity, labelOf } from '@kindred/shared';
import { Anchor, Group, Text } from '@mantine/core';
import { AccountReviewScreen, type ReviewWords } from '@/entities/account';
import { publicCharityPath } from '@/entities/charity';
import { showDate } from '@/lib/format';
import { useDecideCharity } from '../api/decide-charity';
import { reviewQueries } from '../api/get-review-charities';
import { useLockCharity } from '../api/lock-charity';

const WORDS: ReviewWords = {
  noun: 'charity',
  Noun: 'Charity',
  plural: 'charities',
  intro: 'Charities registered by their people wait here until a platform admin decides.',
  approve: 'Accept',
  approveMessage: 'It appears on Kindred and can publish projects. The applicant is emailed.',
  approvedToast: (name) => `${name} is approved; the applicant is emailed.`,
  rejectDescription: 'The applicant is emailed this reason.',
  rejectEmpty: 'Say why the charity is rejected.',
  rejectedToast: (name) => `${name} was rejected; the applicant is emailed the reason.`,
  lockDescription:
    'A locked charity cannot publish or move money, and its projects leave explore. The reason is kept in the audit log and emailed to the charity’s admins.',
  lockEmpty: 'Say why the charity is locked.',
  lockedToast: (name) => `${name} is locked; its admins are emailed why.`,
  unlockMessage: 'The charity can publish and move money again; its admins are emailed.',
  viewOnly:
    'As an Employee you can see the charities; Super Admins and Admins accept, reject, lock and unlock them.',
  nonePending: 'No charity is waiting for approval.',
};

/** `/admin/charities`: platform admins accept or reject pending charities, and lock or unlock them. */
export function AdminCharitiesScreen() {
  return (
    <AccountReviewScreen<Charity>
      details={(charity) => <CharityDetails charity={charity} />}
      publicPath={(charity) => publicCharityPath(charity.id)}
      words={WORDS}
      list={reviewQueries.list}
      useDecide={useDecideCharity}
      useLock={useLockCharity}
    />
  );
}

function CharityDetails({ charity }: { charity: Charity }) {
  const types = charity.charity_types.map((id) => labelOf(CHARITY_TYPES, id)).filter(Boolean);
  return (
    <>
      <Text size="sm">
        {charity.registration_number
          ? `Charity number ${charity.registration_number}`
          : 'No charity number given'}
        {charity.city ? ` · ${charity.city}` : ''}
        {` · applied ${showDate(charity.created_at)}`}
      </Text>
      {types.length > 0 ? <Text size="sm">Types: {types.join(', ')}</Text> : null}
      {charity.description ? <Text size="sm">{charity.description}</Text> : null}
      <Group gap="md">
        {charity.email ? <Text size="sm">Email: {charity.email}</Text> : null}
        {charity.phone ? <Text size="sm">Phone: {charity.phone}</Text> : null}
        {charity.website ? (
          <Anchor size="sm" href={charity.website} target="_blank" rel="noopener noreferrer">
            {charity.website}
          </Anchor>
        ) : null}
      </Group>
    </>
  );
}
