import { formatMoney } from '@kindred/shared';
import { Anchor, Button, Stack, Tabs } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ShowMore } from '@/components/ui/pager';
import { QueryFallback } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { needsOf, projectQueries } from '@/entities/project';
import { showDate } from '@/lib/format';

/** The status tabs, in the order a project moves through them. */
export const STATUS_TABS = [
  { value: 'draft', status: 1, label: 'Draft', empty: 'No drafts. Start a new project.' },
  { value: 'live', status: 2, label: 'Live', empty: 'No live projects. Publish a draft to go live.' },
  { value: 'completed', status: 3, label: 'Completed', empty: 'No completed projects.' },
  { value: 'finished', status: 9, label: 'Finished', empty: 'No finished projects.' },
  { value: 'cancelled', status: 0, label: 'Cancelled', empty: 'No cancelled projects.' },
  {
    value: 'expired',
    status: 'expired',
    label: 'Past end date',
    empty: 'No project ended by its end date. Those can be extended.',
  },
] as const;
type StatusTab = (typeof STATUS_TABS)[number];

function ProjectList({ charityId, tab }: { charityId: number; tab: StatusTab }) {
  const query = useInfiniteQuery(projectQueries.ofCharity(charityId, tab.status));
  if (!query.isSuccess)
    return (
      <QueryFallback
        query={query}
        loading={`Loading ${tab.label.toLowerCase()} projects…`}
        failed="The projects could not be loaded."
      />
    );
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState>{tab.empty}</EmptyState>;
  return (
    <Stack gap="sm">
      <ResponsiveTable
        aria-label={`${tab.label} projects`}
        verticalSpacing="sm"
        rows={items}
        rowKey={(project) => project.id}
        columns={[
          {
            header: 'Project',
            rowHeader: true,
            cell: (project) => (
              <Anchor component={Link} to={`/charity/projects/${project.id}`} fw={600}>
                {project.title}
              </Anchor>
            ),
          },
          { header: 'Starts', cell: (project) => showDate(project.start_date) },
          { header: 'Ends', cell: (project) => showDate(project.end_date) },
          { header: 'Needs', cell: (project) => needsOf(project) },
          {
            header: 'Funds raised',
            cell: (project) =>
              project.funds_target
                ? `${formatMoney(project.funds_raised)} of ${formatMoney(project.funds_target)}`
                : formatMoney(project.funds_raised),
          },
        ]}
      />
      <ShowMore query={query}>Show more</ShowMore>
    </Stack>
  );
}

export interface ProjectListSectionProps {
  /** Whose projects: the charity's. */
  charityId: number;
  /** Whether the person may create projects (Manage projects). */
  canCreate: boolean;
}

/** The projects of a charity by status, and "New project". */
export function ProjectListSection({ charityId, canCreate }: ProjectListSectionProps) {
  const [params, setParams] = useSearchParams();
  const current = STATUS_TABS.find((tab) => tab.value === params.get('status')) ?? STATUS_TABS[1];
  return (
    <TitledSection
      id="charity-projects-heading"
      title="Projects"
      action={
        canCreate ? (
          <Button component={Link} to="/charity/projects/new">
            New project
          </Button>
        ) : null
      }
    >
      <Tabs
        value={current.value}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          next.set('status', value ?? 'live');
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Project status">
          {STATUS_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STATUS_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            <ProjectList charityId={charityId} tab={tab} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </TitledSection>
  );
}
