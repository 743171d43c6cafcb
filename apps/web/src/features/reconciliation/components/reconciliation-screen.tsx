import { DEFAULT_CURRENCY, type ReconciliationReport } from '@kindred/shared';
import { Code, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FigureGrid } from '@/components/ui/figure';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { usePublicConfig } from '@/entities/card';
import { PlatformAdminScreen } from '@/entities/session';
import { showDate, showDateTime } from '@/lib/format';
import { type Mismatch, type ReconciliationRun, reconciliationQueries } from '../api/get-reconciliation';
import { KIND_LABELS, problemSentence, RUNS_AT, runSentence } from '../lib/words';

const TITLE = 'Reconciliation';

const figures = [
  {
    label: 'Records compared',
    value: (run: ReconciliationRun) => run.provider_records.toLocaleString('en-GB'),
  },
  { label: 'Agree', value: (run: ReconciliationRun) => run.matched.toLocaleString('en-GB') },
  { label: 'Disagree', value: (run: ReconciliationRun) => run.mismatches.toLocaleString('en-GB') },
];

function LastRun({ run }: { run: ReconciliationRun | null }) {
  return (
    <TitledSection id="reconciliation-last-run" title="The last check">
      {run === null ? (
        <EmptyState variant="text">
          No check has run yet. The first check runs each morning at {RUNS_AT}.
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Text fw={600}>{runSentence(run)}</Text>
          <Text size="sm" c="dimmed">
            Ran{' '}
            <time dateTime={run.ran_at} title={showDateTime(run.ran_at)}>
              {showDateTime(run.ran_at)}
            </time>
            . A check runs each morning at {RUNS_AT}, over the three days before it.
          </Text>
          <FigureGrid statistics={run} figures={figures} dense />
        </Stack>
      )}
    </TitledSection>
  );
}

/** The provider's id of the record, and the payment it belongs to. */
function ProviderId({ mismatch }: { mismatch: Mismatch }) {
  return (
    <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
      <Code>{mismatch.provider_id}</Code>
      {mismatch.payment_id && mismatch.payment_id !== mismatch.provider_id ? (
        <Text size="xs" c="dimmed">
          Of payment <Code>{mismatch.payment_id}</Code>
        </Text>
      ) : null}
    </Stack>
  );
}

function FirstSeen({ mismatch }: { mismatch: Mismatch }) {
  const first = showDate(mismatch.first_seen_at);
  const last = showDate(mismatch.last_seen_at);
  return (
    <Stack gap={2}>
      <time dateTime={mismatch.first_seen_at}>{first}</time>
      {last !== first ? (
        <Text size="xs" c="dimmed">
          Still on <time dateTime={mismatch.last_seen_at}>{last}</time>
        </Text>
      ) : null}
    </Stack>
  );
}

function Disagreements({ report, currency }: { report: ReconciliationReport; currency: string }) {
  const { mismatches } = report;
  return (
    <TitledSection id="reconciliation-mismatches" title="Disagreements">
      {mismatches.length === 0 ? (
        <EmptyState variant="text">
          Nothing disagrees: every record of the provider is in the books, at the same amount, and the books
          keep nothing the provider has no record of.
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Each stays listed from the check that first saw it until a check finds the provider and the books
            agreeing. Correct the books or ask the provider, then wait for the next check.
          </Text>
          <ResponsiveTable
            aria-label="Disagreements between the provider and the books"
            rows={mismatches}
            rowKey={(mismatch) => mismatch.id}
            phoneRows={10}
            columns={[
              { header: 'What', rowHeader: true, cell: (mismatch) => KIND_LABELS[mismatch.kind] },
              { header: 'Provider’s id', cell: (mismatch) => <ProviderId mismatch={mismatch} /> },
              { header: 'Problem', cell: (mismatch) => problemSentence(mismatch, currency) },
              { header: 'First seen', cell: (mismatch) => <FirstSeen mismatch={mismatch} /> },
            ]}
          />
        </Stack>
      )}
    </TitledSection>
  );
}

function Report() {
  const report = useQuery(reconciliationQueries.report());
  const currency = usePublicConfig().data?.currency ?? DEFAULT_CURRENCY;
  return (
    <QueryState
      query={report}
      loading="Loading the reconciliation…"
      failed="The reconciliation could not be loaded."
    >
      {(data) => (
        <>
          <LastRun run={data.last_run} />
          {data.last_run || data.mismatches.length > 0 ? (
            <Disagreements report={data} currency={currency} />
          ) : null}
        </>
      )}
    </QueryState>
  );
}

/**
 * `/admin/reconciliation`: the daily check of the payment provider's records against the books
 * (docs/product/payouts-and-reconciliation.md#reconciliation), for any platform admin to read: the
 * last run in words and figures, and each disagreement still open.
 */
export function ReconciliationScreen() {
  return (
    <PlatformAdminScreen
      title={TITLE}
      size="lg"
      description="The payment provider’s records of charges, refunds, disputes lost and payouts, compared with the books each morning."
    >
      {() => <Report />}
    </PlatformAdminScreen>
  );
}
