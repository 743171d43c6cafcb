import type { PayoutAccountForReview } from '@kindred/shared';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { confirm } from '@/components/ui/confirm';
import { QueryState } from '@/components/ui/query-state';
import { buttonColumn, ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { showDate } from '@/lib/format';
import { payoutAccountsQuery } from '../api/get-payout-accounts';
import { useVerifyPayoutAccount } from '../api/verify-payout-account';

/** Charities' bank accounts waiting for a platform admin's check; those who may act mark them checked. */
export function AdminPayoutAccounts({ canAct }: { canAct: boolean }) {
  const accounts = useQuery(payoutAccountsQuery(false));
  const verify = useVerifyPayoutAccount();
  // Accounts opened without bank details have nothing to check yet.
  const waiting = (accounts.data?.items ?? []).filter((account) => account.bank);

  const markChecked = async (account: PayoutAccountForReview) => {
    const sure = await confirm({
      title: `Mark the account of ${account.charity.name} as checked?`,
      message: `Payouts of ${account.charity.name} are then paid into ${account.account_name}, ${account.bank}. Check first that the account is the charity’s.`,
      confirmLabel: 'Mark as checked',
    });
    if (!sure) return;
    verify.mutate(account.charity_id, {
      onSuccess: () =>
        toast.success('Account checked', `${account.charity.name} can be paid into ${account.bank}.`),
    });
  };

  return (
    <TitledSection id="payout-accounts-heading" title="Payout accounts to check">
      <Text size="sm">
        A charity&apos;s new bank details wait here. Check that the account is the charity&apos;s before
        marking it checked: only then are its payouts paid into it.
      </Text>
      <QueryState
        query={accounts}
        loading="Loading the payout accounts…"
        failed="The payout accounts could not be loaded."
        isEmpty={() => waiting.length === 0}
        empty={<EmptyState variant="text">No payout account waits for a check.</EmptyState>}
      >
        {() => (
          <ResponsiveTable
            aria-label="Payout accounts to check"
            rows={waiting}
            rowKey={(account) => account.charity_id}
            columns={[
              { header: 'Charity', rowHeader: true, cell: (account) => account.charity.name },
              { header: 'Name on the account', cell: (account) => account.account_name },
              {
                header: 'Bank account',
                cell: (account) => <span style={{ overflowWrap: 'anywhere' }}>{account.bank}</span>,
              },
              { header: 'Given', cell: (account) => showDate(account.updated_at) },
              canAct &&
                buttonColumn((account: PayoutAccountForReview) => ({
                  text: 'Mark as checked',
                  label: `Mark as checked: the account of ${account.charity.name}`,
                  onClick: () => markChecked(account),
                  loading: verify.isPending && verify.variables === account.charity_id,
                })),
            ]}
          />
        )}
      </QueryState>
    </TitledSection>
  );
}
