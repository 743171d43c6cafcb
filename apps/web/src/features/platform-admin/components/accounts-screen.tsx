import { type AdminProject, PROJECT_STATUSES } from '@kindred/shared';
import { Anchor, Button, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type PagePosition, Pager } from '@/components/ui/pager';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { usePlatformAdmin } from '@/entities/session';
import { showDate } from '@/lib/format';
import { exportData } from '../api/export-data';
import { type AccountFilters, type AccountKind, accountQueries } from '../api/get-accounts';
import { AdminPage } from './admin-only';
import { FilterBar } from './filter-select';
import { projectColumns } from './project-columns';

const KINDS: { value: AccountKind; label: string }[] = [
  { value: 'charities', label: 'Charities' },
  { value: 'organisations', label: 'Organisations' },
  { value: 'projects', label: 'Projects' },
  { value: 'groups', label: 'Groups' },
];

const APPROVAL = [
  { value: '', label: 'Any' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const GROUP_TYPES = [
  { value: '', label: 'Any' },
  { value: '1', label: 'Organisation' },
  { value: '2', label: 'Individual' },
  { value: '3', label: 'Franchise' },
];

const projectStatusLabel = (status: number) =>
  PROJECT_STATUSES.find((entry) => entry.id === status)?.label ?? String(status);

function ExportButton({ type, id, label }: { type: 'business' | 'charity'; id: number; label: string }) {
  const canAct = usePlatformAdmin().act;
  if (!canAct) return null;
  return (
    // The row names the account: the button says "Export" and is named for it, so a long name
    // does not widen the table on a phone.
    <Button
      size="compact-sm"
      variant="default"
      aria-label={`Export ${label}`}
      onClick={() => exportData(type, id).catch(() => undefined)}
    >
      Export
    </Button>
  );
}

function AccountList({ kind, filters }: { kind: AccountKind; filters: AccountFilters }) {
  const [position, setPosition] = useState<PagePosition>({});
  const [q] = useDebouncedValue(filters.q, 300);
  const current = { ...filters, q };
  // A new search starts from the first page.
  const key = JSON.stringify(current);
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setPosition({});
  }
  const charities = useQuery({
    ...accountQueries.charities(current, position),
    enabled: kind === 'charities',
  });
  const organisations = useQuery({
    ...accountQueries.organisations(current, position),
    enabled: kind === 'organisations',
  });
  const projects = useQuery({ ...accountQueries.projects(current, position), enabled: kind === 'projects' });
  const groups = useQuery({ ...accountQueries.groups(current, position), enabled: kind === 'groups' });
  const list = { charities, organisations, projects, groups }[kind];

  if (list.isError && !list.data)
    return (
      <FailedState title="The accounts could not be loaded." error={list.error} onRetry={list.refetch} />
    );
  if (!list.data) return <LoadingState label="Loading accounts…" />;
  if (list.data.items.length === 0)
    return <EmptyState>Nothing matches. Try another name or filter.</EmptyState>;

  const table =
    kind === 'charities' && charities.data ? (
      <ResponsiveTable
        aria-label="Charities"
        rows={charities.data.items}
        rowKey={(row) => row.id}
        columns={[
          {
            header: 'Charity',
            rowHeader: true,
            cell: (row) => (
              <Anchor component={Link} to={`/charities/${row.id}`}>
                {row.name}
              </Anchor>
            ),
          },
          { header: 'Email', cell: (row) => row.email ?? '—' },
          { header: 'Approval', cell: (row) => row.approval_status },
          { header: 'Locked', cell: (row) => (row.lock_status ? 'Locked' : 'No') },
          { header: 'Added', cell: (row) => showDate(row.created_at) },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (row) => <ExportButton type="charity" id={row.id} label={row.name} />,
          },
        ]}
      />
    ) : kind === 'organisations' && organisations.data ? (
      <ResponsiveTable
        aria-label="Organisations"
        rows={organisations.data.items}
        rowKey={(row) => row.id}
        columns={[
          { header: 'Organisation', rowHeader: true, cell: (row) => row.name },
          { header: 'Approval', cell: (row) => row.approval_status },
          { header: 'Locked', cell: (row) => (row.lock_status ? 'Locked' : 'No') },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (row) => <ExportButton type="business" id={row.id} label={row.name} />,
          },
        ]}
      />
    ) : kind === 'projects' && projects.data ? (
      <ResponsiveTable
        aria-label="Projects"
        rows={projects.data.items}
        rowKey={(row) => row.id}
        columns={[
          ...projectColumns<AdminProject>(),
          { header: 'Status', cell: (row) => projectStatusLabel(row.status) },
          { header: 'Ends', cell: (row) => (row.end_date ? showDate(row.end_date) : '—') },
        ]}
      />
    ) : groups.data ? (
      <ResponsiveTable
        aria-label="Groups"
        rows={groups.data.items}
        rowKey={(row) => row.id}
        columns={[
          { header: 'Group', rowHeader: true, cell: (row) => row.name },
          {
            header: 'Type',
            cell: (row) => GROUP_TYPES.find((t) => t.value === String(row.group_type))?.label ?? '',
          },
          { header: 'Members', cell: (row) => row.members },
          { header: 'Joining', cell: (row) => (row.requires_approval ? 'Needs approval' : 'Open with PIN') },
        ]}
      />
    ) : null;

  return (
    <Stack gap="sm">
      {table}
      <Pager page={list.data} busy={list.isFetching} onChange={setPosition} />
    </Stack>
  );
}

/** `/admin/accounts`: charities, organisations, projects and groups, searchable and filterable. */
export function AccountsScreen() {
  const [params, setParams] = useSearchParams();
  const kind = (KINDS.find((k) => k.value === params.get('kind'))?.value ?? 'charities') as AccountKind;
  const [filters, setFilters] = useState<AccountFilters>({ q: '', status: '', locked: '' });
  const statusOptions =
    kind === 'projects'
      ? [
          { value: '', label: 'Any' },
          ...PROJECT_STATUSES.map((s) => ({ value: String(s.id), label: s.label })),
        ]
      : kind === 'groups'
        ? GROUP_TYPES
        : kind === 'organisations'
          ? APPROVAL.filter((option) => option.value !== '')
          : APPROVAL;

  return (
    <AdminPage
      title="Accounts"
      description={
        <Text>
          Charities, organisations, projects and groups. Approve and lock charities and organisations from{' '}
          <Anchor component={Link} to="/admin/charities">
            Charities for review
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/admin/organisations">
            Organisations for review
          </Anchor>
          .
        </Text>
      }
    >
      <Tabs
        value={kind}
        onChange={(value) => {
          setParams(value ? { kind: value } : {});
          setFilters({ q: '', status: '', locked: '' });
        }}
      >
        <Tabs.List>
          {KINDS.map((k) => (
            <Tabs.Tab key={k.value} value={k.value}>
              {k.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FilterBar label={`Find ${kind}`}>
        <TextInput
          label={kind === 'projects' ? 'Title' : 'Name'}
          value={filters.q}
          maxLength={200}
          onChange={(event) => setFilters({ ...filters, q: event.currentTarget.value })}
        />
        <Select
          label={kind === 'projects' ? 'Status' : kind === 'groups' ? 'Type' : 'Approval'}
          value={kind === 'organisations' && !filters.status ? 'approved' : filters.status}
          data={statusOptions}
          allowDeselect={false}
          onChange={(value) => setFilters({ ...filters, status: value ?? '' })}
        />
        {kind === 'charities' || kind === 'organisations' ? (
          <Select
            label="Locked"
            value={filters.locked}
            data={[
              { value: '', label: 'Any' },
              { value: 'yes', label: 'Locked' },
              { value: 'no', label: 'Not locked' },
            ]}
            allowDeselect={false}
            onChange={(value) =>
              setFilters({ ...filters, locked: (value ?? '') as AccountFilters['locked'] })
            }
          />
        ) : null}
      </FilterBar>
      <AccountList key={kind} kind={kind} filters={filters} />
    </AdminPage>
  );
}
