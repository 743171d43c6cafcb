import { type CharityMembership, formatMoney, PROJECT_STATUS } from '@kindred/shared';
import { Alert, Anchor, Button, Group, List, SimpleGrid, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { Picture } from '@/components/ui/picture';
import { charityAccess, charityDonationAccess, charityQueries } from '@/entities/charity';
import { charityDonationQueries } from '@/entities/donation';
import { projectQueries } from '@/entities/project';
import { DashboardSection, Stat, type Task, WaitingTasks } from './parts';

type Pages = { items: unknown[]; next_cursor: string | null }[] | undefined;

/** How many rows a first page holds, as "20" or "20 or more". */
function pageCount(pages: Pages): string | null {
  const first = pages?.[0];
  if (!first) return null;
  return first.next_cursor ? `${first.items.length} or more` : String(first.items.length);
}

/** The task of the rows a list's first page holds, when it holds any: "1 `one`" or "20 `many`". */
function pageTask(to: string, pages: Pages, one: string, many: string): Task[] {
  const rows = pages?.[0]?.items.length ?? 0;
  if (rows === 0) return [];
  return [{ to, label: rows === 1 ? `1 ${one}` : `${pageCount(pages)} ${many}` }];
}

/** The home of a person acting as a charity: its money, its projects and what waits for it. */
export function CharityDashboard({ membership }: { membership: CharityMembership }) {
  const id = membership.charity_id;
  const access = charityAccess(membership);
  const donations = charityDonationAccess(membership);
  const managesProjects = access.can('manage_projects');
  const financeAllowed = access.can('view_finance');
  const charity = useQuery(charityQueries.detail(id));
  const funds = useQuery({ ...charityQueries.funds(id), enabled: financeAllowed });
  const statistics = useQuery({ ...charityDonationQueries.statistics(id), enabled: donations.read });
  const live = useInfiniteQuery({
    ...projectQueries.ofCharity(id, PROJECT_STATUS.live),
    enabled: managesProjects,
  });
  const drafts = useInfiniteQuery({
    ...projectQueries.ofCharity(id, PROJECT_STATUS.draft),
    enabled: managesProjects,
  });
  const requests = useInfiniteQuery({ ...charityQueries.associationRequests(id), enabled: managesProjects });

  const currency = funds.data?.currency;
  const tasks: Task[] = [];
  const awaiting = statistics.data?.awaiting_approval ?? 0;
  if (donations.approve && awaiting > 0) {
    tasks.push({
      to: '/charity/donations',
      label:
        awaiting === 1
          ? '1 donation waits for your approval'
          : `${awaiting} donations wait for your approval`,
    });
  }
  tasks.push(
    ...pageTask(
      '/charity/requests',
      requests.data?.pages,
      'project asks to join your charity',
      'projects ask to join your charity',
    ),
    ...pageTask(
      '/charity/projects',
      drafts.data?.pages,
      'draft project to finish and publish',
      'draft projects to finish and publish',
    ),
  );
  const loadingTasks =
    (donations.approve && statistics.isPending) ||
    (managesProjects && (requests.isPending || drafts.isPending));
  const data = charity.data;

  return (
    <Page
      title={membership.name}
      description={
        <Group gap="sm" wrap="nowrap">
          {data?.logo ? (
            <Picture src={data.logo} kind="logo" alt="" width={48} height={48} radius={4} priority />
          ) : null}
          <Text>Your charity at a glance: its funds, its projects and what is waiting for you.</Text>
        </Group>
      }
    >
      {data?.approval_status === 'pending' ? (
        <Alert color="yellow" variant="light" title="Waiting for approval">
          A Kindred admin is reviewing {data.name}. Its projects can be published once it is approved.
        </Alert>
      ) : null}
      {data?.lock_status ? (
        <Alert color="red" variant="light" title="Locked">
          {data.name} is locked by Kindred: it cannot publish projects or move money.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {financeAllowed ? (
          <>
            <Stat
              label="Charity funds"
              value={funds.data ? formatMoney(funds.data.charity_funds, currency) : null}
              testId="charity-funds"
              link={{ to: '/charity/funds', label: 'Open funds' }}
            />
            <Stat
              label="Held in projects"
              value={funds.data ? formatMoney(funds.data.project_funds, currency) : null}
              testId="project-funds"
            />
          </>
        ) : null}
        {managesProjects ? (
          <Stat
            label="Live projects"
            value={pageCount(live.data?.pages)}
            testId="live-projects"
            link={{ to: '/charity/projects', label: 'Manage projects' }}
          />
        ) : null}
      </SimpleGrid>
      <WaitingTasks loading={loadingTasks} tasks={tasks} />
      <DashboardSection title="Run your charity">
        <List spacing={4}>
          <List.Item>
            <Anchor component={Link} to="/charity">
              Profile and logo
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to="/charity/members">
              Members
            </Anchor>
          </List.Item>
          {donations.read ? (
            <List.Item>
              <Anchor component={Link} to="/charity/statistics">
                Statistics
              </Anchor>
            </List.Item>
          ) : null}
          <List.Item>
            <Anchor component={Link} to={`/charities/${id}`}>
              Your public page
            </Anchor>
          </List.Item>
        </List>
        {managesProjects ? (
          <Group>
            <Button component={Link} to="/charity/projects/new">
              New project
            </Button>
          </Group>
        ) : null}
      </DashboardSection>
    </Page>
  );
}
