import { DEFAULT_RADIUS_KM, type ExploreSummary, formatMoney, type ProjectCard } from '@kindred/shared';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FailedState, LoadingState } from '@/components/ui/states';
import { useRevealed } from '@/lib/deferred';
import { summaryQueries, type VisitorPlace } from '../api/get-summary';
import { DEFAULT_FILTERS, filtersToParams } from '../filters';
import { useLocateMe } from '../locate';
import { ProjectCardView } from './project-card';

const count = new Intl.NumberFormat('en-GB');
/** Coordinates are sent to 3 decimals (about 100 m): enough for "near", kinder to privacy. */
const round = (value: number) => Math.round(value * 1000) / 1000;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

/** What was given through Kindred so far, from the projects' own counters. */
function Figures({ totals }: { totals: ExploreSummary['totals'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        Given through Kindred so far
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Figure
          label="given to projects"
          value={formatMoney(totals.funds_given, totals.currency)}
          testId="total-funds"
        />
        <Figure label="hours of volunteering" value={count.format(totals.hours_given)} testId="total-hours" />
        <Figure label="gifts of goods" value={count.format(totals.gifts_given)} testId="total-gifts" />
        <Figure label="projects live now" value={count.format(totals.live_projects)} testId="total-live" />
      </SimpleGrid>
    </section>
  );
}

/** A titled row of project cards with a link to the whole list on explore. */
function Featured({
  title,
  description,
  projects,
  more,
  empty,
  children,
}: {
  title: string;
  description: string;
  projects: ProjectCard[] | null;
  more?: { to: string; label: string };
  empty: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" mb="sm" gap="xs">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </div>
        {more && projects && projects.length > 0 ? (
          <Anchor component={Link} to={more.to}>
            {more.label}
          </Anchor>
        ) : null}
      </Group>
      {children}
      {projects === null ? null : projects.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {projects.map((project) => (
            <ProjectCardView key={project.id} project={project} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

/** The explore address of a list: only non-default filters, as the explore screen writes them. */
function exploreLink(patch: Partial<typeof DEFAULT_FILTERS>): string {
  const params = filtersToParams({ ...DEFAULT_FILTERS, ...patch }).toString();
  return params ? `/explore?${params}` : '/explore';
}

/** Asks the browser where the visitor is, once they press the button. */
function useVisitorPlace() {
  const [place, setPlace] = useState<VisitorPlace>(null);
  const located = useLocateMe(
    (at) => setPlace({ lat: round(at.latitude), lng: round(at.longitude) }),
    'You can search by town on explore.',
  );
  return { place, ...located };
}

function SearchForm() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(exploreLink({ q: q.trim() }));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search form; <search> is not yet mapped to the search landmark by every screen reader.
    <form role="search" aria-label="Search projects" onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Search projects"
          placeholder="River clean-up, winter coats, mentoring…"
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          maxLength={100}
          size="md"
          style={{ flex: 1 }}
        />
        <Button type="submit" size="md">
          Search
        </Button>
      </Group>
    </form>
  );
}

/** `/` for visitors: what Kindred is, what was given, projects to support now, and search. */
export function LandingPage() {
  useDocumentTitle('Kindred · Give time, skills, money and gifts');
  const visitor = useVisitorPlace();
  const summary = useQuery(summaryQueries.summary(visitor.place));
  const data = summary.data;
  const pending = !useRevealed(!summary.isPending);
  return (
    <Container size="xl" py="xl">
      <Stack gap={48}>
        <Stack gap="md" maw={760}>
          <Title order={1} tabIndex={-1} data-page-heading>
            Give what you can to the causes near you
          </Title>
          <Text size="lg">
            Kindred brings together people, organisations and charities. Find a charity project and give
            money, volunteer your time or your professional skills, or donate the goods it needs, and see what
            your help achieves.
          </Text>
          <SearchForm />
          <Group gap="sm">
            <Button component={Link} to="/explore" variant="light">
              Explore all projects
            </Button>
            <Button component={Link} to="/register" variant="subtle">
              Create an account
            </Button>
          </Group>
        </Stack>
        {pending ? (
          <LoadingState label="Loading projects…" />
        ) : summary.isError && !data ? (
          <FailedState
            title="The projects could not be loaded."
            error={summary.error}
            onRetry={() => summary.refetch()}
          />
        ) : data ? (
          <>
            <Figures totals={data.totals} />
            <Featured
              title="Ending soon"
              description="These projects close soonest: there is still time to help."
              projects={data.ending_soon}
              more={{
                to: exploreLink({ endingSoon: true, sort: 'ending' }),
                label: 'All projects ending soon',
              }}
              empty="No project is live right now."
            />
            <Featured
              title="Near you"
              description={`Projects within ${DEFAULT_RADIUS_KM} km of where you are.`}
              projects={data.near}
              more={
                visitor.place
                  ? {
                      to: exploreLink({ ...visitor.place, placeName: 'your location', sort: 'nearest' }),
                      label: 'All projects near you',
                    }
                  : undefined
              }
              empty={`No live project is within ${DEFAULT_RADIUS_KM} km of you. Explore projects further away.`}
            >
              {data.near === null ? (
                <Stack gap="xs" align="flex-start">
                  {visitor.canLocate ? (
                    <Button variant="light" onClick={visitor.locate} loading={visitor.locating}>
                      Show projects near me
                    </Button>
                  ) : null}
                  <Anchor component={Link} to="/explore">
                    Or choose a town on explore
                  </Anchor>
                  {visitor.error ? (
                    <Alert color="yellow" variant="light" role="status">
                      {visitor.error}
                    </Alert>
                  ) : null}
                </Stack>
              ) : null}
            </Featured>
            <Featured
              title="Most supported"
              description="The projects the most people have given to."
              projects={data.most_supported}
              more={{ to: exploreLink({ sort: 'supported' }), label: 'All projects by support' }}
              empty="No project is live right now."
            />
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
