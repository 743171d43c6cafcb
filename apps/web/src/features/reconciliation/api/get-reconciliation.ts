import type { ReconciliationReport } from '@kindred/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /admin/reconciliation: the last daily comparison of the payment provider's records with the
 * books, and each disagreement still open (platform admins; docs/product/payouts-and-reconciliation.md).
 * Quiet: a failure is shown in place, with Try again.
 */
export function getReconciliation(signal?: AbortSignal): Promise<ReconciliationReport> {
  return api.get<ReconciliationReport>('/admin/reconciliation', { signal, silent: true });
}

export type Mismatch = ReconciliationReport['mismatches'][number];
export type ReconciliationRun = NonNullable<ReconciliationReport['last_run']>;

/** The report, read when the screen opens: it changes once a day, when the round runs. */
export const reconciliationQueries = {
  all: ['reconciliation'] as const,
  report: () =>
    queryOptions({
      queryKey: [...reconciliationQueries.all, 'report'] as const,
      queryFn: ({ signal }) => getReconciliation(signal),
    }),
};
