import {
  ASSOCIATION_STATUS,
  type CharityMembership,
  formatMoney,
  PROJECT_STATUS,
  type Project,
  type ProjectSummary,
} from '@kindred/shared';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmbedSnippetSection } from '@/components/ui/embed-snippet';
import { Page } from '@/components/ui/page';
import { FailedState, LoadingState } from '@/components/ui/states';
import { charityAccess, charityQueries } from '@/entities/charity';
import {
  embedProjectPath,
  projectQueries,
  publicProjectPath,
  STATUS_COLOURS,
  statusLabel,
} from '@/entities/project';
import { isApiError } from '@/lib/api-client';
import { showDate } from '@/lib/format';
import { ProjectActions } from './project-actions';
import { ProjectForm } from './project-form';
import { ProjectAdmins, ProjectDocuments, ProjectGallery, ProjectLogo } from './project-media';
import { ProjectImpact, ProjectUpdates } from './project-posts';

const TABS = ['details', 'updates', 'impact', 'media', 'admins', 'donate-button', 'donations'] as const;
type Tab = (typeof TABS)[number];

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}

function Progress({ summary }: { summary: ProjectSummary }) {
  const money = (amount: number) => formatMoney(amount, summary.currency);
  return (
    <Paper p="md" withBorder component="section" aria-label="Progress">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Progress
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <Stat
            label="Funds raised"
            value={
              summary.funds_target
                ? `${money(summary.funds_raised)} of ${money(summary.funds_target)}`
                : money(summary.funds_raised)
            }
          />
          <Stat label="Funds held" value={money(summary.funds_held)} />
          <Stat label="Donors" value={String(summary.donors_count)} />
          <Stat
            label="Volunteering"
            value={
              summary.volunteering_hours
                ? `${summary.volunteering_pledged} of ${summary.volunteering_hours} h`
                : 'Not asked'
            }
          />
          <Stat
            label="Skilled volunteering"
            value={
              summary.skilled_hours ? `${summary.skilled_pledged} of ${summary.skilled_hours} h` : 'Not asked'
            }
          />
          <Stat
            label="Gifts"
            value={summary.gifts_needed ? `${summary.gifts_pledged} of ${summary.gifts_needed}` : 'Not asked'}
          />
        </SimpleGrid>
        {summary.days_left !== null ? (
          <Text size="sm">{summary.days_left === 1 ? '1 day left' : `${summary.days_left} days left`}</Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ProjectHeader({ project }: { project: Project }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Badge color={STATUS_COLOURS[project.status] ?? 'dark'} variant="filled" size="lg">
        {statusLabel(project.status)}
      </Badge>
      {project.charity ? <Text>{project.charity.name}</Text> : null}
      {project.start_date || project.end_date ? (
        <Text c="dimmed">
          {project.start_date && project.end_date
            ? `${showDate(project.start_date)} to ${showDate(project.end_date)}`
            : project.end_date
              ? `Ends ${showDate(project.end_date)}`
              : `Starts ${showDate(project.start_date)}`}
        </Text>
      ) : null}
      {project.status === PROJECT_STATUS.live ? (
        <Anchor component={Link} to={publicProjectPath(project.id)}>
          View public page
        </Anchor>
      ) : null}
      <Anchor component={Link} to="/charity/projects">
        All projects
      </Anchor>
    </Group>
  );
}

/**
 * The project's donate button for the charity's own website (docs/product/embed.md): the snippet
 * to copy and the page it frames.
 */
function DonateButton({ project }: { project: Project }) {
  return (
    <EmbedSnippetSection
      id="donate-button-heading"
      path={embedProjectPath(project.id)}
      title={`Donate to ${project.title}`}
    >
      <Text>
        Put this project&rsquo;s giving page on your own website: visitors give by card without leaving it or
        making an account, and their receipts come by email.
        {project.status === PROJECT_STATUS.live
          ? null
          : ' The page takes gifts while the project is Live; until then it says the project takes no gifts now.'}
      </Text>
    </EmbedSnippetSection>
  );
}

export interface ProjectScreenSlots {
  /** The Donations tab's content (the route composes another feature's screen); no tab without it. */
  renderDonations?: (project: Project) => ReactNode;
}

/** A tab's panel holding one card (the project's form, its posts, its admins). */
function CardPanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Panel value={value} pt="md">
      <Paper p="lg" withBorder>
        {children}
      </Paper>
    </Tabs.Panel>
  );
}

/** `/charity/projects/:id`: edit a project, act on it, and run its content. */
export function ProjectScreen({ projectId, renderDonations }: { projectId: number } & ProjectScreenSlots) {
  const query = useQuery(projectQueries.detail(projectId));
  const summary = useQuery(projectQueries.summary(projectId));
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab;
  const tab: Tab = TABS.includes(asked) && (asked !== 'donations' || renderDonations) ? asked : 'details';

  if (query.isPending) {
    return (
      <Page title="Project">
        <LoadingState label="Loading the project…" />
      </Page>
    );
  }
  if (query.isError || !query.data) {
    const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 403);
    return (
      <Page title="Project not found">
        {notFound ? null : (
          <FailedState title="The project could not be loaded." error={query.error} onRetry={query.refetch} />
        )}
        <Text>
          {notFound ? <>There is no project here, or you cannot manage it. </> : null}
          <Anchor component={Link} to="/charity/projects">
            Go to your projects
          </Anchor>
          .
        </Text>
      </Page>
    );
  }
  const project = query.data;
  if (!project.can_manage) {
    return (
      <Page title={project.title}>
        <Text>
          You cannot manage this project.{' '}
          <Anchor component={Link} to={publicProjectPath(project.id)}>
            See its public page
          </Anchor>
          .
        </Text>
      </Page>
    );
  }

  return (
    <Page title={project.title} size="lg" description={<ProjectHeader project={project} />}>
      {project.association_status !== ASSOCIATION_STATUS.accepted &&
      project.association_status !== ASSOCIATION_STATUS.charityProject ? (
        <Alert color="yellow" variant="light" title="Not yet accepted by a charity">
          A charity must accept this project before it can be published.
        </Alert>
      ) : null}
      <ProjectActions project={project} />
      {summary.data ? <Progress summary={summary.data} /> : null}
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          if (!value || value === 'details') next.delete('tab');
          else next.set('tab', value);
          setParams(next, { replace: true });
        }}
        // Panels stay mounted: unsaved edits survive a look at another tab.
        keepMounted
      >
        <Tabs.List aria-label="Project sections">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="updates">Updates</Tabs.Tab>
          <Tabs.Tab value="impact">Impact</Tabs.Tab>
          <Tabs.Tab value="media">Gallery and documents</Tabs.Tab>
          <Tabs.Tab value="admins">Admins</Tabs.Tab>
          <Tabs.Tab value="donate-button">Donate button</Tabs.Tab>
          {renderDonations ? <Tabs.Tab value="donations">Donations</Tabs.Tab> : null}
        </Tabs.List>
        <CardPanel value="details">
          {/* Extend, publish and the other actions change the end date or status: start from the saved project. */}
          <ProjectForm
            key={`${project.id}:${project.status}:${project.end_date}`}
            charityId={project.charity_id ?? 0}
            project={project}
          />
        </CardPanel>
        <CardPanel value="updates">
          <ProjectUpdates project={project} />
        </CardPanel>
        <CardPanel value="impact">
          <ProjectImpact project={project} />
        </CardPanel>
        <Tabs.Panel value="media" pt="md">
          <Stack gap="lg">
            <Paper p="lg" withBorder>
              <ProjectLogo project={project} />
            </Paper>
            <Paper p="lg" withBorder>
              <ProjectGallery project={project} />
            </Paper>
            <Paper p="lg" withBorder>
              <ProjectDocuments project={project} />
            </Paper>
          </Stack>
        </Tabs.Panel>
        <CardPanel value="admins">
          <ProjectAdmins project={project} />
        </CardPanel>
        <Tabs.Panel value="donate-button" pt="md">
          <DonateButton project={project} />
        </Tabs.Panel>
        {renderDonations ? (
          <Tabs.Panel value="donations" pt="md">
            {/* Loaded when first shown: its lists are no part of editing the project. */}
            {tab === 'donations' ? renderDonations(project) : null}
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Page>
  );
}

/** `/charity/projects/new`: a new Draft for the charity (the route gives the active one). */
export function NewProjectScreen({ membership }: { membership: CharityMembership }) {
  const charity = useQuery(charityQueries.detail(membership.charity_id));
  const navigate = useNavigate();
  if (!charityAccess(membership).can('manage_projects')) {
    return (
      <Page title="New project">
        <Text>You need the Manage projects permission of {membership.name} to create projects.</Text>
      </Page>
    );
  }
  return (
    <Page
      title="New project"
      size="lg"
      description={
        <Text>
          For {membership.name}. It is saved as a Draft; publish it when it is ready.{' '}
          <Anchor component={Link} to="/charity/projects">
            Back to projects
          </Anchor>
        </Text>
      }
    >
      <Paper p="lg" withBorder>
        {charity.isPending ? (
          <LoadingState />
        ) : (
          <ProjectForm
            charityId={membership.charity_id}
            defaultCharityTypes={charity.data?.charity_types ?? []}
            onCreated={(project) => navigate(`/charity/projects/${project.id}`, { replace: true })}
          />
        )}
      </Paper>
    </Page>
  );
}

/** `/charity/projects/:id` with the id from the path. */
export function ProjectRoute(slots: ProjectScreenSlots) {
  const { id = '' } = useParams();
  const projectId = Number(id);
  if (!/^\d+$/.test(id) || projectId <= 0) {
    return (
      <Page title="Project not found">
        <Text>
          There is no project here.{' '}
          <Anchor component={Link} to="/charity/projects">
            Go to your projects
          </Anchor>
          .
        </Text>
      </Page>
    );
  }
  return <ProjectScreen key={projectId} projectId={projectId} {...slots} />;
}
