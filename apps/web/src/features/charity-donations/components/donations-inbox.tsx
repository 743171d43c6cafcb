import {
  type Donation,
  GIVING_TYPES,
  isWholeNumberIn,
  parseWholeNumber,
  TRANSACTION_STATUS,
  TRANSACTION_STATUSES,
  wholeNumberMessage,
} from '@kindred/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { DateField } from '@/components/ui/date-field';
import { ShowMore } from '@/components/ui/pager';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { WholeNumberInput } from '@/components/ui/whole-number-input';
import type { CharityDonationAccess } from '@/entities/charity';
import { charityDonationQueries, type DonationListFilters } from '@/entities/donation';
import { isApiError } from '@/lib/api-client';
import { useSelectedIds } from '@/lib/selection';
import { useActOnDonations } from '../api/approve-donations';
import { FILTER_PARAMS, readFilters } from '../lib/filters';
import { canActOn, donationsCount, givesHours } from '../lib/selection';
import { DonationCard } from './donation-card';
import { RefundRequests } from './refund-requests';

export interface DonationsInboxProps {
  charityId: number;
  access: CharityDonationAccess;
}

type Panel = 'reject' | 'complete' | null;

const SCOPES = [
  { value: 'all', label: 'Projects and the charity' },
  { value: 'projects', label: 'Its projects' },
  { value: 'direct', label: 'The charity directly' },
];
const STATUS_CHOICES = [
  { value: '', label: 'Any status' },
  ...TRANSACTION_STATUSES.map((status) => ({ value: String(status.id), label: status.label })),
];
const TYPE_CHOICES = [
  { value: '', label: 'Any kind' },
  ...GIVING_TYPES.map((type) => ({ value: String(type.id), label: type.label })),
];

/** The inbox's filters, kept in the address so a filtered view can be shared or reloaded. */
function Filters({ charityId }: { charityId: number }) {
  const [params, setParams] = useSearchParams();
  const projects = useQuery(charityDonationQueries.projectChoices(charityId));
  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const from = params.get(FILTER_PARAMS.from);
  const to = params.get(FILTER_PARAMS.to);
  const rangeError = from && to && to < from ? 'The end must come after the start.' : undefined;
  const scope = params.get(FILTER_PARAMS.scope) ?? 'all';
  const hasFilters = Object.values(FILTER_PARAMS).some((name) => params.has(name));
  return (
    <Paper
      p="md"
      withBorder
      component="form"
      aria-label="Filter donations"
      onSubmit={(e) => e.preventDefault()}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <NativeSelect
            label="Given to"
            data={SCOPES}
            value={scope}
            onChange={(event) =>
              set(FILTER_PARAMS.scope, event.currentTarget.value === 'all' ? null : event.currentTarget.value)
            }
          />
          <NativeSelect
            label="Status"
            data={STATUS_CHOICES}
            value={params.get(FILTER_PARAMS.status) ?? ''}
            onChange={(event) => set(FILTER_PARAMS.status, event.currentTarget.value)}
          />
          <NativeSelect
            label="Kind of giving"
            data={TYPE_CHOICES}
            value={params.get(FILTER_PARAMS.type) ?? ''}
            onChange={(event) => set(FILTER_PARAMS.type, event.currentTarget.value)}
          />
          <NativeSelect
            label="Project"
            disabled={scope === 'direct'}
            data={[
              { value: '', label: 'Any project' },
              ...(projects.data ?? []).map((project) => ({
                value: String(project.id),
                label: project.title,
              })),
            ]}
            value={params.get(FILTER_PARAMS.project) ?? ''}
            onChange={(event) => set(FILTER_PARAMS.project, event.currentTarget.value)}
          />
          <DateField label="Given from" value={from} onChange={(value) => set(FILTER_PARAMS.from, value)} />
          <DateField
            label="Given until"
            value={to}
            onChange={(value) => set(FILTER_PARAMS.to, value)}
            error={rangeError}
          />
        </SimpleGrid>
        {hasFilters ? (
          <Group>
            <Button
              variant="subtle"
              onClick={() => {
                const next = new URLSearchParams(params);
                for (const name of Object.values(FILTER_PARAMS)) next.delete(name);
                setParams(next, { replace: true });
              }}
            >
              Clear filters
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface ListProps {
  title: string;
  headingId: string;
  donations: Donation[];
  query: Parameters<typeof ShowMore>[0]['query'];
  empty: ReactNode;
  selected: ReadonlySet<number>;
  onSelect?: (donation: Donation, selected: boolean) => void;
  onSelectAll?: (donations: Donation[], selected: boolean) => void;
  /** The viewer may refund gifts of funds. */
  mayRefund: boolean;
}

function DonationList({
  title,
  headingId,
  donations,
  query,
  empty,
  selected,
  onSelect,
  onSelectAll,
  mayRefund,
}: ListProps) {
  const actionable = onSelect ? donations.filter(canActOn) : [];
  const chosen = actionable.filter((donation) => selected.has(donation.id)).length;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {onSelectAll && actionable.length > 0 ? (
          <Checkbox
            label="Choose all of these"
            checked={chosen === actionable.length}
            indeterminate={chosen > 0 && chosen < actionable.length}
            onChange={(event) => onSelectAll(actionable, event.currentTarget.checked)}
          />
        ) : null}
      </Group>
      {donations.length === 0 ? (
        <EmptyState variant="text">{empty}</EmptyState>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0}>
          {donations.map((donation) => (
            <DonationCard
              key={donation.id}
              donation={donation}
              mayRefund={mayRefund}
              selection={
                onSelect && canActOn(donation)
                  ? { selected: selected.has(donation.id), onChange: (on) => onSelect(donation, on) }
                  : undefined
              }
            />
          ))}
        </Stack>
      )}
      <ShowMore query={query}>Show older donations</ShowMore>
    </Stack>
  );
}

/** The hours of each chosen volunteering donation, pre-filled with what was pledged. */
type HoursDraft = Record<number, number | string>;

function hoursError(value: number | string | undefined, pledged: number): string | undefined {
  return isWholeNumberIn(value, 0, pledged) ? undefined : wholeNumberMessage(0, pledged, 'hours');
}

interface ActionsProps {
  charityId: number;
  chosen: Donation[];
  onDone: () => void;
  onClear: () => void;
}

/** The bulk actions on the chosen donations: approve, reject with a reason, complete with hours. */
function BulkActions({ charityId, chosen, onDone, onClear }: ActionsProps) {
  const act = useActOnDonations();
  const [panel, setPanel] = useState<Panel>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [hours, setHours] = useState<HoursDraft>({});
  const [hoursTouched, setHoursTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = chosen.map((donation) => donation.id);
  const count = donationsCount(chosen.length);

  const run = (body: Parameters<typeof act.mutate>[0]['body'], done: string) => {
    setRefusal(null);
    act.mutate(
      { charityId, body },
      {
        onSuccess: ({ donations }) => {
          toast.success(done, `${donationsCount(donations.length)} updated.`);
          setPanel(null);
          setReason('');
          setHours({});
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.reason) {
            setReasonError(error.fieldErrors.reason);
            return;
          }
          setRefusal(
            isApiError(error) && error.status === 409
              ? `Nothing was changed. ${error.message} The list now shows each donation's current status.`
              : `Nothing was changed. ${error instanceof Error ? error.message : 'Please try again.'}`,
          );
        },
      },
    );
  };

  const reject = async () => {
    const text = reason.trim();
    if (text.length < 3) {
      setReasonError('Say why, in a few words.');
      return;
    }
    setReasonError(undefined);
    const sure = await confirm({
      title: `Reject ${count}?`,
      message: `The donors are told they were declined, with your reason: “${text}”. This cannot be undone.`,
      confirmLabel: 'Reject',
      danger: true,
    });
    if (sure) run({ donation_ids: ids, action: 'reject', reason: text }, 'Donations rejected');
  };

  const withHours = chosen.filter(givesHours);
  const openComplete = () => {
    setHours(Object.fromEntries(withHours.map((donation) => [donation.id, donation.hours ?? 0])));
    setHoursTouched(false);
    setPanel('complete');
  };
  const complete = () => {
    setHoursTouched(true);
    if (withHours.some((donation) => hoursError(hours[donation.id], donation.hours ?? 0))) return;
    const confirmed = Object.fromEntries(
      withHours.map((donation) => [String(donation.id), parseWholeNumber(hours[donation.id]) ?? 0]),
    );
    run(
      {
        donation_ids: ids,
        action: 'complete',
        ...(withHours.length > 0 ? { confirmed_hours: confirmed } : {}),
      },
      'Donations completed',
    );
  };

  return (
    <Paper p="md" withBorder component="section" aria-label="Act on the chosen donations" bg="gray.0">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} role="status">
            {count} chosen
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button
              onClick={() => run({ donation_ids: ids, action: 'approve' }, 'Donations approved')}
              loading={act.isPending && panel === null}
              disabled={act.isPending}
            >
              Approve
            </Button>
            <Button variant="default" onClick={openComplete} disabled={act.isPending}>
              Complete…
            </Button>
            <Button
              variant="outline"
              color="red.9"
              onClick={() => {
                setReasonError(undefined);
                setPanel('reject');
              }}
              disabled={act.isPending}
            >
              Reject…
            </Button>
            <Button variant="subtle" onClick={onClear} disabled={act.isPending}>
              Clear choice
            </Button>
          </Group>
        </Group>
        {refusal ? (
          <Alert color="red" variant="light" title="The donations were not changed" role="alert">
            {refusal}
          </Alert>
        ) : null}
        {panel === 'reject' ? (
          <PanelForm
            label="Reject donations"
            onSubmit={() => void reject()}
            submitLabel={`Reject ${count}`}
            danger
            pending={act.isPending}
            onCancel={() => setPanel(null)}
          >
            <Textarea
              label="Reason for rejecting"
              description="The donors see it."
              withAsterisk
              aria-required
              autosize
              minRows={2}
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reasonError}
            />
          </PanelForm>
        ) : null}
        {panel === 'complete' ? (
          <PanelForm
            label="Complete donations"
            onSubmit={complete}
            submitLabel={`Complete ${count}`}
            pending={act.isPending}
            onCancel={() => setPanel(null)}
          >
            <Text size="sm">
              Completing says the time was given or the gift received.
              {withHours.length > 0
                ? ' Confirm the hours each volunteer gave; fewer than pledged is fine.'
                : ''}
            </Text>
            {withHours.length > 0 ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {withHours.map((donation) => (
                  <WholeNumberInput
                    key={donation.id}
                    label={`Hours given by ${donation.donor.name}`}
                    description={`${donation.hours ?? 0} pledged${donation.project ? ` to ${donation.project.title}` : ''}`}
                    value={hours[donation.id] ?? ''}
                    onChange={(event) => {
                      const { value } = event.currentTarget;
                      setHours((draft) => ({ ...draft, [donation.id]: value }));
                    }}
                    error={hoursTouched ? hoursError(hours[donation.id], donation.hours ?? 0) : undefined}
                  />
                ))}
              </SimpleGrid>
            ) : null}
          </PanelForm>
        ) : null}
      </Stack>
    </Paper>
  );
}

function useList(
  charityId: number,
  scope: Parameters<typeof charityDonationQueries.list>[1],
  filters: DonationListFilters,
  enabled: boolean,
) {
  return useInfiniteQuery({ ...charityDonationQueries.list(charityId, scope, filters), enabled });
}

/** `/charity/donations`: every donation the charity received, the ones waiting for it first. */
export function DonationsInbox({ charityId, access }: DonationsInboxProps) {
  const [params] = useSearchParams();
  const { scope, list } = useMemo(() => readFilters(params), [params]);
  const { selected, setSelected, toggle } = useSelectedIds();
  const awaitingFirst = list.status === undefined;
  const waiting = useList(
    charityId,
    scope,
    { ...list, status: TRANSACTION_STATUS.awaitingCharityApproval },
    access.read && awaitingFirst,
  );
  const rest = useList(charityId, scope, list, access.read);

  if (!access.read) {
    return (
      <Paper p="lg" withBorder component="section" aria-labelledby="donations-heading">
        <Title order={2} size="h3" id="donations-heading">
          Donations
        </Title>
        <Text mt="sm">You need the View finance permission to see the charity&apos;s donations.</Text>
      </Paper>
    );
  }

  const waitingItems = waiting.data?.pages.flatMap((page) => page.items) ?? [];
  const restItems = (rest.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (donation) => !awaitingFirst || donation.status !== TRANSACTION_STATUS.awaitingCharityApproval,
  );
  const shown = new Map([...waitingItems, ...restItems].map((donation) => [donation.id, donation]));
  const chosen = [...selected].flatMap((id) => {
    const donation = shown.get(id);
    return donation ? [donation] : [];
  });
  const select = access.approve ? (donation: Donation, on: boolean) => toggle(donation.id, on) : undefined;
  const selectAll = access.approve
    ? (donations: Donation[], on: boolean) =>
        toggle(
          donations.map((donation) => donation.id),
          on,
        )
    : undefined;
  const failed = (awaitingFirst && waiting.isError ? waiting : null) ?? (rest.isError ? rest : null);
  const loading = (awaitingFirst && waiting.isPending) || rest.isPending;
  const filtered = Object.keys(list).length > 0 || scope !== 'all';

  return (
    <TitledSection variant="plain" id="donations-heading" title="Donations">
      <Text>
        {access.approve
          ? 'Offers of time, skills and gifts wait for you to approve or reject them; complete them once the time was given or the gift received. Gifts of funds need no approval from the charity.'
          : 'What the charity and its projects received. You need the Manage projects permission to approve or reject offers.'}
        {access.refund ? ' A gift of funds can be refunded, in full or in part, back the way it came.' : ''}
      </Text>
      <RefundRequests charityId={charityId} mayAnswer={access.refund} />
      <Filters charityId={charityId} />
      {chosen.length > 0 ? (
        <BulkActions
          charityId={charityId}
          chosen={chosen}
          onDone={() => setSelected(new Set())}
          onClear={() => setSelected(new Set())}
        />
      ) : null}
      {failed ? (
        <FailedState
          title="The donations could not be loaded."
          error={failed.error}
          onRetry={failed.refetch}
        />
      ) : loading ? (
        <LoadingState label="Loading donations…" />
      ) : (
        <>
          {awaitingFirst ? (
            <DonationList
              title={`Waiting for you (${waitingItems.length}${waiting.hasNextPage ? '+' : ''})`}
              headingId="donations-waiting"
              donations={waitingItems}
              query={waiting}
              empty="Nothing is waiting for the charity's approval."
              selected={selected}
              onSelect={select}
              onSelectAll={selectAll}
              mayRefund={access.refund}
            />
          ) : null}
          <DonationList
            title={awaitingFirst ? 'All other donations' : 'Matching donations'}
            headingId="donations-rest"
            donations={restItems}
            query={rest}
            empty={
              filtered
                ? 'No donations match these filters.'
                : 'No donations yet. When people give to the charity or its projects, their gifts show here.'
            }
            selected={selected}
            onSelect={select}
            onSelectAll={selectAll}
            mayRefund={access.refund}
          />
        </>
      )}
    </TitledSection>
  );
}

/** The form a choice opens below the inbox's buttons (reject, complete): its fields, then send or cancel. */
function PanelForm({
  label,
  onSubmit,
  submitLabel,
  danger = false,
  pending,
  onCancel,
  children,
}: {
  label: string;
  onSubmit: () => void;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <Group gap="xs">
        <Button type="submit" color={danger ? 'red.9' : undefined} loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
