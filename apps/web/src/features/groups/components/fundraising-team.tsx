import '@mantine/charts/styles.css';
import { type FundraiserTeam, formatMoney, toMajorUnits } from '@kindred/shared';
import { BarChart } from '@mantine/charts';
import { Anchor, Badge, Button, Progress, Group as Row, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Figure } from '@/components/ui/figure';
import { ChartCard, chartMoney } from '@/components/ui/giving-by-month-chart';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import {
  causeName,
  causePath,
  fundraiserPath,
  fundraiserQueries,
  percentRaised,
  raisedText,
} from '@/entities/fundraiser';

/** How many of the team's pages the chart shows: the top ones. */
export const TEAM_CHART_PAGES = 5;
/** A chart label's most characters; the table beside it has the whole title. */
const LABEL_MAX = 18;

type TeamPage = FundraiserTeam['items'][number];

/**
 * Where a member starts a page for the team: the fundraiser form with the group chosen and, when
 * the team has pages, the cause of its top page (most teams raise for one cause; the form may
 * change it).
 */
export function startTeamPagePath(groupId: number, top?: Pick<TeamPage, 'project' | 'charity'>): string {
  const cause = top ? (top.project ? `project=${top.project.id}&` : `charity=${top.charity.id}&`) : '';
  return `/fundraisers/new?${cause}group=${groupId}`;
}

const shortLabel = (text: string) => (text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text);

/** The top pages as horizontal bars of what each raised; the table carries the same numbers. */
function TopPagesChart({ pages }: { pages: TeamPage[] }) {
  const data = pages.slice(0, TEAM_CHART_PAGES).map((page) => ({
    page: shortLabel(`${page.rank}. ${page.fundraiser.name}`),
    Raised: toMajorUnits(page.raised),
  }));
  return (
    <ChartCard id="chart-team-pages" title={`Top ${data.length} pages by what they raised`}>
      <BarChart
        h={Math.max(140, data.length * 44)}
        data={data}
        dataKey="page"
        orientation="vertical"
        series={[{ name: 'Raised', color: 'indigo.7' }]}
        valueFormatter={chartMoney}
        yAxisProps={{ width: 120 }}
        gridAxis="none"
        // The table below carries the same numbers for keyboards and screen readers.
        barChartProps={{ accessibilityLayer: false }}
        aria-hidden="true"
      />
    </ChartCard>
  );
}

/** The team's pages ranked by what each raised, then its rank, title, fundraiser and progress. */
function Leaderboard({ team }: { team: FundraiserTeam }) {
  return (
    <ResponsiveTable
      caption="The team’s pages by what each raised"
      rows={team.items}
      rowKey={(page) => page.id}
      rowProps={(page) => ({ 'data-testid': `team-page-${page.id}` })}
      columns={[
        { header: 'Rank', cell: (page) => page.rank },
        {
          header: 'Page',
          rowHeader: true,
          cell: (page) => (
            <Stack gap={0}>
              <Anchor component={Link} to={fundraiserPath(page.id)} style={{ overflowWrap: 'anywhere' }}>
                {page.title}
              </Anchor>
              <Text size="sm">
                {`By ${page.fundraiser.name}, for `}
                <Anchor component={Link} to={causePath(page)}>
                  {causeName(page)}
                </Anchor>
              </Text>
            </Stack>
          ),
        },
        {
          header: 'Raised',
          cell: (page) => {
            const raised = raisedText(page.raised, page.target);
            const percent = percentRaised(page.raised, page.target);
            return (
              <Stack gap={4} miw={140}>
                <Row gap="xs" wrap="wrap">
                  <Text size="sm">{raised}</Text>
                  {page.ended ? (
                    <Badge size="sm" variant="outline" color="dark">
                      Ended
                    </Badge>
                  ) : null}
                </Row>
                <Progress.Root size="sm">
                  <Progress.Section value={percent} color="indigo.8" aria-label={`${raised} (${percent}%)`} />
                </Progress.Root>
              </Stack>
            );
          },
        },
        { header: 'Gifts', cell: (page) => page.gifts },
      ]}
    />
  );
}

export interface FundraisingTeamProps {
  groupId: number;
  /** The viewer is a member: they may start a page for the team. */
  canStart: boolean;
}

/**
 * A group's fundraising team (docs/product/fundraising-pages.md): what its pages raised together,
 * a chart of the top pages and the leaderboard; members may start a page for the team.
 */
export function FundraisingTeam({ groupId, canStart }: FundraisingTeamProps) {
  const team = useQuery(fundraiserQueries.team(groupId));
  const start = canStart ? (
    <Button component={Link} to={startTeamPagePath(groupId, team.data?.items[0])} variant="default">
      Start a page for this team
    </Button>
  ) : null;
  return (
    <TitledSection id="team-heading" title="Fundraising team" action={team.data?.items.length ? start : null}>
      <QueryState
        query={team}
        loading="Loading the team…"
        layout="inline"
        failed="The team could not be loaded."
        empty={
          <EmptyState variant="text" action={start}>
            {canStart
              ? 'Nobody has opened a fundraising page for this team yet. Open one, share it, and see the team’s pages ranked here.'
              : 'Nobody has opened a fundraising page for this team yet.'}
          </EmptyState>
        }
      >
        {(data) => (
          <Stack gap="md">
            {/* Three short figures side by side, on a phone too. */}
            <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
              <Figure label="Raised by the team" value={formatMoney(data.raised)} testId="team-raised" />
              <Figure label="Gifts" value={String(data.gifts)} testId="team-gifts" />
              <Figure label="Pages" value={String(data.items.length)} />
            </SimpleGrid>
            {data.items.length > 1 ? <TopPagesChart pages={data.items} /> : null}
            <Leaderboard team={data} />
          </Stack>
        )}
      </QueryState>
    </TitledSection>
  );
}
