import { type DirectDebit, formatMoney } from '@kindred/shared';
import { NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { type PagePosition, Pager } from '@/components/ui/pager';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { useCurrentUser } from '@/entities/session';
import { adminDirectDebitQueries } from '../api/admin';
import { moneyAdminRole } from '../lib/admin';
import { formatDate } from '../lib/dates';
import { DIRECT_DEBIT_STATUS, directDebitTypeLabel, frequencyLabel } from '../lib/labels';
import { ADMIN_ONLY_MESSAGE } from './admin-money-screen';
import { AdminMoneyNav } from './admin-nav';
import { StatusBadge } from './direct-debits-section';
import { ScrollRegion } from './scroll-region';

type Status = DirectDebit['status'];

function DebitsTable({ items }: { items: DirectDebit[] }) {
  return (
    <ScrollRegion label="Direct debits table">
      <Table striped miw={820} verticalSpacing="xs">
        <Table.Caption>Newest first.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Id</Table.Th>
            <Table.Th scope="col">Owner</Table.Th>
            <Table.Th scope="col">For</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col">How often</Table.Th>
            <Table.Th scope="col">Next charge</Table.Th>
            <Table.Th scope="col">Card</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Failures</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((debit) => (
            <Table.Tr key={debit.id}>
              <Table.Td>{debit.id}</Table.Td>
              <Table.Td>{`${debit.owner_type === 'user' ? 'Person' : 'Organisation'} #${debit.owner_id}`}</Table.Td>
              <Table.Td>
                {directDebitTypeLabel(debit.type)}
                {debit.charity_id ? ` (charity #${debit.charity_id})` : ''}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(debit.amount, debit.currency)}
              </Table.Td>
              <Table.Td>{frequencyLabel(debit.frequency)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {debit.status === 'active' ? formatDate(debit.next_charge_on) : '—'}
              </Table.Td>
              <Table.Td>{debit.payment_method_label}</Table.Td>
              <Table.Td>
                <StatusBadge status={debit.status} />
              </Table.Td>
              <Table.Td>
                {debit.failed_attempts > 0
                  ? `${debit.failed_attempts}${debit.last_error ? `: ${debit.last_error}` : ''}`
                  : 'None'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** /admin/direct-debits: every direct debit, filtered by status, keyset paged (Employees may view). */
export function AdminDirectDebitsScreen() {
  const role = moneyAdminRole(useCurrentUser());
  if (role === 'none') {
    return (
      <Page title="All direct debits">
        <Text>{ADMIN_ONLY_MESSAGE}</Text>
      </Page>
    );
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
        {list.isError && !data ? (
          <FailedState
            title="The direct debits could not be loaded"
            error={list.error}
            onRetry={list.refetch}
          />
        ) : !data ? (
          <LoadingState layout="inline" label="Loading the direct debits…" />
        ) : data.items.length === 0 ? (
          <EmptyState variant="text">
            {status
              ? `No ${DIRECT_DEBIT_STATUS[status].label.toLowerCase()} direct debits.`
              : 'No direct debits yet.'}
          </EmptyState>
        ) : (
          <Stack gap="xs" aria-busy={list.isFetching}>
            <DebitsTable items={data.items} />
            <Text
              size="sm"
              role="status"
            >{`Showing ${data.items.length} direct ${data.items.length === 1 ? 'debit' : 'debits'}.`}</Text>
          </Stack>
        )}
        {data ? <Pager page={data} busy={list.isFetching} onChange={setPage} /> : null}
      </Stack>
    </Paper>
  );
}
