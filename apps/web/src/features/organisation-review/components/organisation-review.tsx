import type { Business } from '@kindred/shared';
import { Text } from '@mantine/core';
import { AccountReviewScreen, type ReviewWords } from '@/entities/account';
import { showDate } from '@/lib/format';
import { useDecideOrganisation } from '../api/decide-organisation';
import { organisationReviewQueries } from '../api/get-review-organisations';
import { useLockOrganisation } from '../api/lock-organisation';

const WORDS: ReviewWords = {
  noun: 'organisation',
  Noun: 'Organisation',
  plural: 'organisations',
  intro: 'Organisations added by their people wait here until a platform admin decides.',
  approve: 'Approve',
  approveMessage:
    'It can add money and give, and people can find it to ask to join. Its Super Admins are emailed.',
  approvedToast: (name) => `${name} is approved; its Super Admins are emailed.`,
  rejectDescription: 'Its Super Admins are emailed this reason.',
  rejectedToast: (name) => `${name} was rejected; its Super Admins are emailed why.`,
  lockDescription:
    'A locked organisation moves no money and others cannot find it; its members keep their own accounts. The reason is kept in the audit log and emailed to its Super Admins.',
  lockEmpty: 'Say why it is locked.',
  lockedToast: (name) => `${name} is locked; its Super Admins are emailed why.`,
  unlockMessage: 'The organisation can move money again; its Super Admins are emailed.',
  viewOnly:
    'As an Employee you can see the organisations; Super Admins and Admins approve, reject, lock and unlock them.',
  nonePending: 'No organisation is waiting for approval.',
};

function OrganisationDetails({ business }: { business: Business }) {
  return (
    <>
      <Text size="sm">
        {business.registration_number
          ? `Company number ${business.registration_number}`
          : 'No company number given'}
        {` · added ${showDate(business.created_at)}`}
      </Text>
      {business.description ? <Text size="sm">{business.description}</Text> : null}
    </>
  );
}

/** `/admin/organisations`: platform admins approve or reject organisations, and lock or unlock them. */
export function AdminOrganisationsScreen() {
  return (
    <AccountReviewScreen<Business>
      words={WORDS}
      list={organisationReviewQueries.list}
      useDecide={useDecideOrganisation}
      useLock={useLockOrganisation}
      details={(business) => <OrganisationDetails business={business} />}
    />
  );
}
