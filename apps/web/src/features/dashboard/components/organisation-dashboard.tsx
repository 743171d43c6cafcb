import { ADMIN_TYPE, type BusinessMembership, formatMoney } from '@kindred/shared';
import { Anchor, Group, List, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { Picture } from '@/components/ui/picture';
import { QueryState } from '@/components/ui/query-state';
import { donationRecipient, donationWhat } from '@/entities/donation';
import { organisationQueries } from '@/entities/organisation';
import { walletQueries } from '@/entities/wallet';
import { DashboardSection, OrganisationRoleBadges, Stat, type Task, WaitingTasks } from './parts';

const WALLET_ADMIN_TYPES: readonly number[] = [ADMIN_TYPE.superAdmin, ADMIN_TYPE.admin];

/** The most sign-offs the home lists; the inbox has them all. */
const SIGNOFFS_SHOWN = 5;

/** Donations on the organisation's behalf that wait for the signed-in person: to approve, or to end. */
function SignoffsWaiting({ businessId }: { businessId: number }) {
  const waiting = useQuery(organisationQueries.waitingDonations(businessId));
  const mine = (waiting.data?.items ?? []).filter((d) => d.signoff.can_approve || d.signoff.can_resolve);
  return (
    <DashboardSection title="Sign-offs waiting for you">
      <QueryState
        query={waiting}
        loading="Loading sign-offs…"
        layout="inline"
        failed="The sign-offs could not be loaded."
        isEmpty={() => mine.length === 0}
        empty={<Text c="dimmed">No donation waits for your sign-off.</Text>}
      >
        {() => (
          <List spacing={4} data-testid="signoffs-waiting">
            {mine.slice(0, SIGNOFFS_SHOWN).map((donation) => (
              <List.Item key={donation.id}>
                {`${donationWhat(donation)} to ${donationRecipient(donation)}, asked by ${
                  donation.signoff.requested_by?.name ?? 'a former member'
                }${donation.signoff.can_approve ? '' : ' (can never be approved: yours to end)'}`}
              </List.Item>
            ))}
          </List>
        )}
      </QueryState>
      <Anchor component={Link} to="/organisation/sign-off">
        {mine.length > SIGNOFFS_SHOWN
          ? `Open the sign-off inbox (${mine.length} wait for you)`
          : 'Open the sign-off inbox'}
      </Anchor>
    </DashboardSection>
  );
}

/** The home of a person acting as an organisation: its wallet and what waits for its admins. */
export function OrganisationDashboard({ membership }: { membership: BusinessMembership }) {
  const runsWallet = WALLET_ADMIN_TYPES.includes(membership.admin_type);
  const owner = { type: 'business', id: membership.business_id, name: membership.name } as const;
  const wallet = useQuery({ ...walletQueries.balance(owner), enabled: runsWallet });
  const debits = useQuery({ ...walletQueries.directDebits(owner), enabled: runsWallet });
  const logo = useQuery(organisationQueries.detail(membership.business_id)).data?.logo;
  // Sign-off admins approve; Super Admins end what can never be approved (decision 033).
  const seesSignoffs = membership.is_signoff_admin || membership.admin_type === ADMIN_TYPE.superAdmin;

  const tasks: Task[] = [];
  if (runsWallet && wallet.data && wallet.data.wallet_amount === 0) {
    tasks.push({ to: '/wallet', label: 'Add money to the wallet so that it can give' });
  }
  if (runsWallet && debits.data && debits.data.items.length === 0) {
    tasks.push({ to: '/wallet', label: 'Set up a direct debit to top up the wallet regularly' });
  }
  const role =
    membership.admin_type === ADMIN_TYPE.superAdmin
      ? 'Super Admin'
      : membership.admin_type === ADMIN_TYPE.admin
        ? 'Admin'
        : 'Employee';

  return (
    <Page
      title={membership.name}
      description={
        <Group gap={6}>
          {logo ? <Picture src={logo} kind="logo" alt="" width={48} height={48} radius={4} priority /> : null}
          <Text>Your organisation at a glance. You are its {role}.</Text>
          <OrganisationRoleBadges membership={membership} />
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {runsWallet ? (
          <>
            <Stat
              label="Wallet"
              value={wallet.data ? formatMoney(wallet.data.wallet_amount, wallet.data.currency) : null}
              testId="organisation-wallet"
              link={{ to: '/wallet', label: 'Open wallet' }}
            />
            <Stat
              label="Credits"
              value={wallet.data ? formatMoney(wallet.data.credits, wallet.data.currency) : null}
              testId="organisation-credits"
            />
          </>
        ) : (
          <Paper p="lg" withBorder>
            <Text>The organisation's wallet is for its Super Admins and Admins.</Text>
          </Paper>
        )}
      </SimpleGrid>
      {runsWallet ? <WaitingTasks loading={wallet.isPending || debits.isPending} tasks={tasks} /> : null}
      {seesSignoffs ? <SignoffsWaiting businessId={membership.business_id} /> : null}
      <DashboardSection title="Give together">
        <List spacing={4}>
          <List.Item>
            <Anchor component={Link} to="/explore">
              Find projects to support
            </Anchor>{' '}
            and give on behalf of {membership.name}: its sign-off admins approve each gift.
          </List.Item>
          <List.Item>
            <Anchor component={Link} to="/organisation/sign-off">
              Sign-off policy and donations waiting for sign-off
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to="/organisation/members">
              Members and sign-off admins
            </Anchor>
          </List.Item>
        </List>
      </DashboardSection>
    </Page>
  );
}
