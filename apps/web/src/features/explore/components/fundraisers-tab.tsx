import type { FundraiserCard as FundraiserCardData } from '@kindred/shared';
import { useMemo } from 'react';
import { FundraiserCard } from '@/entities/fundraiser';
import { todayIso } from '@/lib/format';
import { useFundraiserList } from '../api/explore';
import { fundraiserListQuery } from '../filters';
import { FundraiserFilterPanel } from './filter-panel';
import { ResultsTab, type TabKind, type TabProps } from './results-tab';

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
