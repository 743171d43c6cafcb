import type { AdminUser } from '@kindred/shared';
import { Anchor, Badge, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PagedTable } from '@/components/ui/paged-table';
import { EmptyState } from '@/components/ui/states';
import { ADMIN_TYPE_LABELS } from '@/entities/session';
import { showDate } from '@/lib/format';
import { type UserFilters, userListQueries } from '../api/get-users';
import { AdminPage } from './admin-only';
import { FilterBar, type FilterChoice, FilterSelect, useListFilters } from './filter-select';

const STATUS_CHOICES: FilterChoice<UserFilters['status']>[] = [
  { value: '', label: 'Any' },
  { value: 'active', label: 'Activated' },
  { value: 'not_activated', label: 'Not activated' },
  { value: 'deactivated', label: 'Deactivated' },
  { value: 'deleted', label: 'Deleted' },
];

const ADMIN_CHOICES: FilterChoice<UserFilters['platform_admin']>[] = [
  { value: '', label: 'Everyone' },
  { value: 'yes', label: 'Only platform admins' },
  { value: 'no', label: 'No platform admins' },
];

export function personStatus(user: AdminUser): string {
  if (user.deleted) return 'Deleted';
  if (user.deactivated) return 'Deactivated';
  return user.is_active ? 'Activated' : 'Not activated';
}

/** `/admin/people`: find anyone by name or email, filter, page. */
export function PeopleScreen() {
  const { filters, position, setPosition, change } = useListFilters<UserFilters>({
    q: '',
    status: '',
    platform_admin: '',
  });
  const [q] = useDebouncedValue(filters.q, 300);
  const list = useQuery(userListQueries.page({ ...filters, q }, position));

  return (
    <AdminPage title="People" description={<Text>Everyone with an account, newest first.</Text>}>
      <FilterBar label="Find people">
        <TextInput
          label="Name or email"
          value={filters.q}
          onChange={(event) => change({ q: event.currentTarget.value })}
          maxLength={200}
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          choices={STATUS_CHOICES}
          onChange={(value) => change({ status: value ?? '' })}
        />
        <FilterSelect
          label="Platform admins"
          value={filters.platform_admin}
          choices={ADMIN_CHOICES}
          onChange={(value) => change({ platform_admin: value ?? '' })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        loading="Loading people…"
        failed="The people could not be loaded."
        empty={<EmptyState>No one matches. Try another name, email or filter.</EmptyState>}
        keepDataOnError
        onPage={setPosition}
        aria-label="People"
        rowKey={(user) => user.id}
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (user) => (
              <Anchor component={Link} to={`/admin/people/${user.id}`}>
                {`${user.first_name} ${user.last_name}`.trim()}
              </Anchor>
            ),
          },
          { header: 'Email', cell: (user) => user.email },
          { header: 'Status', cell: (user) => personStatus(user) },
          {
            header: 'Platform admin',
            cell: (user) =>
              user.is_iic_admin ? (
                <Badge variant="light">{ADMIN_TYPE_LABELS[user.admin_type ?? 0] ?? 'Admin'}</Badge>
              ) : (
                'No'
              ),
          },
          { header: 'Joined', cell: (user) => showDate(user.created_at) },
        ]}
      />
    </AdminPage>
  );
}
