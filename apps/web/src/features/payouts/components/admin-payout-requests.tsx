import { formatMoney, PAYOUT_STATUSES, type Payout, type PayoutStatus } from '@kindred/shared';
import { Button, Checkbox, Group, NativeSelect, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { ReasonDialog, useReasonSubmit } from '@/components/ui/reason-dialog';
import { buttonColumn, ResponsiveTable, type TableColumn } from '@/components/ui/responsive-table';
import { SelectAllCheckbox } from '@/components/ui/selection-panel';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { useKeyedAttempts } from '@/lib/idempotency';
import { useSelectedIds } from '@/lib/selection';
import { useApprovePayouts } from '../api/approve-payouts';
import { adminPayoutsQuery } from '../api/get-admin-payouts';
import { useRejectPayout } from '../api/reject-payout';
import { PAYOUT_STATUS, payoutsCount } from '../lib/status';
import { payoutColumns } from './payout-cells';

const FILTERS: Array<{ value: PayoutStatus; label: string }> = PAYOUT_STATUSES.map((status) => ({
  value: status,
  label: PAYOUT_STATUS[status].label,
}));

const EMPTY: Record<PayoutStatus, string> = {
  requested: 'No payout waits for approval.',
  approved: 'No payout is being paid.',
  paid: 'No payout has been paid yet.',
  failed: 'No payout has failed.',
};

const totalOf = (payouts: Payout[]) => payouts.reduce((sum, payout) => sum + payout.amount, 0);

/** What approving did, in a toast: how many were paid, and why any failed. */
function reportApproved(payouts: Payout[]) {
  const paid = payouts.filter((payout) => payout.status === 'paid');
  const failed = payouts.filter((payout) => payout.status === 'failed');
  if (failed.length === 0) {
    toast.success('Paid', `${payoutsCount(paid.length)} of ${formatMoney(totalOf(paid))} paid.`);
    return;
  }
  const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
  const why = failed.map(
    (payout) => `${payout.charity.name}: ${sentence(payout.failure_message ?? 'the bank refused it')}`,
  );
  toast.warning(
    paid.length ? `${payoutsCount(paid.length)} paid, ${failed.length} failed` : 'Not paid',
    `${why.join(' ')} Their money went back to ${failed.length === 1 ? 'the charity' : 'the charities'}.`,
  );
}

/** A platform admin refuses one payout with a reason; its money goes back to the charity. */
function RefuseDialog({ payout, onClose }: { payout: Payout; onClose: () => void }) {
  const reject = useRejectPayout();
  const { submit, fieldError, refusal } = useReasonSubmit(async (reason) => {
    await reject.mutateAsync({ payout, reason });
    toast.success(
      'Payout refused',
      `${payout.charity.name} is told why; the money is theirs to pay out again.`,
    );
  }, onClose);
  return (
    <ReasonDialog
      title="Refuse the payout"
      description={`${formatMoney(payout.amount)} to ${payout.charity.name}. Its money goes back to the charity’s funds, and its admins read the reason.`}
      confirmLabel="Refuse payout"
      refusalTitle="Not refused"
      emptyMessage="Say why, so the charity knows."
      pending={reject.isPending}
      refusal={refusal}
      fieldError={fieldError}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

/** The payouts charities asked for, to approve and pay or refuse; paid and failed ones behind the filter. */
export function AdminPayoutRequests({ canAct }: { canAct: boolean }) {
  const [status, setStatus] = useState<PayoutStatus>('requested');
  const { selected, setSelected, toggle } = useSelectedIds();
  const [refusing, setRefusing] = useState<Payout | null>(null);
  const payouts = useInfiniteQuery(adminPayoutsQuery(status));
  const approve = useApprovePayouts();
  const attempts = useKeyedAttempts();
  const items = payouts.data?.pages.flatMap((page) => page.items) ?? [];
  const deciding = canAct && status === 'requested';
  const chosen = deciding ? items.filter((payout) => selected.has(payout.id)) : [];

  const approveChosen = async () => {
    const total = formatMoney(totalOf(chosen));
    const sure = await confirm({
      title: `Approve and pay ${payoutsCount(chosen.length)} of ${total}?`,
      message:
        'Each is paid into its charity’s checked bank account now. One the bank refuses fails, and its money goes back to the charity.',
      confirmLabel: 'Approve and pay',
    });
    if (!sure) return;
    const { key } = attempts.next(chosen.map((payout) => payout.id));
    try {
      const answer = await approve.mutateAsync({ payouts: chosen, key });
      attempts.answered();
      setSelected(new Set());
      reportApproved(answer.payouts);
    } catch (error) {
      // The API client showed the error toast; a lost answer keeps the key for the next try.
      attempts.failed(error);
    }
  };

  const columns: Array<TableColumn<Payout> | false> = [
    deciding && {
      header: 'Select',
      hiddenHeader: true,
      cell: (payout) => (
        <Checkbox
          aria-label={`Select payout ${payout.id}: ${formatMoney(payout.amount)} to ${payout.charity.name}`}
          checked={selected.has(payout.id)}
          onChange={(event) => toggle(payout.id, event.currentTarget.checked)}
        />
      ),
    },
    { header: 'Charity', rowHeader: true, cell: (payout) => payout.charity.name },
    ...payoutColumns().map((column) => ({ ...column, rowHeader: false })),
    deciding &&
      buttonColumn((payout: Payout) => ({
        text: 'Refuse',
        label: `Refuse payout ${payout.id} of ${formatMoney(payout.amount)} to ${payout.charity.name}`,
        onClick: () => setRefusing(payout),
        danger: true,
      })),
  ];

  return (
    <TitledSection
      id="admin-payouts-heading"
      title="Payouts"
      actionAlign="flex-end"
      action={
        <NativeSelect
          label="Show"
          data={FILTERS}
          value={status}
          w={{ base: '100%', xs: 220 }}
          onChange={(event) => {
            setStatus(event.currentTarget.value as PayoutStatus);
            setSelected(new Set());
          }}
        />
      }
    >
      {deciding && items.length > 0 ? (
        <Group gap="sm" wrap="wrap">
          <SelectAllCheckbox
            label="Select all shown"
            shownIds={items.map((payout) => payout.id)}
            chosenCount={chosen.length}
            onSelect={setSelected}
          />
          <Button
            disabled={chosen.length === 0}
            loading={approve.isPending}
            onClick={() => void approveChosen()}
          >
            Approve and pay ({chosen.length})
          </Button>
        </Group>
      ) : null}
      <QueryState
        query={payouts}
        loading="Loading the payouts…"
        failed="The payouts could not be loaded."
        empty={<EmptyState variant="text">{EMPTY[status]}</EmptyState>}
      >
        {() => (
          <ResponsiveTable
            aria-label={`Payouts: ${PAYOUT_STATUS[status].label}`}
            rows={items}
            rowKey={(payout) => payout.id}
            rowProps={(payout) => ({ 'data-testid': `admin-payout-${payout.id}` })}
            columns={columns}
          />
        )}
      </QueryState>
      <ShowMore query={payouts}>Show more</ShowMore>
      {status === 'requested' && !canAct ? (
        <Text size="sm" c="dimmed">
          Approving and refusing payouts is for platform Super Admins and Admins.
        </Text>
      ) : null}
      {refusing ? <RefuseDialog payout={refusing} onClose={() => setRefusing(null)} /> : null}
    </TitledSection>
  );
}
