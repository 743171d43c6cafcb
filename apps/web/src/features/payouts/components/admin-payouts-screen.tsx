import { ViewOnlyAlert } from '@/components/ui/admin-only';
import { PlatformAdminScreen } from '@/entities/session';
import { AdminPayoutAccounts } from './admin-payout-accounts';
import { AdminPayoutRequests } from './admin-payout-requests';

const TITLE = 'Payouts';

/**
 * `/admin/payouts`: charities' bank accounts to check, and the payouts they asked for to approve
 * and pay or refuse (Super Admins and Admins); any platform admin sees the lists and statements.
 */
export function AdminPayoutsScreen() {
  return (
    <PlatformAdminScreen title={TITLE} size="xl" description="Money out to charities' banks.">
      {(abilities) => (
        <>
          {abilities.act ? null : <ViewOnlyAlert>{abilities.whyNot}</ViewOnlyAlert>}
          <AdminPayoutAccounts canAct={abilities.act} />
          <AdminPayoutRequests canAct={abilities.act} />
        </>
      )}
    </PlatformAdminScreen>
  );
}
