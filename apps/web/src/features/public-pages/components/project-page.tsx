import {
  CHARITY_TYPES,
  DEFAULT_CURRENCY,
  formatDisplayDate,
  formatMoney,
  GIFT_TYPES,
  giftsNeeded,
  imageUrl,
  labelOf,
  PROJECT_STATUS,
  PROJECT_STATUSES,
  type Project,
  type ProjectSummary,
  SKILL_TYPES,
  skilledHoursNeeded,
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
import { DataRow } from '@/components/ui/data-row';
import { Page } from '@/components/ui/page';
import { ShowMore } from '@/components/ui/pager';
import { Paragraphs } from '@/components/ui/paragraphs';
import { LeadCover, Picture } from '@/components/ui/picture';
import { type QueryLike, QueryState } from '@/components/ui/query-state';
import { ShareLinks } from '@/components/ui/share-links';
import { EmptyState } from '@/components/ui/states';
import { StartFundraiserButton } from '@/entities/fundraiser';
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
  /** A Live project's fundraising pages (the fundraisers feature's, given by the route). */
  renderFundraisers?: (project: Project) => ReactNode;
}

interface SectionProps {
  title: string;
  children: ReactNode;
  testId?: string;
  gap?: 'xs' | 'sm';
}

function Section({ title, children, testId, gap = 'sm' }: SectionProps) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title} data-testid={testId}>
      <Stack gap={gap}>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A section of the page over one of the project's queries, in its loading, failed, empty or
 * loaded state; its test id is its title in lower case.
 */
function QuerySection<T>({
  title,
  query,
  what,
  loading = `Loading ${what}…`,
  children,
}: {
  title: string;
  query: QueryLike<T>;
  /** What the section lists, as its states say it ('No <what> yet.'). */
  what: string;
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Section title={title} testId={title.toLowerCase()}>
      <QueryState
        query={query}
        loading={loading}
        layout="inline"
        failed={`The ${what} could not be loaded.`}
        empty={<EmptyState variant="text">{`No ${what} yet.`}</EmptyState>}
      >
        {children}
      </QueryState>
    </Section>
  );
}

/** One dated entry of the page (an update or an impact statement): its title, date line and text. */
function DatedEntry({
  title,
  date,
  after,
  body,
  children,
}: {
  title: string;
  date: string;
  /** Said after the date on its line. */
  after?: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <article>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        <time dateTime={date}>{formatDisplayDate(date)}</time>
        {after}
      </Text>
      <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
        {body}
      </Text>
      {children}
    </article>
  );
}

/** One need in the list of needs: its kind in bold, then what is needed. */
function NeedItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <List.Item>
      <Text span fw={600}>
        {label}
      </Text>{' '}
      {children}
    </List.Item>
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
    skilled_hours: skilledHoursNeeded(project.skill_needs),
    skilled_pledged: project.skilled_pledged,
    gifts_needed: giftsNeeded(project.gift_needs),
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
              <NeedItem label="Funds:">
                {formatMoney(project.funds_target, currency)} target
                {donors > 0 ? `, ${donors} ${donors === 1 ? 'donor' : 'donors'} so far` : ''}
              </NeedItem>
            ) : null}
            {project.volunteering_hours ? (
              <NeedItem label="Volunteering:">
                {project.volunteering_hours} hours
                {volunteeringDates[0] && volunteeringDates[1]
                  ? `, ${volunteeringDates[0]} to ${volunteeringDates[1]}`
                  : ''}
              </NeedItem>
            ) : null}
            {project.skill_needs.map((need) => (
              <NeedItem key={`skill-${need.type}`} label="Skilled volunteering:">
                {labelOf(SKILL_TYPES, need.type) ?? 'Other'}, {need.hours}{' '}
                {need.hours === 1 ? 'hour' : 'hours'}
              </NeedItem>
            ))}
            {project.gift_needs.map((need, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: gift needs have no id.
              <NeedItem key={`gift-${index}`} label="Gifts:">
                {labelOf(GIFT_TYPES, need.type) ?? 'Other'}, {need.quantity} × {need.description}
              </NeedItem>
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
    <QuerySection title="Updates" query={updates} what="updates">
      {() => (
        <Stack gap="md">
          {items.map((update) => (
            <DatedEntry key={update.id} title={update.title} date={update.created_at} body={update.body} />
          ))}
          <ShowMore query={updates} align="center" variant="outline">
            Show older updates
          </ShowMore>
        </Stack>
      )}
    </QuerySection>
  );
}

function Impact({ projectId }: { projectId: number }) {
  const impact = useQuery(projectQueries.impact(projectId));
  const items = impact.data?.items ?? [];
  return (
    <QuerySection title="Impact" query={impact} what="impact statements" loading="Loading impact…">
      {() => (
        <Stack gap="md">
          {items.map((statement) => (
            <DatedEntry
              key={statement.id}
              title={statement.title}
              date={statement.created_at}
              after={
                statement.beneficiaries !== null
                  ? ` · ${new Intl.NumberFormat('en-GB').format(statement.beneficiaries)} ${statement.beneficiaries === 1 ? 'person' : 'people'} helped`
                  : ''
              }
              body={statement.body}
            >
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
            </DatedEntry>
          ))}
        </Stack>
      )}
    </QuerySection>
  );
}

function Gallery({ projectId, title }: { projectId: number; title: string }) {
  const images = useQuery(projectQueries.images(projectId));
  const items = images.data?.items ?? [];
  return (
    <QuerySection title="Gallery" query={images} what="pictures">
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
    </QuerySection>
  );
}

function Documents({ projectId }: { projectId: number }) {
  const documents = useQuery(projectQueries.documents(projectId));
  const items = documents.data?.items ?? [];
  return (
    <QuerySection title="Documents" query={documents} what="documents">
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
    </QuerySection>
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
      <Section title="Key facts">
        <DataList orientation="horizontal">
          <DataRow label="Status">{labelOf(PROJECT_STATUSES, project.status) ?? 'Unknown'}</DataRow>
          {project.start_date ? (
            <DataRow label="Starts">{formatDisplayDate(project.start_date)}</DataRow>
          ) : null}
          {project.end_date ? <DataRow label="Ends">{formatDisplayDate(project.end_date)}</DataRow> : null}
          {left ? (
            <DataRow label="Time left" testId="days-left">
              {left}
            </DataRow>
          ) : null}
          {place ? <DataRow label="Location">{place}</DataRow> : null}
        </DataList>
        {project.latitude !== null && project.longitude !== null
          ? renderMap({ latitude: project.latitude, longitude: project.longitude, label: project.title })
          : null}
      </Section>
      {project.charity ? (
        <Section title="The charity" gap="xs">
          <Group gap="sm" wrap="nowrap">
            {project.charity.logo ? (
              <Picture src={project.charity.logo} kind="logo" alt="" width={40} height={40} radius={4} />
            ) : null}
            <Anchor component={Link} to={`/charities/${project.charity.id}`} fw={600}>
              {project.charity.name}
            </Anchor>
          </Group>
        </Section>
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
  renderFundraisers,
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
              <LeadCover src={data.cover} height={400} sizes="(min-width: 62em) 66vw, 100vw" />
            ) : null}
            {renderGive && data.status === PROJECT_STATUS.live ? renderGive(data) : null}
            <ShareLinks
              title="Share this project"
              url={`${window.location.origin}/projects/${data.id}`}
              text={`${data.title} on Kindred`}
            />
            <Needs project={data} summary={summary.data} renderProgress={renderProgress} />
            <Section title="Story" testId="story">
              {data.description ? <Paragraphs text={data.description} /> : <Text>No story yet.</Text>}
            </Section>
            <Updates projectId={id} />
            {renderSupporters?.(data)}
            {renderFundraisers && data.status === PROJECT_STATUS.live ? (
              <Section title="Fundraisers" testId="fundraisers">
                <Group>
                  <StartFundraiserButton cause={{ project: data.id }} />
                </Group>
                {renderFundraisers(data)}
              </Section>
            ) : null}
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
