import { GIVING_TYPES, TRANSACTION_STATUSES } from '@kindred/shared';
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateField } from '@/components/ui/date-field';
import { ShowMore } from '@/components/ui/pager';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { donationQueries } from '@/entities/donation';
import { type FilterKey, filtersFrom, withFilter, withoutFilters } from '../lib/filters';
import { DeclinedList } from './declined-list';
import { DonationCard, DonationList } from './donation-card';
import { FutureList } from './future-list';

const GIVEN_TYPES = GIVING_TYPES.filter((t) => t.id !== 1);

export const DONATION_VIEWS = [
  { value: 'all', label: 'All' },
  { value: 'declined', label: 'Declined' },
  { value: 'coming', label: 'Coming' },
] as const;
type View = (typeof DONATION_VIEWS)[number]['value'];

function viewOf(params: URLSearchParams): View {
  const value = params.get('view');
  return DONATION_VIEWS.some((v) => v.value === value) ? (value as View) : 'all';
}

/** Projects and charities met in the donor's donations so far: the choices of two filters. */
function useSeenTargets(
  items: { project: { id: number; title: string } | null; charity: { id: number; name: string } }[],
) {
  const [seen, setSeen] = useState(() => ({
    projects: new Map<number, string>(),
    charities: new Map<number, string>(),
  }));
  useEffect(() => {
    setSeen((current) => {
      let changed = false;
      const projects = new Map(current.projects);
      const charities = new Map(current.charities);
      for (const item of items) {
        if (item.project && !projects.has(item.project.id)) {
          projects.set(item.project.id, item.project.title);
          changed = true;
        }
        if (!charities.has(item.charity.id)) {
          charities.set(item.charity.id, item.charity.name);
          changed = true;
        }
      }
      return changed ? { projects, charities } : current;
    });
  }, [items]);
  return seen;
}

function options(map: Map<number, string>, selected: number | undefined, fallback: string, all: string) {
  const entries = [...map.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  if (selected !== undefined && !map.has(selected)) entries.push([selected, `${fallback} ${selected}`]);
  return [{ value: '', label: all }, ...entries.map(([id, name]) => ({ value: String(id), label: name }))];
}

function AllDonations({ onOpen }: { onOpen: (id: number) => void }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const rangeError =
    filters.from && filters.to && filters.to < filters.from ? 'The end date is before the start date.' : null;
  const query = useInfiniteQuery({ ...donationQueries.mine(filters), enabled: !rangeError });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const seen = useSeenTargets(items);
  const filtered = Object.keys(filters).length > 0;

  const set = (key: FilterKey, value: string | null) =>
    setParams((current) => withFilter(current, key, value), { replace: true });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm" role="group" aria-label="Filters">
        <NativeSelect
          label="Kind of giving"
          data={[
            { value: '', label: 'All kinds' },
            ...GIVEN_TYPES.map((t) => ({ value: String(t.id), label: t.label })),
          ]}
          value={filters.type ? String(filters.type) : ''}
          onChange={(event) => set('type', event.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          data={[
            { value: '', label: 'All statuses' },
            ...TRANSACTION_STATUSES.map((s) => ({ value: String(s.id), label: s.label })),
          ]}
          value={filters.status ? String(filters.status) : ''}
          onChange={(event) => set('status', event.currentTarget.value)}
        />
        <NativeSelect
          label="Project"
          data={options(seen.projects, filters.project_id, 'Project', 'All projects')}
          value={filters.project_id ? String(filters.project_id) : ''}
          onChange={(event) => set('project_id', event.currentTarget.value)}
        />
        <NativeSelect
          label="Charity"
          data={options(seen.charities, filters.charity_id, 'Charity', 'All charities')}
          value={filters.charity_id ? String(filters.charity_id) : ''}
          onChange={(event) => set('charity_id', event.currentTarget.value)}
        />
        <DateField label="From" value={filters.from ?? null} onChange={(value) => set('from', value)} />
        <DateField
          label="To"
          value={filters.to ?? null}
          onChange={(value) => set('to', value)}
          error={rangeError}
          aria-invalid={rangeError ? true : undefined}
        />
      </SimpleGrid>
      {filtered ? (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setParams((current) => withoutFilters(current), { replace: true })}
          >
            Clear filters
          </Button>
        </Group>
      ) : null}

      {rangeError ? null : query.isError && !query.data ? (
        <FailedState title="Your donations could not be loaded" error={query.error} onRetry={query.refetch} />
      ) : !query.data ? (
        <LoadingState label="Loading your donations…" />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState variant="text">
            No donations match these filters. Clear a filter to see more.
          </EmptyState>
        ) : (
          <EmptyState
            action={
              <Anchor component={Link} to="/explore">
                Explore projects to support
              </Anchor>
            }
          >
            You have not given yet. Find a project or a charity and give funds, time, skills or goods.
          </EmptyState>
        )
      ) : (
        <Stack gap="sm" aria-busy={query.isFetching}>
          <DonationList label="Your donations">
            {items.map((donation) => (
              <DonationCard key={donation.id} donation={donation} onOpen={onOpen} />
            ))}
          </DonationList>
          <Text size="sm" role="status">
            {`Showing ${items.length} ${items.length === 1 ? 'donation' : 'donations'}, newest first.`}
          </Text>
          <ShowMore query={query}>Show older donations</ShowMore>
        </Stack>
      )}
    </Stack>
  );
}

/** The Donations tab: every donation with filters, the declined ones and the coming ones. */
export function DonationsTab({ onOpen }: { onOpen: (id: number) => void }) {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Which donations"
        data={DONATION_VIEWS.map((v) => ({ value: v.value, label: v.label }))}
        value={view}
        onChange={(value) =>
          setParams((current) => {
            const next = withoutFilters(current);
            if (value === 'all') next.delete('view');
            else next.set('view', value);
            return next;
          })
        }
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'all' ? <AllDonations onOpen={onOpen} /> : null}
      {view === 'declined' ? <DeclinedList onOpen={onOpen} /> : null}
      {view === 'coming' ? <FutureList /> : null}
    </Stack>
  );
}
