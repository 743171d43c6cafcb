import '@mantine/charts/styles.css';
import { formatMoney, type ReportGroup, type TotalStatistics, toMajorUnits } from '@kindred/shared';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { DateField } from '@/components/ui/date-field';
import { FigureGrid, type FigureSpec } from '@/components/ui/figure';
import { ChartCard, chartMoney, GivingByMonthChart } from '@/components/ui/giving-by-month-chart';
import { type PagePosition, Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { DonationStatusBadge, donationTypeLabel, donationWhat } from '@/entities/donation';
import {
  organisationMoneyQueries,
  type ReportFilter,
  type ReportList,
  type ReportScope,
} from '@/entities/organisation';
import { type DateRange, lastTwelveMonths } from '@/lib/date-range';
import { showDate } from '@/lib/format';
import { useCancelBusinessSubscription } from '../api/cancel-business-subscription';
import { downloadDonationsCsv } from '../api/download-donations-csv';
import { useOrganisationContext } from './organisation-layout';

/** The rows a table shows on a phone before "Show all": the report stays a few screens long. */
const PHONE_ROWS = 3;
/** A report section's padding: narrower on a phone, where two figures share a row. */
const SECTION_PADDING = { base: 'sm', sm: 'lg' } as const;

/** Which organisations the figures count. */
function ScopeNote({ scope }: { scope: ReportScope }) {
  if (!scope.includes_sub_businesses)
    return <Text size="sm">These figures count this organisation only.</Text>;
  const subs = scope.businesses.slice(1).map((b) => b.name);
  return (
    <Text size="sm">
      These figures include {subs.length} sub-business{subs.length === 1 ? '' : 'es'}: {subs.join(', ')}.
    </Text>
  );
}

function Totals({ businessId, filter }: { businessId: number; filter: ReportFilter }) {
  const statistics = useQuery({
    ...organisationMoneyQueries.statistics(businessId, filter),
    placeholderData: keepPreviousData,
  });
  return (
    <QueryState
      query={statistics}
      loading="Loading the figures…"
      failed="The figures could not be loaded."
      keepDataOnError
    >
      {(data) => <Figures data={data} />}
    </QueryState>
  );
}

/** The headline figures of an organisation's report. */
const TOTALS: FigureSpec<TotalStatistics>[] = [
  {
    label: 'Funds given',
    value: (data) => formatMoney(data.funds_given),
    note: (data) => `${formatMoney(data.matched_funds)} of it matching employees`,
  },
  {
    label: 'Hours volunteered',
    value: (data) => data.volunteering_hours + data.skilled_hours,
    note: (data) =>
      `${data.volunteering_hours} volunteering, ${data.skilled_hours} skilled, with employees’ own`,
  },
  {
    label: 'Gifts',
    value: (data) => data.gifts_count,
    note: (data) => `Worth ${formatMoney(data.gifts_value)}`,
  },
  {
    label: 'Waiting for sign-off',
    value: (data) => data.awaiting_signoff,
    note: (data) => `${data.rejected_count} rejected`,
  },
  { label: 'Charities supported', value: (data) => data.charities_supported },
  { label: 'Projects supported', value: (data) => data.projects_supported },
  { label: 'Employees volunteering', value: (data) => data.employees_giving },
];

function Figures({ data }: { data: TotalStatistics }) {
  const types = data.by_type.map((t) => ({ kind: donationTypeLabel(t.type), Donations: t.count }));
  return (
    <Stack gap="md">
      <ScopeNote scope={data} />
      <FigureGrid statistics={data} figures={TOTALS} dense />
      <GivingByMonthChart
        rows={data.by_month}
        series={{
          Funds: (m) => m.funds,
          Hours: (m) => m.hours,
          Gifts: (m) => m.gifts,
        }}
        charts={[{ id: 'chart-month', title: 'Funds by month', series: ['Funds'] }]}
        empty="Nothing given yet. Each month’s funds and hours show here once the organisation gives."
      >
        <ChartCard id="chart-type" title="Donations by kind of giving">
          <BarChart
            h={240}
            data={types}
            dataKey="kind"
            series={[{ name: 'Donations', color: 'teal.8' }]}
            barChartProps={{ accessibilityLayer: false }}
            aria-hidden="true"
          />
        </ChartCard>
      </GivingByMonthChart>
    </Stack>
  );
}

function Groups({ businessId, filter }: { businessId: number; filter: ReportFilter }) {
  const [by, setBy] = useState<'charity' | 'project'>('charity');
  const groups = useQuery({
    ...organisationMoneyQueries.groups(businessId, by, filter),
    placeholderData: keepPreviousData,
  });
  const rows: ReportGroup[] = groups.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Where it went
        </Title>
        <SegmentedControl
          aria-label="Group by"
          value={by}
          onChange={(value) => setBy(value === 'project' ? 'project' : 'charity')}
          data={[
            { value: 'charity', label: 'By charity' },
            { value: 'project', label: 'By project' },
          ]}
        />
      </Group>
      <QueryState
        query={groups}
        loading="Loading…"
        failed="This could not be loaded."
        keepDataOnError
        isEmpty={() => rows.length === 0}
        empty={<EmptyState>Nothing reached a {by} in these dates.</EmptyState>}
      >
        {() => (
          <>
            <ChartCard id="chart-groups" title={by === 'charity' ? 'Funds by charity' : 'Funds by project'}>
              <BarChart
                h={Math.max(160, Math.min(rows.length, 10) * 36)}
                data={rows.slice(0, 10).map((row) => ({ name: row.name, Funds: toMajorUnits(row.funds) }))}
                dataKey="name"
                orientation="vertical"
                yAxisProps={{ width: 140 }}
                series={[{ name: 'Funds', color: 'grape.7' }]}
                valueFormatter={chartMoney}
                barChartProps={{ accessibilityLayer: false }}
                aria-hidden="true"
              />
            </ChartCard>
            <ResponsiveTable
              striped
              caption={by === 'charity' ? 'By charity' : 'By project'}
              rows={rows}
              phoneRows={PHONE_ROWS}
              rowKey={(row) => row.id}
              columns={[
                {
                  header: by === 'charity' ? 'Charity' : 'Project',
                  rowHeader: true,
                  cell: (row) => row.name,
                },
                by === 'project' ? { header: 'Charity', cell: (row) => row.charity?.name ?? '' } : null,
                { header: 'Funds', cell: (row) => formatMoney(row.funds) },
                { header: 'Hours', cell: (row) => row.hours },
                { header: 'Gifts', cell: (row) => row.gifts },
                { header: 'Donations', cell: (row) => row.count },
              ]}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function Donations({ businessId, filter }: { businessId: number; filter: ReportFilter }) {
  const { includeSub } = filter;
  const [list, setList] = useState<ReportList>('all');
  const [position, setPosition] = useState<PagePosition>({});
  const [exporting, setExporting] = useState(false);
  const page = useQuery({
    ...organisationMoneyQueries.donations(businessId, list, filter, position),
    placeholderData: keepPreviousData,
  });
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadDonationsCsv(businessId, filter);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Donations
        </Title>
        <Group gap="sm">
          <SegmentedControl
            aria-label="Which donations"
            value={list}
            onChange={(value) => {
              setList(value === 'rejected' ? 'rejected' : 'all');
              setPosition({});
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'rejected', label: 'Rejected' },
            ]}
          />
          <Button variant="default" onClick={exportCsv} loading={exporting}>
            Export CSV
          </Button>
        </Group>
      </Group>
      <QueryState
        query={page}
        loading="Loading the donations…"
        failed="The donations could not be loaded."
        keepDataOnError
        empty={
          <EmptyState>
            {list === 'rejected'
              ? 'No donation was rejected in these dates.'
              : 'No donations in these dates.'}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <ResponsiveTable
              striped
              caption={list === 'rejected' ? 'Rejected donations, newest first' : 'Donations, newest first'}
              rows={data.items}
              phoneRows={PHONE_ROWS}
              rowKey={(d) => d.id}
              columns={[
                { header: 'Date', rowHeader: true, cell: (d) => showDate(d.created_at) },
                includeSub ? { header: 'Organisation', cell: (d) => d.donor.name } : null,
                { header: 'Kind', cell: (d) => donationTypeLabel(d.type) },
                { header: 'What', cell: (d) => `${donationWhat(d)}${d.match_of_id ? ' (match)' : ''}` },
                { header: 'To', cell: (d) => d.project?.title ?? d.charity.name },
                {
                  header: 'Status',
                  cell: (d) => <DonationStatusBadge donation={d} />,
                },
              ]}
            />
            <Pager page={data} busy={page.isFetching} onChange={setPosition} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function Recurring({ businessId }: { businessId: number }) {
  const subscriptions = useQuery(organisationMoneyQueries.subscriptions(businessId));
  const cancel = useCancelBusinessSubscription();
  const items = subscriptions.data?.items ?? [];
  if (!subscriptions.data || items.length === 0) return null;
  const ask = async (id: number) => {
    const sure = await confirm({
      title: 'Cancel this recurring donation?',
      message: 'No more donations are made from it. Those already made stay.',
      confirmLabel: 'Cancel donation',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!sure) return;
    // A refusal is shown by the API client's error toast.
    cancel.mutate(
      { id: businessId, subscriptionId: id },
      { onSuccess: () => toast.success('Recurring donation cancelled') },
    );
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Recurring donations
      </Title>
      <ResponsiveTable
        striped
        caption="Recurring donations"
        rows={items}
        rowKey={(s) => s.id}
        columns={[
          { header: 'To', rowHeader: true, cell: (s) => s.project?.title ?? s.charity.name },
          { header: 'Amount', cell: (s) => formatMoney(s.amount) },
          { header: 'Next', cell: (s) => (s.next_date ? showDate(s.next_date) : '—') },
          { header: 'Status', cell: (s) => s.status },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (s) =>
              s.status === 'cancelled' ? null : (
                <Button size="xs" variant="default" color="red" onClick={() => ask(s.id)}>
                  Cancel
                </Button>
              ),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * The days the reports count (the last twelve months by default), in the app's date inputs. A range
 * is applied once both days are given and the end is not before the start; the error says so beside
 * the end date.
 */
function ReportRange({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  const [draft, setDraft] = useState<{ from: string | null; to: string | null }>(range);
  const error =
    draft.from && draft.to && draft.to < draft.from ? 'The end date is before the start date.' : null;
  const change = (next: { from: string | null; to: string | null }) => {
    setDraft(next);
    if (next.from && next.to && next.from <= next.to) onChange({ from: next.from, to: next.to });
  };
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" role="group" aria-label="Report dates">
      <DateField
        label="From"
        required
        clearable={false}
        value={draft.from}
        onChange={(from) => change({ ...draft, from })}
      />
      <DateField
        label="To"
        required
        clearable={false}
        value={draft.to}
        error={error}
        onChange={(to) => change({ ...draft, to })}
      />
    </Group>
  );
}

/** `/organisation/reports`: what the organisation gave, with charts, tables and a CSV export (its admins). */
export function ReportsSection() {
  const { business, access } = useOrganisationContext();
  const [includeSub, setIncludeSub] = useState(true);
  const [range, setRange] = useState<DateRange>(() => lastTwelveMonths());
  const filter: ReportFilter = { includeSub, range };
  if (!access.isAdmin)
    return (
      <Paper p="lg" withBorder>
        <Text>Only the organisation’s Super Admins and Admins see its reports.</Text>
      </Paper>
    );
  return (
    <Stack gap="lg">
      <Paper p={SECTION_PADDING} withBorder>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3">
              Reports
            </Title>
            <Switch
              label="Include sub-businesses"
              checked={includeSub}
              onChange={(event) => setIncludeSub(event.currentTarget.checked)}
            />
          </Group>
          <ReportRange range={range} onChange={setRange} />
          <Totals businessId={business.id} filter={filter} />
        </Stack>
      </Paper>
      <Paper p={SECTION_PADDING} withBorder>
        <Groups businessId={business.id} filter={filter} />
      </Paper>
      <Paper p={SECTION_PADDING} withBorder>
        <Donations key={`${range.from}:${range.to}:${includeSub}`} businessId={business.id} filter={filter} />
      </Paper>
      <Recurring businessId={business.id} />
    </Stack>
  );
}
