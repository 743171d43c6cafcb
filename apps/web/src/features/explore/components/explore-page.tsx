import type { CharityCard, GroupCard, ProjectCard } from '@kindred/shared';
import { Button, Group, Paper, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useRef } from 'react';
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
import { ExploreMap } from '../map/lazy';
import { CharityCardView } from './charity-card';
import { CharityFilterPanel, GroupFilterPanel, ProjectFilterPanel } from './filter-panel';
import { GroupCardView } from './group-card';
import { ProjectCardView } from './project-card';
import { Results } from './results';

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

function ProjectsTab({ filters, update, clear }: TabProps) {
  const listQuery = useMemo(() => projectListQuery(filters), [filters]);
  const mapQuery = useMemo(() => projectFilterQuery(filters), [filters]);
  const list = useProjectList(listQuery, filters.view === 'list');
  return (
    <Stack gap="md">
      <ProjectFilterPanel filters={filters} onChange={update} onClear={clear} />
      <Group justify="space-between">
        <Title order={2} size="h3">
          Projects
        </Title>
        <ViewToggle view={filters.view} onChange={(view) => update({ view })} />
      </Group>
      {filters.view === 'map' ? (
        <ExploreMap
          kind="project"
          query={mapQuery}
          noun={['project', 'projects']}
          linkTo={(id) => `/projects/${id}`}
        />
      ) : (
        <Results<ProjectCard>
          result={list}
          noun={['project', 'projects']}
          keyOf={(project) => project.id}
          render={(project) => <ProjectCardView project={project} />}
          empty={<EmptyState noun="projects" filtered={activeFilterCount(filters) > 0} onClear={clear} />}
        />
      )}
    </Stack>
  );
}

function CharitiesTab({ filters, update, clear }: TabProps) {
  const query = useMemo(() => charityListQuery(filters), [filters]);
  const list = useCharityList(query, filters.view === 'list');
  return (
    <Stack gap="md">
      <CharityFilterPanel filters={filters} onChange={update} onClear={clear} />
      <Group justify="space-between">
        <Title order={2} size="h3">
          Charities
        </Title>
        <ViewToggle view={filters.view} onChange={(view) => update({ view })} />
      </Group>
      {filters.view === 'map' ? (
        <ExploreMap
          kind="charity"
          query={query}
          noun={['charity', 'charities']}
          linkTo={(id) => `/charities/${id}`}
        />
      ) : (
        <Results<CharityCard>
          result={list}
          noun={['charity', 'charities']}
          keyOf={(charity) => charity.id}
          render={(charity) => <CharityCardView charity={charity} />}
          empty={<EmptyState noun="charities" filtered={activeFilterCount(filters) > 0} onClear={clear} />}
        />
      )}
    </Stack>
  );
}

function GroupsTab({ filters, update, clear }: TabProps) {
  const query = useMemo(() => groupListQuery(filters), [filters]);
  const list = useGroupList(query);
  return (
    <Stack gap="md">
      <GroupFilterPanel filters={filters} onChange={update} onClear={clear} />
      <Title order={2} size="h3">
        Groups
      </Title>
      <Results<GroupCard>
        result={list}
        noun={['group', 'groups']}
        keyOf={(group) => group.id}
        render={(group) => <GroupCardView group={group} />}
        empty={<EmptyState noun="groups" filtered={activeFilterCount(filters) > 0} onClear={clear} />}
      />
    </Stack>
  );
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
