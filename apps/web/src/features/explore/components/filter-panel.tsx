import {
  CHARITY_TYPES,
  ENDING_SOON_DAYS,
  GIFT_TYPES,
  GIVING_TYPES,
  GROUP_TYPES,
  SKILL_TYPES,
} from '@kindred/shared';
import { Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type FormEvent, lazy, type ReactNode, useState } from 'react';
import { OnceOpened } from '@/components/ui/once-opened';
import {
  activeFilterCount,
  type ExploreFilters,
  effectiveSort,
  GIVING_KIND_IDS,
  hasPlace,
  type ProjectSort,
} from '../filters';
import { PlaceFilter } from './place-filter';

// The phone's filter drawer loads the first time it opens (not part of the first load).
const FilterDrawer = lazy(async () => ({ default: (await import('./filter-drawer')).FilterDrawer }));

export interface FilterPanelProps {
  filters: ExploreFilters;
  onChange: (patch: Partial<ExploreFilters>) => void;
  onClear: () => void;
}

const optionsOf = (list: ReadonlyArray<{ id: number; label: string }>, any: string) => [
  { value: '', label: any },
  ...list.map((item) => ({ value: String(item.id), label: item.label })),
];

/** The filters that hold one id of a reference list: their labels and choices ("" for any). */
const ID_FILTERS = {
  charityType: { label: 'Charity type', data: optionsOf(CHARITY_TYPES, 'Any type') },
  givingKind: {
    label: 'Kind of giving',
    data: optionsOf(
      GIVING_TYPES.filter((type) => (GIVING_KIND_IDS as readonly number[]).includes(type.id)),
      'Any kind',
    ),
  },
  skillType: { label: 'Skill', data: optionsOf(SKILL_TYPES, 'Any skill') },
  giftType: { label: 'Gift', data: optionsOf(GIFT_TYPES, 'Any gift') },
  groupType: { label: 'Group type', data: optionsOf(GROUP_TYPES, 'Any type') },
};

const idOf = (value: string) => (value ? Number(value) : null);

/** The text search: applied on submit (Enter or the button), not on every key. */
function SearchField({
  value,
  onSearch,
  label,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
}) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is new (no role in older browsers nor jsdom); the role works everywhere.
    <form onSubmit={submit} role="search" aria-label={label}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Search"
          type="search"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}

export function ClearButton({ filters, onClear }: { filters: ExploreFilters; onClear: () => void }) {
  if (activeFilterCount(filters) === 0) return null;
  return (
    <Button variant="subtle" onClick={onClear}>
      Clear filters
    </Button>
  );
}

/** Phones: below 48em the filters wait behind a button so that the first screen shows results. */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * The search field and the filters of a tab. On a wide screen both sit in one panel; on a phone the
 * search stays in view and the filters open in a drawer from a "Filters (n)" button, n being how
 * many of them narrow the results. A change applies at once, as on a wide screen.
 */
export function FilterLayout({
  searchLabel,
  filters,
  onChange,
  children,
}: {
  /** The search's name, e.g. 'Search projects'. */
  searchLabel: string;
  filters: ExploreFilters;
  onChange: FilterPanelProps['onChange'];
  children: ReactNode;
}) {
  const search = (
    <SearchField key={filters.q} value={filters.q} label={searchLabel} onSearch={(q) => onChange({ q })} />
  );
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [opened, { open, close }] = useDisclosure(false);
  if (!phone) {
    return (
      <Paper withBorder p="md">
        <Stack gap="md">
          {search}
          {children}
        </Stack>
      </Paper>
    );
  }
  const count = activeFilterCount(filters) - (filters.q ? 1 : 0);
  return (
    <Stack gap="sm">
      {search}
      <Group>
        <Button variant="default" onClick={open} aria-haspopup="dialog" aria-expanded={opened}>
          {`Filters (${count})`}
        </Button>
      </Group>
      <OnceOpened opened={opened}>
        <FilterDrawer opened={opened} onClose={close}>
          {children}
        </FilterDrawer>
      </OnceOpened>
    </Stack>
  );
}

/** The project filters: words, charity type, kind of giving, skill, gift, place, ending soon, sort. */
export function ProjectFilterPanel({ filters, onChange, onClear }: FilterPanelProps) {
  const place = hasPlace(filters);
  const defaultSort: ProjectSort = filters.endingSoon ? 'ending' : place ? 'nearest' : 'newest';
  const sort = effectiveSort(filters) ?? defaultSort;
  return (
    <FilterLayout searchLabel="Search projects" filters={filters} onChange={onChange}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <IdSelect field="charityType" filters={filters} onChange={onChange} />
        <IdSelect field="givingKind" filters={filters} onChange={onChange} />
        <IdSelect field="skillType" filters={filters} onChange={onChange} />
        <IdSelect field="giftType" filters={filters} onChange={onChange} />
      </SimpleGrid>
      <PlaceFilter filters={filters} onChange={onChange} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="lg">
          <Checkbox
            label="Ending soon"
            description={`Within ${ENDING_SOON_DAYS} days`}
            checked={filters.endingSoon}
            onChange={(event) => onChange({ endingSoon: event.currentTarget.checked })}
          />
          <NativeSelect
            label="Sort by"
            value={sort}
            data={[
              { value: 'newest', label: 'Newest' },
              { value: 'ending', label: 'Ending soonest' },
              { value: 'nearest', label: place ? 'Nearest' : 'Nearest (choose a place)', disabled: !place },
              { value: 'supported', label: 'Most supported' },
            ]}
            onChange={(event) => onChange({ sort: event.currentTarget.value as ProjectSort })}
          />
        </Group>
        <ClearButton filters={filters} onClear={onClear} />
      </Group>
    </FilterLayout>
  );
}

/** A filter choosing one id of a reference list ("" for any). */
function IdSelect(props: {
  field: keyof typeof ID_FILTERS;
  filters: ExploreFilters;
  onChange: FilterPanelProps['onChange'];
}) {
  const value = props.filters[props.field];
  return (
    <NativeSelect
      label={ID_FILTERS[props.field].label}
      data={ID_FILTERS[props.field].data}
      value={value === null ? '' : String(value)}
      onChange={(event) => props.onChange({ [props.field]: idOf(event.currentTarget.value) })}
    />
  );
}

/** The charity filters: words, charity type and place. */
export function CharityFilterPanel({ filters, onChange, onClear }: FilterPanelProps) {
  return (
    <FilterLayout searchLabel="Search charities" filters={filters} onChange={onChange}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <IdSelect field="charityType" filters={filters} onChange={onChange} />
      </SimpleGrid>
      <PlaceFilter filters={filters} onChange={onChange} />
      <Group justify="flex-end">
        <ClearButton filters={filters} onClear={onClear} />
      </Group>
    </FilterLayout>
  );
}

/** The group filters: words and group type. */
export function GroupFilterPanel({ filters, onChange, onClear }: FilterPanelProps) {
  return (
    <FilterLayout searchLabel="Search groups" filters={filters} onChange={onChange}>
      <Group align="flex-end" justify="space-between">
        <IdSelect field="groupType" filters={filters} onChange={onChange} />
        <ClearButton filters={filters} onClear={onClear} />
      </Group>
    </FilterLayout>
  );
}
