import '@mantine/dates/styles.css';
import {
  DATE_INPUT_FORMAT,
  formatMoney,
  HELD_GIFT_STATE_LABELS,
  type HistoryItem,
  LEDGER_HISTORY_ACCOUNTS,
  parseDateInput,
} from '@kindred/shared';
import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type PagePosition, Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { type WalletOwner, walletQueries } from '@/entities/wallet';
import { useDownloading } from '@/lib/downloading';
import { showDate, showDateTime } from '@/lib/format';
import { downloadStatement } from '../api/statement';
import { defaultRange } from '../lib/dates';
import { ACCOUNT_LABELS, HELD_GIFT_STATE_COLORS, KIND_FILTERS, kindLabel } from '../lib/labels';

/** Signed amount: money in shows a plus sign, money out a minus sign. */
function signedMoney(amount: number, currency: string): string {
  return amount > 0 ? `+${formatMoney(amount, currency)}` : formatMoney(amount, currency);
}

/** What the movement was; a held gift's one line says where it stands. */
function Description({ item, currency }: { item: HistoryItem; currency: string }) {
  const state = item.gift?.state;
  if (!state) return item.description;
  const held = formatMoney(item.gift?.held_amount ?? 0, currency);
  return (
    <Stack gap={2} align="flex-start">
      <span>{item.description}</span>
      <Group gap={6} wrap="wrap">
        <Badge color={HELD_GIFT_STATE_COLORS[state]} variant="filled">
          {HELD_GIFT_STATE_LABELS[state]}
        </Badge>
        {state === 'released' ? (
          <Text
            span
            size="xs"
          >{`${held} back in the ${item.account === 'credits' ? 'credits' : 'wallet'}`}</Text>
        ) : state === 'given' ? null : (
          <Text span size="xs">{`${held} held`}</Text>
        )}
      </Group>
    </Stack>
  );
}

function HistoryTable({
  items,
  currency,
  caption,
}: {
  items: HistoryItem[];
  currency: string;
  caption: string;
}) {
  return (
    <ResponsiveTable
      striped
      verticalSpacing="xs"
      caption={caption}
      rows={items}
      rowKey={(item) => item.id}
      columns={[
        {
          header: 'Date',
          cell: (item) => <span style={{ whiteSpace: 'nowrap' }}>{showDateTime(item.created_at)}</span>,
        },
        { header: 'Description', cell: (item) => <Description item={item} currency={currency} /> },
        { header: 'Type', cell: (item) => kindLabel(item.kind) },
        { header: 'Account', cell: (item) => ACCOUNT_LABELS[item.account] ?? item.account },
        {
          header: 'Amount',
          align: 'right',
          cell: (item) => (
            <Text span fw={600} style={{ whiteSpace: 'nowrap' }}>
              {signedMoney(item.amount, currency)}
            </Text>
          ),
        },
      ]}
    />
  );
}

/**
 * The wallet's history: a date range (default the last 30 days), account and type filters, keyset
 * paging with Newer and Older, and the statement (CSV) of the chosen range.
 */
/** One end of the history's dates, typed (mm/dd/yyyy) or picked. */
function RangeEnd({
  label,
  value,
  onChange,
  error = null,
}: {
  label: string;
  value: string;
  onChange: (value: string | null) => void;
  error?: string | null;
}) {
  return (
    <DateInput
      label={label}
      description="mm/dd/yyyy"
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseDateInput}
      value={value}
      onChange={onChange}
      error={error}
      aria-invalid={error ? true : undefined}
      popoverProps={{ withinPortal: true }}
    />
  );
}

export function HistorySection({ owner, currency }: { owner: WalletOwner; currency: string }) {
  const headingId = useId();
  const [range, setRange] = useState(() => defaultRange());
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState('');
  const [page, setPage] = useState<PagePosition>({});
  const { busy, run } = useDownloading<true>();

  const rangeError = range.from > range.to ? 'The end date is before the start date.' : null;
  const history = useQuery({
    ...walletQueries.history(owner, {
      from: range.from,
      to: range.to,
      account: (account || undefined) as HistoryItem['account'] | undefined,
      kind: kind || undefined,
      ...page,
    }),
    enabled: !rangeError,
  });
  const data = history.data;
  const filtered = Boolean(account || kind);
  const span = `${showDate(range.from)} and ${showDate(range.to)}`;

  const changeRange = (part: 'from' | 'to', value: string | null) => {
    if (!value) return;
    setRange((current) => ({ ...current, [part]: value }));
    setPage({});
  };

  const download = () => run(true, () => downloadStatement(owner, range.from, range.to));

  return (
    <Paper component="section" aria-labelledby={headingId} p="lg" withBorder>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id={headingId}>
            History
          </Title>
          {/* On the narrowest phones the label takes two lines rather than being cut off. */}
          <Button
            variant="default"
            onClick={() => void download()}
            loading={busy !== null}
            disabled={Boolean(rangeError)}
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
            Download statement (CSV)
          </Button>
        </Group>
        <Text size="sm">
          The statement covers every entry between the chosen dates, whatever the account and type filters.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <RangeEnd label="From" value={range.from} onChange={(value) => changeRange('from', value)} />
          <RangeEnd
            label="To"
            value={range.to}
            onChange={(value) => changeRange('to', value)}
            error={rangeError}
          />
          <NativeSelect
            label="Account"
            description="Wallet, credits or held"
            data={[
              { value: '', label: 'All accounts' },
              ...LEDGER_HISTORY_ACCOUNTS.map((value) => ({ value, label: ACCOUNT_LABELS[value] })),
            ]}
            value={account}
            onChange={(event) => {
              setAccount(event.currentTarget.value);
              setPage({});
            }}
          />
          <NativeSelect
            label="Type"
            description="What the entry was"
            data={[
              { value: '', label: 'All types' },
              ...KIND_FILTERS.map((value) => ({ value, label: kindLabel(value) })),
            ]}
            value={kind}
            onChange={(event) => {
              setKind(event.currentTarget.value);
              setPage({});
            }}
          />
        </SimpleGrid>

        {rangeError ? null : (
          <QueryState
            query={history}
            layout="inline"
            loading="Loading the history…"
            failed="The history could not be loaded"
            keepDataOnError
            empty={
              <EmptyState variant="text">
                {filtered
                  ? `No entries of this account and type between ${span}.`
                  : `No entries between ${span}.`}
              </EmptyState>
            }
          >
            {({ items }) => (
              <Stack gap="xs" aria-busy={history.isFetching}>
                <HistoryTable
                  items={items}
                  currency={currency}
                  caption={`Entries between ${span}, newest first.`}
                />
                <Text size="sm" role="status">
                  {`Showing ${items.length} ${items.length === 1 ? 'entry' : 'entries'}.`}
                </Text>
              </Stack>
            )}
          </QueryState>
        )}

        {data ? <Pager page={data} busy={history.isFetching} onChange={setPage} /> : null}
      </Stack>
    </Paper>
  );
}
