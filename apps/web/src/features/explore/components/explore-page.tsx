import type { CharityCard, GroupCard, ProjectCard } from '@kindred/shared';
import { Button, Group, Paper, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { type ComponentType, type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { useCharityList, useGroupList, useProjectList } from '../api/explore';
import {
  activeFilterCount,
  charityListQuery,
  clearedFilters,
  type ExploreFilters,
  type ExploreTab,
  type ExploreView,
  filtersToParams,
  groupListQuery,
  parseFilters,
  projectFilterQuery,
  projectListQuery,
  withFilters,
} from '../filters';
import { ExploreMap, type ExploreMapProps } from '../map/lazy';
import { CharityCardView } from './charity-card';
import {
  CharityFilterPanel,
  type FilterPanelProps,
  GroupFilterPanel,
  ProjectFilterPanel,
} from './filter-panel';
import { GroupCardView } from './group-card';
import { ProjectCardView } from './project-card';
import { Results, type ResultsProps } from './results';

/** The filters of the URL, and a way to change them (each change is a history entry). */
export function useExploreFilters() {
  const [params, setParams] = useSearchParams();
  // Two changes before the URL catches up (two filters picked quickly) must both be kept: each
  // builds on the newest parameters asked for, not on those of the last render.
  const latest = useRef(params);
  latest.current = params;
  const filters = useMemo(() => parseFilters(params), [params]);
  const update = useCallback(
    (patch: Partial<ExploreFilters>) => {
      const next = withFilters(latest.current, patch);
      latest.current = next;
      setParams(next, { preventScrollReset: true });
    },
    [setParams],
  );
  const clear = useCallback(
    () => setParams(filtersToParams(clearedFilters(filters)), { preventScrollReset: true }),
    [filters, setParams],
  );
  return { filters, update, clear };
}

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

interface TabProps {
  filters: ExploreFilters;
  update: (patch: Partial<ExploreFilters>) => void;
  clear: () => void;
}

/** What sets one tab of explore apart: its filters, what it lists and how a card shows one. */
interface TabKind<T> {
  Panel: ComponentType<FilterPanelProps>;
  /** 'Projects', and 'project' and 'projects'. */
  title: string;
  noun: readonly [string, string];
  render: (item: T) => ReactNode;
}

const PROJECTS: TabKind<ProjectCard> = {
  Panel: ProjectFilterPanel,
  title: 'Projects',
  noun: ['project', 'projects'],
  render: (project) => <ProjectCardView project={project} />,
};
const CHARITIES: TabKind<CharityCard> = {
  Panel: CharityFilterPanel,
  title: 'Charities',
  noun: ['charity', 'charities'],
  render: (charity) => <CharityCardView charity={charity} />,
};
const GROUPS: TabKind<GroupCard> = {
  Panel: GroupFilterPanel,
  title: 'Groups',
  noun: ['group', 'groups'],
  render: (group) => <GroupCardView group={group} />,
};

interface ResultsTabProps<T> extends TabProps {
  kind: TabKind<T>;
  list: ResultsProps<T>['result'];
  /** Where the tab has a map: its kind, its query and where a point leads; a switch shows it. */
  map?: Pick<ExploreMapProps, 'kind' | 'query' | 'linkTo'>;
}

/**
 * One tab of explore: its filters, its heading (with the switch between list and map, where it has
 * a map), then its cards or its map.
 */
function ResultsTab<T extends { id: number }>({
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

function ProjectsTab(props: TabProps) {
  const { filters } = props;
  const listQuery = useMemo(() => projectListQuery(filters), [filters]);
  const mapQuery = useMemo(() => projectFilterQuery(filters), [filters]);
  const list = useProjectList(listQuery, filters.view === 'list');
  const map = { kind: 'project', query: mapQuery, linkTo: (id: number) => `/projects/${id}` } as const;
  return <ResultsTab {...props} kind={PROJECTS} list={list} map={map} />;
}

function CharitiesTab(props: TabProps) {
  const { filters } = props;
  const query = useMemo(() => charityListQuery(filters), [filters]);
  const list = useCharityList(query, filters.view === 'list');
  const map = { kind: 'charity', query, linkTo: (id: number) => `/charities/${id}` } as const;
  return <ResultsTab {...props} kind={CHARITIES} list={list} map={map} />;
}

function GroupsTab(props: TabProps) {
  const query = useMemo(() => groupListQuery(props.filters), [props.filters]);
  const list = useGroupList(query);
  return <ResultsTab {...props} kind={GROUPS} list={list} />;
}

/**
 * `/explore`: projects, charities and groups, with filters in the URL (shareable; back and
 * forward walk them), keyset-paged cards and a map of projects or charities.
 */
export function ExplorePage() {
  const { filters, update, clear } = useExploreFilters();
  return (
    <Page
      title="Explore"
      size="xl"
      description={<Text>Find projects and charities to support with funds, time, skills and gifts.</Text>}
    >
      <Tabs
        value={filters.tab}
        onChange={(tab) => tab && update({ tab: tab as ExploreTab })}
        keepMounted={false}
        activateTabWithKeyboard
      >
        <Tabs.List aria-label="Explore">
          <Tabs.Tab value="projects">Projects</Tabs.Tab>
          <Tabs.Tab value="charities">Charities</Tabs.Tab>
          <Tabs.Tab value="groups">Groups</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="projects" pt="md">
          <ProjectsTab filters={filters} update={update} clear={clear} />
        </Tabs.Panel>
        <Tabs.Panel value="charities" pt="md">
          <CharitiesTab filters={filters} update={update} clear={clear} />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="md">
          <GroupsTab filters={filters} update={update} clear={clear} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
