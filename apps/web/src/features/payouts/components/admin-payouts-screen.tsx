import { AdminDescription, AdminsOnlyPage, ViewOnlyAlert } from '@/components/ui/admin-only';
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
    return <AdminsOnlyPage title={TITLE} />;
  }
  return (
    <Page
      title={TITLE}
      size="xl"
      description={<AdminDescription>Money out to charities&apos; banks.</AdminDescription>}
    >
      {abilities.act ? null : <ViewOnlyAlert>{abilities.whyNot}</ViewOnlyAlert>}
      <AdminPayoutAccounts canAct={abilities.act} />
      <AdminPayoutRequests canAct={abilities.act} />
    </Page>
  );
}
