import {
  CHARITY_TYPES,
  DEFAULT_CURRENCY,
  formatDisplayDate,
  formatMoney,
  GIFT_TYPES,
  imageUrl,
  labelOf,
  PROJECT_STATUS,
  PROJECT_STATUSES,
  type Project,
  type ProjectSummary,
  SKILL_TYPES,
} from '@kindred/shared';
import {
  Anchor,
  Badge,
  DataList,
  Grid,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { ShowMore } from '@/components/ui/pager';
import { Picture } from '@/components/ui/picture';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { projectQueries } from '@/entities/project';
import { useRevealed } from '@/lib/deferred';
import { formatFileSize } from '@/lib/format';
import { daysLeftText, documentKind } from '../format';
import { PageNotReady } from './states';

/** Updates per page on the public page. */
const UPDATES_PAGE_SIZE = 5;

/** What a project needs and what it has received: the summary's counters. */
export type NeedTotalsOf = Pick<
  ProjectSummary,
  | 'funds_target'
  | 'funds_raised'
  | 'volunteering_hours'
  | 'volunteering_pledged'
  | 'skilled_hours'
  | 'skilled_pledged'
  | 'gifts_needed'
  | 'gifts_pledged'
>;

export interface MapPlace {
  latitude: number;
  longitude: number;
  label: string;
}

export interface ProjectPageProps {
  /** From the URL; null when it is not a project id. */
  projectId: number | null;
  /** The progress bars of the needs (the explore feature's, given by the route). */
  renderProgress: (totals: NeedTotalsOf, currency: string) => ReactNode;
  /** A small map of where the project is (given by the route). */
  renderMap: (place: MapPlace) => ReactNode;
  /** The supporters wall (the supporters feature's, given by the route). */
  renderSupporters?: (project: Project) => ReactNode;
  /** The ways to give to a Live project (the giving feature's, given by the route). */
  renderGive?: (project: Project) => ReactNode;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <Stack gap="xs">
      {text
        .split(/\n{2,}/)
        .filter((part) => part.trim())
        .map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text.
          <Text key={index} style={{ whiteSpace: 'pre-wrap' }}>
            {part}
          </Text>
        ))}
    </Stack>
  );
}

function Needs({
  project,
  summary,
  renderProgress,
}: {
  project: Project;
  summary: ProjectSummary | undefined;
  renderProgress: ProjectPageProps['renderProgress'];
}) {
  const currency = summary?.currency ?? DEFAULT_CURRENCY;
  const totals: NeedTotalsOf = summary ?? {
    funds_target: project.funds_target,
    funds_raised: project.funds_raised,
    volunteering_hours: project.volunteering_hours,
    volunteering_pledged: project.volunteering_pledged,
    skilled_hours: project.skill_needs.reduce((sum, need) => sum + need.hours, 0),
    skilled_pledged: project.skilled_pledged,
    gifts_needed: project.gift_needs.reduce((sum, need) => sum + need.quantity, 0),
    gifts_pledged: project.gifts_pledged,
  };
  const donors = summary?.donors_count ?? project.donors_count;
  const volunteeringDates = [
    formatDisplayDate(project.volunteering_start),
    formatDisplayDate(project.volunteering_end),
  ];
  const hasNeeds =
    Boolean(project.funds_target) ||
    Boolean(project.volunteering_hours) ||
    project.skill_needs.length > 0 ||
    project.gift_needs.length > 0;
  return (
    <Section
      title={project.status === PROJECT_STATUS.live ? 'What is needed' : 'What was needed'}
      testId="needs"
    >
      {hasNeeds ? (
        <>
          {renderProgress(totals, currency)}
          <List spacing="xs">
            {project.funds_target ? (
              <List.Item>
                <Text span fw={600}>
                  Funds:
                </Text>{' '}
                {formatMoney(project.funds_target, currency)} target
                {donors > 0 ? `, ${donors} ${donors === 1 ? 'donor' : 'donors'} so far` : ''}
              </List.Item>
            ) : null}
            {project.volunteering_hours ? (
              <List.Item>
                <Text span fw={600}>
                  Volunteering:
                </Text>{' '}
                {project.volunteering_hours} hours
                {volunteeringDates[0] && volunteeringDates[1]
                  ? `, ${volunteeringDates[0]} to ${volunteeringDates[1]}`
                  : ''}
              </List.Item>
            ) : null}
            {project.skill_needs.map((need) => (
              <List.Item key={`skill-${need.type}`}>
                <Text span fw={600}>
                  Skilled volunteering:
                </Text>{' '}
                {labelOf(SKILL_TYPES, need.type) ?? 'Other'}, {need.hours}{' '}
                {need.hours === 1 ? 'hour' : 'hours'}
              </List.Item>
            ))}
            {project.gift_needs.map((need, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: gift needs have no id.
              <List.Item key={`gift-${index}`}>
                <Text span fw={600}>
                  Gifts:
                </Text>{' '}
                {labelOf(GIFT_TYPES, need.type) ?? 'Other'}, {need.quantity} × {need.description}
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text>This project has not listed any needs.</Text>
      )}
    </Section>
  );
}

function Updates({ projectId }: { projectId: number }) {
  const updates = useInfiniteQuery(projectQueries.updates(projectId, UPDATES_PAGE_SIZE));
  const items = updates.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Section title="Updates" testId="updates">
      <QueryState
        query={updates}
        loading="Loading updates…"
        layout="inline"
        failed="The updates could not be loaded."
        empty={<EmptyState variant="text">No updates yet.</EmptyState>}
      >
        {() => (
          <Stack gap="md">
            {items.map((update) => (
              <article key={update.id}>
                <Title order={3} size="h5">
                  {update.title}
                </Title>
                <Text size="sm" c="dimmed">
                  <time dateTime={update.created_at}>{formatDisplayDate(update.created_at)}</time>
                </Text>
                <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {update.body}
                </Text>
              </article>
            ))}
            <ShowMore query={updates} align="center" variant="outline">
              Show older updates
            </ShowMore>
          </Stack>
        )}
      </QueryState>
    </Section>
  );
}

function Impact({ projectId }: { projectId: number }) {
  const impact = useQuery(projectQueries.impact(projectId));
  const items = impact.data?.items ?? [];
  return (
    <Section title="Impact" testId="impact">
      <QueryState
        query={impact}
        loading="Loading impact…"
        layout="inline"
        failed="The impact statements could not be loaded."
        empty={<EmptyState variant="text">No impact statements yet.</EmptyState>}
      >
        {() => (
          <Stack gap="md">
            {items.map((statement) => (
              <article key={statement.id}>
                <Title order={3} size="h5">
                  {statement.title}
                </Title>
                <Text size="sm" c="dimmed">
                  <time dateTime={statement.created_at}>{formatDisplayDate(statement.created_at)}</time>
                  {statement.beneficiaries !== null
                    ? ` · ${new Intl.NumberFormat('en-GB').format(statement.beneficiaries)} ${statement.beneficiaries === 1 ? 'person' : 'people'} helped`
                    : ''}
                </Text>
                <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {statement.body}
                </Text>
                {statement.images.length > 0 ? (
                  <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
                    {statement.images.map((url, index) => (
                      <Image
                        key={url}
                        src={imageUrl(url, 'small')}
                        alt={`${statement.title}: picture ${index + 1}`}
                        radius="sm"
                        loading="lazy"
                      />
                    ))}
                  </SimpleGrid>
                ) : null}
              </article>
            ))}
          </Stack>
        )}
      </QueryState>
    </Section>
  );
}

function Gallery({ projectId, title }: { projectId: number; title: string }) {
  const images = useQuery(projectQueries.images(projectId));
  const items = images.data?.items ?? [];
  return (
    <Section title="Gallery" testId="gallery">
      <QueryState
        query={images}
        loading="Loading pictures…"
        layout="inline"
        failed="The pictures could not be loaded."
        empty={<EmptyState variant="text">No pictures yet.</EmptyState>}
      >
        {() => (
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {items.map((image, index) => {
              const alt = image.caption?.trim() || `${title}: picture ${index + 1}`;
              return (
                <figure key={image.id} style={{ margin: 0 }}>
                  <a href={imageUrl(image.url, 'big')}>
                    <Picture
                      src={image.url}
                      kind="gallery"
                      alt={alt}
                      width={400}
                      height={300}
                      fluid
                      radius={4}
                      sizes="(min-width: 48em) 300px, 50vw"
                    />
                  </a>
                  {image.caption ? (
                    <Text component="figcaption" size="sm" mt={4}>
                      {image.caption}
                    </Text>
                  ) : null}
                </figure>
              );
            })}
          </SimpleGrid>
        )}
      </QueryState>
    </Section>
  );
}

function Documents({ projectId }: { projectId: number }) {
  const documents = useQuery(projectQueries.documents(projectId));
  const items = documents.data?.items ?? [];
  return (
    <Section title="Documents" testId="documents">
      <QueryState
        query={documents}
        loading="Loading documents…"
        layout="inline"
        failed="The documents could not be loaded."
        empty={<EmptyState variant="text">No documents yet.</EmptyState>}
      >
        {() => (
          <List spacing="xs">
            {items.map((document) => (
              <List.Item key={document.id}>
                <Anchor href={document.url} download={document.name}>
                  {document.name}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  ({documentKind(document.mime)}, {formatFileSize(document.size)})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </QueryState>
    </Section>
  );
}

function KeyFacts({
  project,
  summary,
  renderMap,
}: {
  project: Project;
  summary: ProjectSummary | undefined;
  renderMap: ProjectPageProps['renderMap'];
}) {
  const live = project.status === PROJECT_STATUS.live;
  const left = live ? daysLeftText(summary?.days_left) : '';
  const place = [project.city, project.post_code].filter(Boolean).join(', ');
  return (
    <Stack gap="md">
      <Paper withBorder p="lg" component="section" aria-label="Key facts">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Key facts
          </Title>
          <DataList orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Status</DataList.ItemLabel>
              <DataList.ItemValue>
                {labelOf(PROJECT_STATUSES, project.status) ?? 'Unknown'}
              </DataList.ItemValue>
            </DataList.Item>
            {project.start_date ? (
              <DataList.Item>
                <DataList.ItemLabel>Starts</DataList.ItemLabel>
                <DataList.ItemValue>{formatDisplayDate(project.start_date)}</DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {project.end_date ? (
              <DataList.Item>
                <DataList.ItemLabel>Ends</DataList.ItemLabel>
                <DataList.ItemValue>{formatDisplayDate(project.end_date)}</DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {left ? (
              <DataList.Item>
                <DataList.ItemLabel>Time left</DataList.ItemLabel>
                <DataList.ItemValue data-testid="days-left">{left}</DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {place ? (
              <DataList.Item>
                <DataList.ItemLabel>Location</DataList.ItemLabel>
                <DataList.ItemValue>{place}</DataList.ItemValue>
              </DataList.Item>
            ) : null}
          </DataList>
          {project.latitude !== null && project.longitude !== null
            ? renderMap({ latitude: project.latitude, longitude: project.longitude, label: project.title })
            : null}
        </Stack>
      </Paper>
      {project.charity ? (
        <Paper withBorder p="lg" component="section" aria-label="The charity">
          <Stack gap="xs">
            <Title order={2} size="h3">
              The charity
            </Title>
            <Group gap="sm" wrap="nowrap">
              {project.charity.logo ? (
                <Picture src={project.charity.logo} kind="logo" alt="" width={40} height={40} radius={4} />
              ) : null}
              <Anchor component={Link} to={`/charities/${project.charity.id}`} fw={600}>
                {project.charity.name}
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** `/projects/:id`: a project's public page. */
export function ProjectPage({
  projectId,
  renderProgress,
  renderMap,
  renderSupporters,
  renderGive,
}: ProjectPageProps) {
  const id = projectId ?? 0;
  const project = useQuery({ ...projectQueries.detail(id), enabled: projectId !== null });
  const found = projectId !== null && project.isSuccess;
  const summary = useQuery({ ...projectQueries.summary(id), enabled: found });
  const shown = useRevealed(found);

  // Still loading for the first render that has the project (`useRevealed`).
  if (projectId === null || !project.isSuccess || !shown) {
    return <PageNotReady what="project" missing={projectId === null} query={project} />;
  }
  const data = project.data;
  const types = data.charity_types.map((type) => labelOf(CHARITY_TYPES, type)).filter(Boolean);
  return (
    <Page
      title={data.title}
      size="lg"
      description={
        <Stack gap="xs">
          {data.logo ? (
            <Image
              src={imageUrl(data.logo, 'medium')}
              alt={`Logo of ${data.title}`}
              w={96}
              h={96}
              fit="contain"
              radius="sm"
              data-testid="project-logo"
            />
          ) : null}
          {data.charity ? (
            <Text>
              A project of{' '}
              <Anchor component={Link} to={`/charities/${data.charity.id}`}>
                {data.charity.name}
              </Anchor>
            </Text>
          ) : null}
          {data.summary ? <Text size="lg">{data.summary}</Text> : null}
          <Group gap={6}>
            {data.status !== PROJECT_STATUS.live ? (
              <Badge color="dark" variant="filled">
                {labelOf(PROJECT_STATUSES, data.status) ?? 'Not live'}
              </Badge>
            ) : null}
            {types.map((type) => (
              <Badge key={type} color="dark" variant="outline">
                {type}
              </Badge>
            ))}
          </Group>
        </Stack>
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {data.cover ? (
              // The cover leads the page: loaded first. Decoration: the heading names the project.
              <Picture
                src={data.cover}
                kind="gallery"
                alt=""
                width={800}
                height={400}
                fluid
                priority
                radius={8}
                sizes="(min-width: 62em) 66vw, 100vw"
              />
            ) : null}
            {renderGive && data.status === PROJECT_STATUS.live ? renderGive(data) : null}
            <Needs project={data} summary={summary.data} renderProgress={renderProgress} />
            <Section title="Story" testId="story">
              {data.description ? <Paragraphs text={data.description} /> : <Text>No story yet.</Text>}
            </Section>
            <Updates projectId={id} />
            {renderSupporters?.(data)}
            <Impact projectId={id} />
            <Gallery projectId={id} title={data.title} />
            <Documents projectId={id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <KeyFacts project={data} summary={summary.data} renderMap={renderMap} />
        </Grid.Col>
      </Grid>
    </Page>
  );
}
