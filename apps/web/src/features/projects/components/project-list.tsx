import { formatMoney } from '@kindred/shared';
import { Anchor, Button, Group, Paper, Stack, Table, Tabs, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ShowMore } from '@/components/ui/pager';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
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
  if (query.isPending) return <LoadingState label={`Loading ${tab.label.toLowerCase()} projects…`} />;
  if (query.isError) {
    return (
      <FailedState title="The projects could not be loaded." error={query.error} onRetry={query.refetch} />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState>{tab.empty}</EmptyState>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label={`${tab.label} projects`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Starts</Table.Th>
              <Table.Th>Ends</Table.Th>
              <Table.Th>Needs</Table.Th>
              <Table.Th>Funds raised</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((project) => (
              <Table.Tr key={project.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/charity/projects/${project.id}`} fw={600}>
                    {project.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{showDate(project.start_date)}</Table.Td>
                <Table.Td>{showDate(project.end_date)}</Table.Td>
                <Table.Td>{needsOf(project)}</Table.Td>
                <Table.Td>
                  {project.funds_target
                    ? `${formatMoney(project.funds_raised)} of ${formatMoney(project.funds_target)}`
                    : formatMoney(project.funds_raised)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
    <Paper p="lg" withBorder component="section" aria-labelledby="charity-projects-heading">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="charity-projects-heading">
            Projects
          </Title>
          {canCreate ? (
            <Button component={Link} to="/charity/projects/new">
              New project
            </Button>
          ) : null}
        </Group>
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
      </Stack>
    </Paper>
  );
}
