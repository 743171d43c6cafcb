import { type DirectDebit, formatMoney } from '@kindred/shared';
import { NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminsOnlyPage } from '@/components/ui/admin-only';
import { Page } from '@/components/ui/page';
import { type PagePosition, Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { useCurrentUser } from '@/entities/session';
import { showDate } from '@/lib/format';
import { adminDirectDebitQueries } from '../api/admin';
import { moneyAdminRole } from '../lib/admin';
import { DIRECT_DEBIT_STATUS, directDebitTypeLabel, frequencyLabel } from '../lib/labels';
import { AdminMoneyNav } from './admin-nav';
import { StatusBadge } from './direct-debits-section';

type Status = DirectDebit['status'];

function DebitsTable({ items }: { items: DirectDebit[] }) {
  return (
    <ResponsiveTable
      striped
      verticalSpacing="xs"
      caption="Newest first."
      rows={items}
      rowKey={(debit) => debit.id}
      columns={[
        { header: 'Id', cell: (debit) => debit.id },
        {
          header: 'Owner',
          cell: (debit) => `${debit.owner_type === 'user' ? 'Person' : 'Organisation'} #${debit.owner_id}`,
        },
        {
          header: 'For',
          cell: (debit) =>
            `${directDebitTypeLabel(debit.type)}${debit.charity_id ? ` (charity #${debit.charity_id})` : ''}`,
        },
        {
          header: 'Amount',
          align: 'right',
          cell: (debit) => (
            <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(debit.amount, debit.currency)}</span>
          ),
        },
        { header: 'How often', cell: (debit) => frequencyLabel(debit.frequency) },
        {
          header: 'Next charge',
          cell: (debit) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {debit.status === 'active' ? showDate(debit.next_charge_on) : '—'}
            </span>
          ),
        },
        { header: 'Card', cell: (debit) => debit.payment_method_label },
        { header: 'Status', cell: (debit) => <StatusBadge status={debit.status} /> },
        {
          header: 'Failures',
          cell: (debit) =>
            debit.failed_attempts > 0
              ? `${debit.failed_attempts}${debit.last_error ? `: ${debit.last_error}` : ''}`
              : 'None',
        },
      ]}
    />
  );
}

/** /admin/direct-debits: every direct debit, filtered by status, keyset paged (Employees may view). */
export function AdminDirectDebitsScreen() {
  const role = moneyAdminRole(useCurrentUser());
  if (role === 'none') {
    return <AdminsOnlyPage title="All direct debits" />;
  }
  return (
    <Page title="All direct debits" size="xl" description={<Text>Every direct debit on Kindred.</Text>}>
      <AdminMoneyNav />
      <AdminDirectDebitsList />
    </Page>
  );
}

function AdminDirectDebitsList() {
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState<PagePosition>({});
  const list = useQuery(adminDirectDebitQueries.list({ status: status || undefined, ...page }));
  const data = list.data;
  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <NativeSelect
          label="Status"
          maw={280}
          data={[
            { value: '', label: 'All statuses' },
            ...(Object.keys(DIRECT_DEBIT_STATUS) as Status[]).map((value) => ({
              value,
              label: DIRECT_DEBIT_STATUS[value].label,
            })),
          ]}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as Status | '');
            setPage({});
          }}
        />
        <QueryState
          query={list}
          layout="inline"
          loading="Loading the direct debits…"
          failed="The direct debits could not be loaded"
          keepDataOnError
          empty={
            <EmptyState variant="text">
              {status
                ? `No ${DIRECT_DEBIT_STATUS[status].label.toLowerCase()} direct debits.`
                : 'No direct debits yet.'}
            </EmptyState>
          }
        >
          {({ items }) => (
            <Stack gap="xs" aria-busy={list.isFetching}>
              <DebitsTable items={items} />
              <Text
                size="sm"
                role="status"
              >{`Showing ${items.length} direct ${items.length === 1 ? 'debit' : 'debits'}.`}</Text>
            </Stack>
          )}
        </QueryState>
        {data ? <Pager page={data} busy={list.isFetching} onChange={setPage} /> : null}
      </Stack>
    </Paper>
  );
}
