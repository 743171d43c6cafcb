import {
  FREQUENCIES,
  formatMoney,
  labelOf,
  type Subscription,
  type SubscriptionStatus,
  toAmountText,
} from '@kindred/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { USER_WALLET, walletQueries } from '@/entities/wallet';
import { checkAmount } from '@/lib/amount';
import { isApiError } from '@/lib/api-client';
import { showDate } from '@/lib/format';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useChangeSubscriptionAmount } from '../api/change-subscription-amount';
import { subscriptionsQuery } from '../api/get-subscriptions';
import { usePauseSubscription } from '../api/pause-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { missedWarning, paidByText } from '../lib/plan-payment';
import { PlanWarning } from './plan-warning';

const STATUS: Record<SubscriptionStatus, { label: string; colour: string }> = {
  active: { label: 'Active', colour: 'teal.9' },
  paused: { label: 'Paused', colour: 'gray.7' },
  failing: { label: 'Failing', colour: 'pink.9' },
  cancelled: { label: 'Cancelled', colour: 'red.9' },
};

/** '₹25 monthly' */
export function subscriptionWhat(subscription: Pick<Subscription, 'amount' | 'frequency'>): string {
  const frequency = labelOf(FREQUENCIES, subscription.frequency) ?? '';
  return `${formatMoney(subscription.amount)} ${frequency.toLowerCase()}`.trim();
}

function targetName(subscription: Subscription): string {
  return subscription.project?.title ?? subscription.charity.name;
}

function AmountForm({ subscription, onDone }: { subscription: Subscription; onDone: () => void }) {
  const [text, setText] = useState(toAmountText(subscription.amount));
  const [error, setError] = useState<string | null>(null);
  const change = useChangeSubscriptionAmount();
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAmount(text);
    if (!check.ok) {
      setError(check.message);
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(null);
    change.mutate(
      { id: subscription.id, amount: check.minorUnits },
      {
        onSuccess: ({ subscription: changed }) => {
          toast.success(
            'Amount changed',
            `${subscriptionWhat(changed)} to ${targetName(changed)} from the next gift.`,
          );
          onDone();
        },
        onError: (failure) => {
          const message = isApiError(failure)
            ? (failure.fieldErrors.amount ?? failure.message)
            : 'Please try again.';
          setError(message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Change the amount given to ${targetName(subscription)}`}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          id={inputId}
          label="New amount"
          description="For example 250 or 99.50. Gifts already made keep their amount."
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          aria-invalid={error ? true : undefined}
          style={{ flex: '1 1 12rem' }}
        />
        <Group gap="xs" mt={{ base: 0, xs: 'xl' }}>
          <Button type="submit" loading={change.isPending}>
            Save amount
          </Button>
          <Button variant="default" onClick={onDone}>
            Keep the amount
          </Button>
        </Group>
      </Group>
    </form>
  );
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const [editing, setEditing] = useState(false);
  const pause = usePauseSubscription();
  const resume = useResumeSubscription();
  const cancel = useCancelSubscription();
  // A plan by card names its card: the saved cards say which one it is.
  const cards = useQuery({
    ...walletQueries.paymentMethods(USER_WALLET),
    enabled: subscription.source === 'card',
  });
  const itemRef = useRef<HTMLLIElement>(null);
  const status = STATUS[subscription.status];
  const what = subscriptionWhat(subscription);
  const name = targetName(subscription);
  const busy = pause.isPending || resume.isPending || cancel.isPending;

  const onPause = () =>
    pause.mutate(subscription.id, {
      onSuccess: () => toast.success('Subscription paused', `No gifts to ${name} until you resume it.`),
    });
  const onResume = () =>
    resume.mutate(subscription.id, {
      onSuccess: ({ subscription: resumed }) =>
        toast.success(
          'Subscription resumed',
          resumed.next_date ? `The next gift is on ${showDate(resumed.next_date)}.` : undefined,
        ),
    });
  const onCancel = async () => {
    const sure = await confirm({
      title: 'Cancel this recurring donation?',
      message: `No more gifts of ${what} to ${name}. Gifts already made stay with the charity. This cannot be undone.`,
      confirmLabel: 'Cancel donation',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!sure) return;
    cancel.mutate(subscription.id, {
      onSuccess: () => toast.success('Subscription cancelled', `No more gifts to ${name}.`),
    });
  };

  // Once the warning has gone with the form that was focused, focus stays in this plan's card.
  const onCardChanged = (changed: Subscription) => {
    if (!missedWarning(changed)) itemRef.current?.focus();
  };

  const running = subscription.status === 'active' || subscription.status === 'failing';
  return (
    <Paper
      component="li"
      ref={itemRef}
      tabIndex={-1}
      withBorder
      p="md"
      style={{ listStyle: 'none' }}
      aria-label={`${what} to ${name}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Text fw={700}>{what}</Text>
            <Text size="sm">
              {subscription.project ? (
                <>
                  {'To '}
                  <Anchor component={Link} to={`/projects/${subscription.project.id}`}>
                    {subscription.project.title}
                  </Anchor>
                  {' by '}
                </>
              ) : (
                'Directly to '
              )}
              <Anchor component={Link} to={`/charities/${subscription.charity.id}`}>
                {subscription.charity.name}
              </Anchor>
            </Text>
            <Text size="sm" c="dimmed">
              {`Since ${showDate(subscription.start_date)}`}
              {subscription.end_date ? ` · until ${showDate(subscription.end_date)}` : ''}
              {subscription.gift_aid ? ' · with Gift Aid' : ''}
            </Text>
            <Text size="sm">
              {subscription.status === 'cancelled'
                ? 'Cancelled: no more gifts.'
                : subscription.status === 'paused'
                  ? 'Paused: no gifts until you resume it. Missed dates are skipped, never charged late.'
                  : subscription.next_date
                    ? `Next gift on ${showDate(subscription.next_date)}.`
                    : 'No more gifts are due.'}
            </Text>
            <Text size="sm">{paidByText(subscription, cards.data?.items)}</Text>
          </Stack>
          <Badge color={status.colour} variant="filled" radius="sm">
            {status.label}
          </Badge>
        </Group>
        <PlanWarning subscription={subscription} onCardChanged={onCardChanged} />
        {subscription.status !== 'cancelled' ? (
          editing ? (
            <AmountForm subscription={subscription} onDone={() => setEditing(false)} />
          ) : (
            <Group gap="xs">
              <Button
                key={running ? 'pause' : 'resume'}
                size="xs"
                variant="default"
                onClick={running ? onPause : onResume}
                loading={(running ? pause : resume).isPending}
                disabled={busy}
              >
                {running ? 'Pause' : 'Resume'}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(true)} disabled={busy}>
                Change amount
              </Button>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => void onCancel()}
                loading={cancel.isPending}
                disabled={busy}
              >
                Cancel
              </Button>
            </Group>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The donor's recurring donations: how each is paid, a gift that could not be made; pause, resume, change the amount or the card, cancel. */
export function SubscriptionsTab() {
  const query = useInfiniteQuery(subscriptionsQuery());
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <QueryState
      query={query}
      loading="Loading your recurring donations…"
      failed="Your recurring donations could not be loaded"
      empty={
        <EmptyState
          action={
            <Anchor component={Link} to="/explore">
              Explore projects to support every month
            </Anchor>
          }
        >
          You have no recurring donations. On a project or charity page, choose how often to give (daily,
          weekly, monthly or yearly) when you donate funds.
        </EmptyState>
      }
      keepDataOnError
    >
      {() => {
        // Running ones first, then paused, then those that ended.
        const order: Record<SubscriptionStatus, number> = { failing: 0, active: 1, paused: 2, cancelled: 3 };
        const sorted = [...items].sort((a, b) => order[a.status] - order[b.status]);
        return (
          <Stack gap="sm">
            <Stack component="ul" gap="sm" p={0} m={0} aria-label="Your recurring donations">
              {sorted.map((subscription) => (
                <SubscriptionCard key={subscription.id} subscription={subscription} />
              ))}
            </Stack>
            <ShowMore query={query}>Show more recurring donations</ShowMore>
          </Stack>
        );
      }}
    </QueryState>
  );
}
