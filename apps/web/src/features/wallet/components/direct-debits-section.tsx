import { type DirectDebit, formatMoney } from '@kindred/shared';
import { Badge, Button, DataList, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { confirm } from '@/components/ui/confirm';
import { DataRow } from '@/components/ui/data-row';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import type { PaymentProviderName } from '@/entities/card';
import { ownerKey, type WalletOwner, walletQueries } from '@/entities/wallet';
import { showDate } from '@/lib/format';
import { useKeyedAttempts } from '@/lib/idempotency';
import { useCancelDirectDebit } from '../api/direct-debits';
import { DIRECT_DEBIT_STATUS, directDebitTypeLabel, frequencyLabel } from '../lib/labels';
import { CardGrid } from './card-grid';
import { DirectDebitForm } from './direct-debit-form';

/** '₹100 monthly' */
export function debitSummary(debit: Pick<DirectDebit, 'amount' | 'currency' | 'frequency'>): string {
  return `${formatMoney(debit.amount, debit.currency)} ${frequencyLabel(debit.frequency).toLowerCase()}`;
}

export function StatusBadge({ status }: { status: DirectDebit['status'] }) {
  const { label, color } = DIRECT_DEBIT_STATUS[status] ?? { label: status, color: 'dark' };
  return (
    <Badge color={color} variant="filled">
      {label}
    </Badge>
  );
}

function DebitCard({ debit, owner }: { debit: DirectDebit; owner: WalletOwner }) {
  const cancel = useCancelDirectDebit();
  const attempts = useKeyedAttempts();
  const summary = debitSummary(debit);
  const onCancel = async () => {
    const confirmed = await confirm({
      title: 'Cancel this direct debit?',
      message: `${summary} from ${debit.payment_method_label} will not be charged again. Money already added stays in the wallet.`,
      confirmLabel: 'Yes, cancel it',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!confirmed) return;
    const { key } = attempts.next({ owner: ownerKey(owner), id: debit.id });
    try {
      await cancel.mutateAsync({ owner, id: debit.id, idempotencyKey: key });
      attempts.answered();
      toast.success('Direct debit cancelled', `${summary} will not be charged again.`);
    } catch (error) {
      // The API client showed the error toast; cancelling again after no answer is the same call.
      attempts.failed(error);
    }
  };
  return (
    <Paper component="li" p="md" withBorder style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{summary}</Text>
          <StatusBadge status={debit.status} />
        </Group>
        <DataList orientation="horizontal">
          {owner.type === 'business' ? (
            <DataRow label="For">
              {directDebitTypeLabel(debit.type)}
              {debit.charity_id ? ` (charity #${debit.charity_id})` : ''}
            </DataRow>
          ) : null}
          <DataRow label="Card">{debit.payment_method_label}</DataRow>
          <DataRow label="Starts">{showDate(debit.start_date)}</DataRow>
          {debit.status === 'active' ? (
            <DataRow label="Next charge">{showDate(debit.next_charge_on)}</DataRow>
          ) : null}
        </DataList>
        {debit.last_error ? (
          <Text size="sm" c="red.9">
            {debit.status === 'failed' ? 'Stopped after ' : 'Last charge failed '}
            {`(${debit.failed_attempts} ${debit.failed_attempts === 1 ? 'attempt' : 'attempts'}): `}
            {debit.last_error}
          </Text>
        ) : null}
        {debit.status === 'active' ? (
          <Group justify="flex-end">
            <Button
              variant="outline"
              color="red.9"
              size="xs"
              // The visible word starts the name (label in name).
              aria-label={`Cancel direct debit of ${summary}`}
              onClick={() => void onCancel()}
              loading={cancel.isPending}
            >
              Cancel
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Direct debits: the owner's mandates with their status, setting one up, and cancelling (confirmed). */
export function DirectDebitsSection({
  owner,
  currency,
  provider = 'sandbox',
  stripePublishableKey = null,
}: {
  owner: WalletOwner;
  currency: string;
  /** Who takes card payments (GET /api/config); null while that is loading. */
  provider?: PaymentProviderName | null;
  /** Stripe's publishable key, for Stripe Elements. */
  stripePublishableKey?: string | null;
}) {
  const headingId = useId();
  const debits = useQuery(walletQueries.directDebits(owner));
  return (
    <Paper component="section" aria-labelledby={headingId} p="lg" withBorder>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Direct debits
        </Title>
        <Text size="sm">
          {owner.type === 'user'
            ? 'A direct debit tops up your wallet from a card on a schedule.'
            : `A direct debit tops up the wallet of ${owner.name} from a card on a schedule, or pays a charity subscription.`}
        </Text>
        <QueryState
          query={debits}
          layout="inline"
          loading="Loading the direct debits…"
          failed="The direct debits could not be loaded"
          keepDataOnError
          empty={<EmptyState variant="text">No direct debits yet.</EmptyState>}
        >
          {({ items }) => (
            <CardGrid label="Your direct debits">
              {items.map((debit) => (
                <DebitCard key={debit.id} debit={debit} owner={owner} />
              ))}
            </CardGrid>
          )}
        </QueryState>
        <Divider />
        <DirectDebitForm
          owner={owner}
          currency={currency}
          provider={provider}
          stripePublishableKey={stripePublishableKey}
        />
      </Stack>
    </Paper>
  );
}
