import type { FundraiserCard as FundraiserCardData } from '@kindred/shared';
import { Group, NativeSelect } from '@mantine/core';
import { useMemo } from 'react';
import { FundraiserCard } from '@/entities/fundraiser';
import { todayIso } from '@/lib/format';
import { useFundraiserList } from '../api/explore';
import { type FundraiserSort, fundraiserListQuery, fundraiserSort } from '../filters';
import { ClearButton, FilterLayout, type FilterPanelProps } from './filter-panel';
import { ResultsTab, type TabKind, type TabProps } from './results-tab';

/** The fundraiser filters: words (a page's title, its cause, its fundraiser) and the order. */
function FundraiserFilterPanel({ filters, onChange, onClear }: FilterPanelProps) {
  return (
    <FilterLayout searchLabel="Search fundraisers" filters={filters} onChange={onChange}>
      <Group align="flex-end" justify="space-between">
        <NativeSelect
          label="Sort by"
          value={fundraiserSort(filters)}
          data={[
            { value: 'raised', label: 'Most raised' },
            { value: 'ending', label: 'Ending soonest' },
            { value: 'newest', label: 'Newest' },
          ]}
          onChange={(event) => onChange({ sort: event.currentTarget.value as FundraiserSort })}
        />
        <ClearButton filters={filters} onClear={onClear} />
      </Group>
    </FilterLayout>
  );
}

/** Explore's fundraisers: open pages others can give through, by the entity's card. */
function fundraisersKind(today: string): TabKind<FundraiserCardData> {
  return {
    Panel: FundraiserFilterPanel,
    title: 'Fundraisers',
    noun: ['fundraising page', 'fundraising pages'],
    render: (page) => <FundraiserCard page={page} today={today} />,
  };
}

/**
 * The fundraisers' tab of explore (docs/product/fundraising-pages.md, "Lists"): open, visible
 * pages found by their title, cause or fundraiser, most raised first unless asked otherwise.
 * Loaded on demand: explore's first load does not carry it.
 */
export function FundraisersTab(props: TabProps) {
  const query = useMemo(() => fundraiserListQuery(props.filters), [props.filters]);
  const list = useFundraiserList(query);
  const kind = useMemo(() => fundraisersKind(todayIso()), []);
  return <ResultsTab {...props} kind={kind} list={list} />;
}
