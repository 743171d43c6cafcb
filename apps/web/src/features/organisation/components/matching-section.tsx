import {
  formatMoney,
  type MatchedDonation,
  type MatchingSettingsBody,
  matchingSettingsBodySchema,
  parseWholeNumber,
  toAmountText,
} from '@kindred/shared';
import {
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Figure } from '@/components/ui/figure';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { QueryFallback } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { SubmitRow } from '@/components/ui/submit-row';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { WholeNumberInput } from '@/components/ui/whole-number-input';
import { DonationStatusBadge } from '@/entities/donation';
import { organisationMoneyQueries } from '@/entities/organisation';
import { session } from '@/entities/session';
import { amountError, parseAmount } from '@/lib/amount';
import { schemaErrors, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDate } from '@/lib/format';
import { useSetMatching } from '../api/set-matching';
import { useOrganisationContext } from './organisation-layout';

interface MatchingValues {
  active: boolean;
  ratio_percent: number | string;
  /** In major units, as typed. */
  cap: string;
  budget: string;
}

const toBody = (values: MatchingValues): MatchingSettingsBody => ({
  active: values.active,
  ratio_percent: parseWholeNumber(values.ratio_percent) ?? Number.NaN,
  cap_per_employee: parseAmount(values.cap) ?? 0,
  annual_budget: parseAmount(values.budget) ?? 0,
});

function validate(values: MatchingValues) {
  const errors = schemaErrors(matchingSettingsBodySchema, toBody(values));
  const cap = amountError(values.cap);
  const budget = amountError(values.budget);
  if (errors.cap_per_employee || cap) errors.cap = cap ?? errors.cap_per_employee ?? '';
  if (errors.annual_budget || budget) errors.budget = budget ?? errors.annual_budget ?? '';
  delete errors.cap_per_employee;
  delete errors.annual_budget;
  return errors;
}

/** The settings form: admins set the ratio, the cap per employee and the annual budget. */
function MatchingForm({ businessId }: { businessId: number }) {
  const settings = useQuery(organisationMoneyQueries.matching(businessId));
  if (!settings.data)
    return (
      <QueryFallback
        query={settings}
        loading="Loading the matching…"
        failed="The matching could not be loaded."
      />
    );
  const data = settings.data;
  return (
    <Stack gap="lg">
      <MatchingSettingsForm
        key={`${businessId}:${data.configured}`}
        businessId={businessId}
        initial={{
          active: data.configured ? data.active : true,
          ratio_percent: data.ratio_percent,
          cap: data.configured ? toAmountText(data.cap_per_employee) : '',
          budget: data.configured ? toAmountText(data.annual_budget) : '',
        }}
      />
      {data.configured ? <Budget businessId={businessId} /> : null}
    </Stack>
  );
}

function MatchingSettingsForm({ businessId, initial }: { businessId: number; initial: MatchingValues }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useSetMatching();
  const form = useAccessibleForm<MatchingValues>({ initialValues: initial, validate });
  const server = useServerErrors(form, {
    formRef,
    fieldMap: { cap_per_employee: 'cap', annual_budget: 'budget' },
  });
  const submit = submitToServer(form, server, formRef, async (values) => {
    await mutation.mutateAsync({ id: businessId, ...toBody(values) });
    form.resetDirty();
    toast.success(SUCCESS_TOASTS.updateSuccessful.summary, 'The matching is saved.');
  });
  return (
    <HeadedForm formRef={formRef} onSubmit={submit} title="Matching">
      <Text size="sm">
        When an employee gives from their own wallet, the organisation adds a match of its own: it waits for
        the sign-off admins like any donation on its behalf. Matches never pass the cap per employee or the
        annual budget (each calendar year).
      </Text>
      <FormRefusal message={server.refusal} />
      <Switch label="Match employees’ gifts" {...form.getInputProps('active', { type: 'checkbox' })} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <WholeNumberInput
          label="Ratio (%)"
          description="100% gives the same again; 50% half of it."
          required
          {...form.getInputProps('ratio_percent')}
        />
        <TextInput
          label="Cap per employee per year"
          description="An amount, for example 500."
          required
          inputMode="decimal"
          {...form.getInputProps('cap')}
        />
        <TextInput
          label="Annual budget"
          description="In all, each calendar year."
          required
          inputMode="decimal"
          {...form.getInputProps('budget')}
        />
      </SimpleGrid>
      <SubmitRow pending={mutation.isPending}>Save matching</SubmitRow>
    </HeadedForm>
  );
}

/** This year's budget: used, left, and when it is expected to run out. */
function Budget({ businessId }: { businessId: number }) {
  const settings = useQuery(organisationMoneyQueries.matching(businessId));
  const data = settings.data;
  if (!data) return null;
  const used = data.annual_budget > 0 ? Math.min(100, (data.budget_used / data.annual_budget) * 100) : 0;
  return (
    <Stack gap="xs" component="section" aria-labelledby="budget-heading">
      <Title order={3} size="h4" id="budget-heading">
        Budget {data.year}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure
          label="Matched"
          value={formatMoney(data.budget_used)}
          note={`${data.matched_count} matches`}
        />
        <Figure
          label="Budget left"
          value={formatMoney(data.budget_left)}
          note={`of ${formatMoney(data.annual_budget)}`}
        />
        <Figure
          label="Expected to run out"
          value={data.runs_out_on ? showDate(data.runs_out_on) : `Lasts ${data.year}`}
          note={
            data.daily_rate > 0 ? `At ${formatMoney(data.daily_rate)} a day so far` : 'Nothing matched yet'
          }
        />
      </SimpleGrid>
      <Progress value={used} aria-label={`${Math.round(used)}% of the budget used`} />
    </Stack>
  );
}

function MatchesTable({
  items,
  caption,
  showEmployee,
}: {
  items: MatchedDonation[];
  caption: string;
  showEmployee: boolean;
}) {
  return (
    <ResponsiveTable
      striped
      caption={caption}
      rows={items}
      rowKey={(d) => d.id}
      columns={[
        { header: 'Date', rowHeader: true, cell: (d) => showDate(d.created_at) },
        showEmployee ? { header: 'Employee', cell: (d) => d.match_of.employee?.name ?? '' } : null,
        {
          header: 'Their gift',
          cell: (d) => (d.match_of.amount === null ? '' : formatMoney(d.match_of.amount)),
        },
        { header: 'Match', cell: (d) => formatMoney(d.amount ?? 0) },
        { header: 'To', cell: (d) => d.project?.title ?? d.charity.name },
        {
          header: 'Status',
          cell: (d) => <DonationStatusBadge donation={d} />,
        },
      ]}
    />
  );
}

/** Matched donations: the organisation's matches with the employees' gifts they answer. */
function MatchedDonations({ businessId }: { businessId: number }) {
  const matches = useQuery(organisationMoneyQueries.matchedDonations(businessId));
  if (!matches.data)
    return (
      <QueryFallback
        query={matches}
        loading="Loading the matched donations…"
        failed="The matched donations could not be loaded."
      />
    );
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Matched donations
      </Title>
      {matches.data.items.length === 0 ? (
        <EmptyState>No matches yet. They show here when employees give from their own wallets.</EmptyState>
      ) : (
        <MatchesTable items={matches.data.items} caption="The latest matches" showEmployee />
      )}
    </Stack>
  );
}

/** What the organisation matches for the person, their matched gifts, and asking it to give. */
function MyMatching({ businessId }: { businessId: number }) {
  const { business } = useOrganisationContext();
  const navigate = useNavigate();
  const mine = useQuery(organisationMoneyQueries.myMatching(businessId));
  const matches = useQuery(organisationMoneyQueries.myMatches(businessId));
  const ask = () => {
    session.setActiveAccount({ type: 'business', id: businessId });
    void navigate('/explore');
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Your gifts and {business.name}
      </Title>
      {mine.data ? (
        mine.data.active ? (
          <Text>
            {business.name} matches {mine.data.ratio_percent}% of what you give from your own wallet, up to{' '}
            {formatMoney(mine.data.cap_per_employee)} a year. Matched for you in {mine.data.year}:{' '}
            {formatMoney(mine.data.matched_this_year)}; {formatMoney(mine.data.cap_left)} left.
          </Text>
        ) : (
          <Text>{business.name} does not match employees’ gifts at the moment.</Text>
        )
      ) : mine.isPending ? (
        <LoadingState label="Loading your matching…" layout="inline" />
      ) : (
        <FailedState title="Your matching could not be loaded." error={mine.error} onRetry={mine.refetch} />
      )}
      <Group>
        <Button variant="light" onClick={ask}>
          Ask {business.name} to give
        </Button>
      </Group>
      <Text size="sm">
        Choose a project or charity and give as {business.name}: your request waits for its sign-off admins,
        and you never approve your own.
      </Text>
      {matches.data && matches.data.items.length > 0 ? (
        <MatchesTable items={matches.data.items} caption="Your matched gifts" showEmployee={false} />
      ) : matches.data ? (
        <EmptyState>None of your gifts is matched yet.</EmptyState>
      ) : null}
    </Stack>
  );
}

/** `/organisation/matching`: matching settings and budget forecast for admins; every member's own matches. */
export function MatchingSection() {
  const { business, access } = useOrganisationContext();
  return (
    <Stack gap="lg">
      {access.isAdmin ? (
        <>
          <Paper p="lg" withBorder>
            <MatchingForm businessId={business.id} />
          </Paper>
          <Paper p="lg" withBorder>
            <MatchedDonations businessId={business.id} />
          </Paper>
        </>
      ) : null}
      <Paper p="lg" withBorder>
        <MyMatching businessId={business.id} />
      </Paper>
    </Stack>
  );
}
