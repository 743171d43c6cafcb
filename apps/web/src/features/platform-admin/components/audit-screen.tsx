import type { AuditEntry } from '@kindred/shared';
import { Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { PagedTable } from '@/components/ui/paged-table';
import { EmptyState } from '@/components/ui/states';
import { showDateTime } from '@/lib/format';
import { type AuditFilters, auditQueries } from '../api/get-audit';
import { AdminPage } from './admin-only';
import { FilterBar, type FilterChoice, FilterSelect, useListFilters } from './filter-select';

const TARGETS: FilterChoice<AuditFilters['target_type']>[] = [
  { value: '', label: 'Anything' },
  { value: 'user', label: 'People' },
  { value: 'business', label: 'Organisations' },
  { value: 'charity', label: 'Charities' },
  { value: 'project', label: 'Projects' },
  { value: 'donation', label: 'Donations' },
  { value: 'group', label: 'Groups' },
];

const KIND: Record<string, string> = {
  user: 'person',
  business: 'organisation',
  charity: 'charity',
  project: 'project',
  donation: 'donation',
  group: 'group',
};

/** What an entry is about: its name and kind ("Riverside Trust (charity)"), or its kind and number. */
function aboutOf(entry: AuditEntry) {
  const kind = KIND[entry.target_type] ?? entry.target_type;
  if (entry.target_name) return `${entry.target_name} (${kind})`;
  const named = kind.charAt(0).toUpperCase() + kind.slice(1);
  return entry.target_id === null ? named : `${named} #${entry.target_id}`;
}

/** `/admin/audit`: who did what, to what, when and why. */
export function AuditScreen() {
  const { filters, position, setPosition, change } = useListFilters<AuditFilters>({
    action: '',
    target_type: '',
    target_id: '',
  });
  const [debounced] = useDebouncedValue(filters, 300);
  const list = useQuery(auditQueries.page(debounced, position));
  return (
    <AdminPage title="Audit log" description={<Text>Every admin action, newest first.</Text>}>
      <FilterBar label="Filter the audit log">
        <TextInput
          label="Action"
          description="For example user.deactivate"
          value={filters.action}
          maxLength={100}
          onChange={(event) => change({ action: event.currentTarget.value })}
        />
        <FilterSelect
          label="About"
          value={filters.target_type}
          choices={TARGETS}
          onChange={(value) => change({ target_type: value ?? '' })}
        />
        <TextInput
          label="Its number"
          inputMode="numeric"
          value={filters.target_id}
          maxLength={12}
          onChange={(event) => change({ target_id: event.currentTarget.value.replace(/\D/g, '') })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        loading="Loading the audit log…"
        failed="The audit log could not be loaded."
        empty={<EmptyState>No admin action matches.</EmptyState>}
        keepDataOnError
        onPage={setPosition}
        aria-label="Admin actions"
        rowKey={(entry) => entry.id}
        columns={[
          { header: 'When', rowHeader: true, cell: (entry) => showDateTime(entry.created_at) },
          { header: 'Who', cell: (entry) => entry.actor_name ?? 'Scheduled work' },
          { header: 'Action', cell: (entry) => entry.action },
          { header: 'About', cell: aboutOf },
          { header: 'Why', cell: (entry) => entry.reason ?? '—' },
        ]}
      />
    </AdminPage>
  );
}
