import type { CharityCard, GroupCard, ProjectCard } from '@kindred/shared';
import { Tabs, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/states';
import { useCharityList, useGroupList, useProjectList } from '../api/explore';
import {
  charityListQuery,
  clearedFilters,
  type ExploreFilters,
  type ExploreTab,
  filtersToParams,
  groupListQuery,
  parseFilters,
  projectFilterQuery,
  projectListQuery,
  withFilters,
} from '../filters';
import { CharityCardView } from './charity-card';
import { CharityFilterPanel, GroupFilterPanel, ProjectFilterPanel } from './filter-panel';
import { GroupCardView } from './group-card';
import { ProjectCardView } from './project-card';
import { ResultsTab, type TabKind, type TabProps } from './results-tab';

// The fundraisers' tab, its cards and their progress load the first time it opens (not part of the
// first load of /explore, decision 017).
const FundraisersTab = lazy(async () => ({ default: (await import('./fundraisers-tab')).FundraisersTab }));

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
 * `/explore`: projects, charities, groups and fundraising pages, with filters in the URL (shareable;
 * back and forward walk them), keyset-paged cards and a map of projects or charities.
 */
export function ExplorePage() {
  const { filters, update, clear } = useExploreFilters();
  return (
    <Page
      title="Explore"
      size="xl"
      description={
        <Text>Find projects, charities and fundraisers to support with funds, time, skills and gifts.</Text>
      }
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
          <Tabs.Tab value="fundraisers">Fundraisers</Tabs.Tab>
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
        <Tabs.Panel value="fundraisers" pt="md">
          <Suspense fallback={<LoadingState label="Loading fundraisers…" />}>
            <FundraisersTab filters={filters} update={update} clear={clear} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
