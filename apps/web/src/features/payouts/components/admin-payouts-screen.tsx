import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { usePlatformAdmin } from '@/entities/session';
import { AdminPayoutAccounts } from './admin-payout-accounts';
import { AdminPayoutRequests } from './admin-payout-requests';

const TITLE = 'Payouts';

/**
 * `/admin/payouts`: charities' bank accounts to check, and the payouts they asked for to approve
 * and pay or refuse (Super Admins and Admins); any platform admin sees the lists and statements.
 */
export function AdminPayoutsScreen() {
  const abilities = usePlatformAdmin();
  if (!abilities.view) {
    return (
      <Page title={TITLE}>
        <Text>This area is for platform admins only.</Text>
      </Page>
    );
  }
  return (
    <Page
      title={TITLE}
      size="xl"
      description={
        <Text c="dimmed">
          Money out to charities&apos; banks.{' '}
          <Anchor component={Link} to="/admin">
            Admin home
          </Anchor>
        </Text>
      }
    >
      {abilities.act ? null : (
        <Alert color="gray" variant="light" title="View only">
          {abilities.whyNot}
        </Alert>
      )}
      <AdminPayoutAccounts canAct={abilities.act} />
      <AdminPayoutRequests canAct={abilities.act} />
    </Page>
  );
}
