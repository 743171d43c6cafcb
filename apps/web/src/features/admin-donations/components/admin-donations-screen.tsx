import { type Donation, formatMoney, TRANSACTION_STATUS } from '@kindred/shared';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminsOnlyPage, ViewOnlyAlert } from '@/components/ui/admin-only';
import { confirm } from '@/components/ui/confirm';
import { Page } from '@/components/ui/page';
import { type PagePosition, Pager } from '@/components/ui/pager';
import { SelectionPanel } from '@/components/ui/selection-panel';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useCurrentUser } from '@/entities/session';
import { useSelectedIds } from '@/lib/selection';
import { useCompleteDonations } from '../api/complete-donations';
import { platformQueueQueries } from '../api/get-platform-queue';
import { queueRole } from '../lib/queue';
import { DonationCard } from './donation-card';
import { FindGift } from './find-gift';
import { RefundDialog } from './refund-dialog';
import { RejectDialog } from './reject-dialog';

const TITLE = 'Donations for review';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What completing the chosen donations does, in one sentence for the confirm dialog. */
function completeMessage(chosen: Donation[]): string {
  const held = chosen.filter((d) => d.status === TRANSACTION_STATUS.awaitingPlatformAdminApproval).length;
  const payouts = chosen.length - held;
  const parts = [
    held ? `${plural(held, 'donation held for review is', 'donations held for review are')} approved` : '',
    payouts
      ? `${plural(payouts, 'direct donation is', 'direct donations are')} recorded as paid out to the charity`
      : '',
  ].filter(Boolean);
  return `${parts.join('; ')}. Receipts go to the donors of approved donations.`;
}

/** The sum of the chosen donations' amounts. */
const totalOf = (chosen: Donation[]) => chosen.reduce((sum, d) => sum + (d.amount ?? 0), 0);

const isQueued = (donation: Pick<Donation, 'status'>) =>
  donation.status === TRANSACTION_STATUS.awaitingPlatformAdminApproval ||
  donation.status === TRANSACTION_STATUS.approved;

/** A gift as a refund or a sandbox event left it, and when: newer than the queue's copy until it is read again. */
interface Touched {
  donation: Donation;
  at: number;
}

function Queue({ canReview }: { canReview: boolean }) {
  const [position, setPosition] = useState<PagePosition>({});
  const { selected, setSelected, toggle } = useSelectedIds();
  const [rejecting, setRejecting] = useState<Donation | null>(null);
  const [refunding, setRefunding] = useState<Donation | null>(null);
  /** Gifts changed here: a gift the change took out of the queue stays in sight, as it now is. */
  const [touched, setTouched] = useState<ReadonlyMap<number, Touched>>(new Map());
  /** The button that opened a dialog: focus goes back to it, or to the heading once it is gone. */
  const trigger = useRef<HTMLElement | null>(null);
  const list = useQuery(platformQueueQueries.page(position));
  const complete = useCompleteDonations();
  const queued = list.data?.items ?? [];
  const fresh = (donation: Donation) => {
    const change = touched.get(donation.id);
    return change && change.at > list.dataUpdatedAt ? change.donation : donation;
  };
  const items = queued.map(fresh);
  /** Gifts a change here took out of the queue (a refund in full, a dispute lost): no longer 40 or 80. */
  const left = [...touched.values()]
    .map((change) => change.donation)
    .filter((donation) => !isQueued(donation) && !queued.some((d) => d.id === donation.id));
  const chosen = items.filter((donation) => selected.has(donation.id));

  const touch = (donation: Donation) =>
    setTouched((current) => new Map(current).set(donation.id, { donation, at: Date.now() }));

  const remember = () => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const openReject = (donation: Donation) => {
    remember();
    setRejecting(donation);
  };
  const openRefund = (donation: Donation) => {
    remember();
    setRefunding(donation);
  };

  const refocus = () =>
    setTimeout(() => {
      const target = trigger.current?.isConnected
        ? trigger.current
        : document.querySelector<HTMLElement>('[data-page-heading]');
      target?.focus();
    }, 0);
  const closeReject = () => {
    setRejecting(null);
    refocus();
  };
  const closeRefund = () => {
    setRefunding(null);
    refocus();
  };

  /** The card's actions, for a gift of the queue or one changed here. */
  const actions = (donation: Donation) => ({
    onRefund: canReview ? () => openRefund(donation) : null,
    onSandboxEvent: canReview ? (answer: { donation: Donation }) => touch(answer.donation) : null,
  });

  const changePage = (next: PagePosition) => {
    setSelected(new Set());
    setPosition(next);
  };

  const onComplete = async () => {
    if (chosen.length === 0) return;
    const ok = await confirm({
      title: `Complete ${plural(chosen.length, 'donation', 'donations')}?`,
      message: completeMessage(chosen),
      confirmLabel: 'Complete',
    });
    if (!ok) return;
    try {
      const result = await complete.mutateAsync(chosen.map((donation) => donation.id));
      setSelected(new Set());
      toast.success(
        'Donations completed',
        `${plural(result.donations.length, 'donation', 'donations')} (${formatMoney(totalOf(result.donations))}) moved on.`,
      );
    } catch {
      // The error toast told why; the queue may have changed meanwhile.
      void list.refetch();
    }
  };

  if (list.isError && !list.data) {
    return (
      <FailedState title="The donations could not be loaded." error={list.error} onRetry={list.refetch} />
    );
  }
  if (!list.data) return <LoadingState label="Loading the donations waiting for the platform…" />;
  if (items.length === 0 && !position.cursor && left.length === 0) {
    return (
      <EmptyState>
        Nothing is waiting for the platform: no donation is held for review and no direct donation waits to be
        paid out.
      </EmptyState>
    );
  }

  return (
    <Stack gap="md">
      {canReview ? (
        <SelectionPanel
          name="Selected donations"
          label="Select all on this page"
          shownIds={items.map((d) => d.id)}
          chosenCount={chosen.length}
          onSelect={setSelected}
          status={
            chosen.length === 0
              ? 'None selected.'
              : `${chosen.length} selected, ${formatMoney(totalOf(chosen))}.`
          }
          action={
            <Button onClick={onComplete} disabled={chosen.length === 0} loading={complete.isPending}>
              Complete selected
            </Button>
          }
        />
      ) : null}
      {items.length === 0 ? (
        <EmptyState variant="text">
          {position.cursor ? 'No more donations on this page.' : 'Nothing else is waiting for the platform.'}
        </EmptyState>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          aria-label="Donations waiting for the platform"
          aria-busy={list.isFetching}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((donation) => (
            <li key={donation.id}>
              <DonationCard
                donation={donation}
                selection={
                  canReview
                    ? { selected: selected.has(donation.id), onToggle: (on) => toggle(donation.id, on) }
                    : null
                }
                onReject={
                  canReview && donation.status !== TRANSACTION_STATUS.canceled
                    ? () => openReject(donation)
                    : null
                }
                {...actions(donation)}
              />
            </li>
          ))}
        </Stack>
      )}
      {left.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="changed-just-now">
          <Title order={2} size="h4" id="changed-just-now">
            Changed just now
          </Title>
          <Text size="sm">
            These gifts have left the queue since you refunded them or raised a provider event.
          </Text>
          <Stack
            component="ul"
            gap="sm"
            aria-label="Gifts changed just now"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {left.map((donation) => (
              <li key={donation.id}>
                <DonationCard donation={donation} selection={null} onReject={null} {...actions(donation)} />
              </li>
            ))}
          </Stack>
        </Stack>
      ) : null}
      <Text size="sm" c="dimmed">
        Newest first. {plural(items.length, 'donation', 'donations')} on this page.
      </Text>
      <Pager page={list.data} busy={list.isFetching} onChange={changePage} />
      {rejecting ? (
        <RejectDialog donation={rejecting} onClose={closeReject} onRejected={(id) => toggle(id, false)} />
      ) : null}
      {refunding ? (
        <RefundDialog
          donation={refunding}
          onClose={closeRefund}
          onRefunded={(answer) =>
            touch({
              ...refunding,
              status: answer.status,
              status_label: answer.status === 90 ? 'Canceled' : refunding.status_label,
              refunded_amount: answer.refunded_amount,
              refunds: [...refunding.refunds, answer.refund],
            })
          }
        />
      ) : null}
    </Stack>
  );
}

/**
 * `/admin/donations`: donations held for platform review (40) and approved direct donations waiting
 * for payout (80). Super Admins and Admins complete several at once or reject one with a reason;
 * Employees look.
 */
export function AdminDonationsScreen() {
  const role = queueRole(useCurrentUser());
  if (role === 'none') {
    return <AdminsOnlyPage title={TITLE} />;
  }
  return (
    <Page
      title={TITLE}
      description={
        <Text>
          Gifts of funds above the review threshold, or to a charity not yet approved, wait here with their
          money held; approved direct donations wait here until they are paid out to the charity.
        </Text>
      }
    >
      <Group component="nav" aria-label="Admin" gap="lg">
        <Anchor component={Link} to="/admin">
          Admin home
        </Anchor>
      </Group>
      {role === 'view' ? (
        <ViewOnlyAlert>
          As an Employee you can see these donations; Super Admins and Admins complete and reject them.
        </ViewOnlyAlert>
      ) : null}
      <FindGift canAct={role === 'review'} />
      <Queue canReview={role === 'review'} />
    </Page>
  );
}
