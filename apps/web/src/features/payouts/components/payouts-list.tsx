import { useInfiniteQuery } from '@tanstack/react-query';
import { PagedSection } from '@/components/ui/paged-list';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { payoutsQuery } from '../api/get-payouts';
import { payoutColumns } from './payout-cells';

/** The charity's payouts, newest first, each with its status and its statement. */
export function PayoutsListSection({ charityId }: { charityId: number }) {
  const payouts = useInfiniteQuery(payoutsQuery(charityId));
  return (
    <PagedSection
      id="payouts-list-heading"
      title="Payouts so far"
      variant="card"
      query={payouts}
      loading="Loading the payouts…"
      failed="The payouts could not be loaded."
      empty={
        <EmptyState variant="text">
          No payouts yet. Each payout shows here with its statement of the gifts it pays.
        </EmptyState>
      }
      more="Show more"
    >
      {(items) => (
        <ResponsiveTable
          aria-label="Payouts"
          rows={items}
          rowKey={(payout) => payout.id}
          rowProps={(payout) => ({ 'data-testid': `payout-${payout.id}` })}
          columns={payoutColumns()}
        />
      )}
    </PagedSection>
  );
}
