/** One tab of explore (its filters, heading, list or map) and what its kinds share; the tabs are in explore-page.tsx and fundraisers-tab.tsx. */
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { activeFilterCount, type ExploreFilters, type ExploreView } from '../filters';
import { ExploreMap, type ExploreMapProps } from '../map/lazy';
import type { FilterPanelProps } from './filter-panel';
import { Results, type ResultsProps } from './results';

function EmptyState({ noun, filtered, onClear }: { noun: string; filtered: boolean; onClear: () => void }) {
  return (
    <Paper withBorder p="lg" data-testid="empty-state">
      <Stack gap="xs" align="flex-start">
        <Title order={3} size="h4">
          No {noun} match your search
        </Title>
        <Text size="sm">
          {filtered
            ? 'Try other words, fewer filters or a wider distance.'
            : `There are no ${noun} to show yet. Please come back soon.`}
        </Text>
        {filtered ? (
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ViewToggle({ view, onChange }: { view: ExploreView; onChange: (view: ExploreView) => void }) {
  return (
    <SegmentedControl
      aria-label="View"
      value={view}
      onChange={(value) => onChange(value as ExploreView)}
      data={[
        { value: 'list', label: 'List' },
        { value: 'map', label: 'Map' },
      ]}
    />
  );
}

export interface TabProps {
  filters: ExploreFilters;
  update: (patch: Partial<ExploreFilters>) => void;
  clear: () => void;
}

/** What sets one tab of explore apart: its filters, what it lists and how a card shows one. */
export interface TabKind<T> {
  Panel: ComponentType<FilterPanelProps>;
  /** 'Projects', and 'project' and 'projects'. */
  title: string;
  noun: readonly [string, string];
  render: (item: T) => ReactNode;
}

export interface ResultsTabProps<T> extends TabProps {
  kind: TabKind<T>;
  list: ResultsProps<T>['result'];
  /** Where the tab has a map: its kind, its query and where a point leads; a switch shows it. */
  map?: Pick<ExploreMapProps, 'kind' | 'query' | 'linkTo'>;
}

/**
 * One tab of explore: its filters, its heading (with the switch between list and map, where it has
 * a map), then its cards or its map.
 */
export function ResultsTab<T extends { id: number }>({
  filters,
  update,
  clear,
  kind,
  list,
  map,
}: ResultsTabProps<T>) {
  const { Panel, title, noun } = kind;
  return (
    <Stack gap="md">
      <Panel filters={filters} onChange={update} onClear={clear} />
      {map ? (
        <Group justify="space-between">
          <Title order={2} size="h3">
            {title}
          </Title>
          <ViewToggle view={filters.view} onChange={(view) => update({ view })} />
        </Group>
      ) : (
        <Title order={2} size="h3">
          {title}
        </Title>
      )}
      {map && filters.view === 'map' ? (
        <ExploreMap {...map} noun={noun} />
      ) : (
        <Results<T>
          result={list}
          noun={noun}
          keyOf={(item) => item.id}
          render={kind.render}
          empty={<EmptyState noun={noun[1]} filtered={activeFilterCount(filters) > 0} onClear={clear} />}
        />
      )}
    </Stack>
  );
}
