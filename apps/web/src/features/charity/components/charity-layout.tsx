import type { Charity, CharityMembership } from '@kindred/shared';
import { ADMIN_TYPES, labelOf } from '@kindred/shared';
import { Alert, Badge, Group, NativeSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useOutletContext } from 'react-router';
import { Page } from '@/components/ui/page';
import { SectionLink, SectionNav } from '@/components/ui/section-link';
import { FailedState, LoadingState } from '@/components/ui/states';
import {
  type CharityAccess,
  charityAccess,
  charityDonationAccess,
  charityQueries,
  useActiveCharity,
} from '@/entities/charity';
import { session, useSessionState } from '@/entities/session';
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

/** Switch between the charities one belongs to (the same choice as the account switcher). */
function CharitySwitch({ current }: { current: number }) {
  const { charityMembership } = useSessionState();
  if (charityMembership.length < 2) return null;
  return (
    <NativeSelect
      label="Charity"
      w={260}
      data={charityMembership.map((membership) => ({
        value: String(membership.charity_id),
        label: membership.name,
      }))}
      value={String(current)}
      onChange={(event) =>
        session.setActiveAccount({ type: 'charity', id: Number(event.currentTarget.value) })
      }
    />
  );
}

function ApprovalNotice({ charity }: { charity: Charity }) {
  return (
    <>
      {charity.approval_status === 'pending' ? (
        <Alert color="yellow" variant="light" title="Waiting for approval">
          A Kindred admin is reviewing {charity.name}. You can prepare its profile and projects now; projects
          can be published once it is approved. We will email you the decision.
        </Alert>
      ) : null}
      {charity.approval_status === 'rejected' ? (
        <Alert color="red" variant="light" title="Not approved">
          {charity.name} was not approved.
          {charity.rejection_reason ? ` Reason: ${charity.rejection_reason}` : ''}
        </Alert>
      ) : null}
      {charity.lock_status ? (
        <Alert color="red" variant="light" title="Locked">
          {charity.name} is locked by Kindred: it cannot publish projects or move money, and it is hidden from
          the public.
        </Alert>
      ) : null}
    </>
  );
}

/** `/charity`: the admin area of the active charity, with its sections as sub-routes. */
export function CharityLayout() {
  const membership = useActiveCharity();
  const charity = useQuery({
    ...charityQueries.detail(membership?.charity_id ?? 0),
    enabled: membership !== null,
  });
  if (!membership) return <NoCharity />;
  const access = charityAccess(membership);
  const donations = charityDonationAccess(membership);
  const role = labelOf(ADMIN_TYPES, membership.admin_type) ?? 'Member';

  return (
    <Page
      title={charity.data?.name ?? membership.name}
      size="lg"
      description={
        <Group gap="sm" justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="xs">
            <Text>Charity administration</Text>
            <Badge color="dark" variant="outline">
              {role}
            </Badge>
            {charity.data ? (
              <Badge
                color={
                  charity.data.approval_status === 'approved'
                    ? 'teal.9'
                    : charity.data.approval_status === 'pending'
                      ? 'yellow.9'
                      : 'red.9'
                }
                variant="filled"
              >
                {charity.data.approval_status === 'approved'
                  ? 'Approved'
                  : charity.data.approval_status === 'pending'
                    ? 'Pending approval'
                    : 'Rejected'}
              </Badge>
            ) : null}
          </Group>
          <CharitySwitch current={membership.charity_id} />
        </Group>
      }
    >
      {charity.data ? <ApprovalNotice charity={charity.data} /> : null}
      <SectionNav label="Charity sections">
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
      </SectionNav>
      {charity.isPending ? (
        <LoadingState label="Loading the charity…" />
      ) : charity.data ? (
        <Outlet context={{ membership, charity: charity.data, access } satisfies CharityContext} />
      ) : (
        <FailedState
          title="The charity could not be loaded."
          error={charity.error}
          onRetry={charity.refetch}
        />
      )}
    </Page>
  );
}
