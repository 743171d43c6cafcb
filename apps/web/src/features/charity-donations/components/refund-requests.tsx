import { formatMoney } from '@kindred/shared';
import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionRefusal, useActionRefusal } from '@/components/ui/action-refusal';
import { confirm } from '@/components/ui/confirm';
import { PagedSection, pagedItems } from '@/components/ui/paged-list';
import { ReasonDialog, useReasonSubmit } from '@/components/ui/reason-dialog';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { DonationStatusBadge, donationWhat, isRefundable, refundLeft, wayBack } from '@/entities/donation';
import { showDate } from '@/lib/format';
import { newIdempotencyKey, useKeyedAttempts } from '@/lib/idempotency';
import { useAnswerRefundRequest } from '../api/answer-refund-request';
import {
  type RefundRequestStatus,
  type RefundRequestWithGift,
  refundRequestQueries,
} from '../api/get-refund-requests';
import { ListCard } from './list-card';

export interface RefundRequestsProps {
  charityId: number;
  /** The viewer may answer them (the charity's Super Admins and Admins). */
  mayAnswer: boolean;
}

const STATUS_CHOICES: { value: RefundRequestStatus; label: string }[] = [
  { value: 'open', label: 'Waiting for an answer' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
];

const EMPTY: Record<RefundRequestStatus, string> = {
  open: 'No requests wait for an answer.',
  accepted: 'No request has been accepted yet.',
  declined: 'No request has been declined yet.',
};

/** One giver's request: the gift, what is left of it, the giver's reason, and Accept or Decline. */
/** How a request was answered, as a badge, and the day it was. */
function Answer({
  label,
  color,
  variant,
  at,
}: {
  label: string;
  color: string;
  variant: 'filled' | 'outline';
  at: string | null;
}) {
  return (
    <Group gap="xs">
      <Badge color={color} variant={variant} radius="sm">
        {label}
      </Badge>
      {at ? <Text size="sm">{showDate(at)}</Text> : null}
    </Group>
  );
}

function RequestItem({
  charityId,
  request,
  mayAnswer,
  onAnswered,
}: {
  charityId: number;
  request: RefundRequestWithGift;
  mayAnswer: boolean;
  onAnswered: () => void;
}) {
  const { donation } = request;
  const answer = useAnswerRefundRequest();
  const { refusal, attempt } = useActionRefusal();
  const [declining, setDeclining] = useState(false);
  const attempts = useKeyedAttempts();
  const left = refundLeft(donation);
  const giver = donation.donor.name;
  const titleId = `refund-request-${request.id}-title`;
  const open = request.status === 'open';

  const accept = async () => {
    const sure = await confirm({
      title: `Refund ${formatMoney(left)} to ${giver}?`,
      message: `What is left of the gift goes back to ${wayBack(donation, 'staff')}. The giver gets a credit note.`,
      confirmLabel: `Refund ${formatMoney(left)}`,
      danger: true,
    });
    if (!sure) return;
    // Accepting again after an answer that was lost keeps the key: the gift is refunded once.
    const { key } = attempts.next({ request: request.id, action: 'accept' });
    const done = await attempt('Not refunded', async () => {
      try {
        await answer.mutateAsync({ charityId, request, body: { action: 'accept' }, key });
        attempts.answered();
      } catch (error) {
        attempts.failed(error);
        throw error;
      }
    });
    if (done) {
      toast.success('Request accepted', `${formatMoney(left)} goes back to ${giver}.`);
      onAnswered();
    }
  };

  const decline = useReasonSubmit(
    (reason) =>
      answer.mutateAsync({
        charityId,
        request,
        body: { action: 'decline', reason },
        key: newIdempotencyKey(),
      }),
    () => {
      setDeclining(false);
      toast.success('Request declined', `${giver} is told your reason.`);
      onAnswered();
    },
  );

  return (
    <ListCard titleId={titleId} testId={`refund-request-${request.id}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {donationWhat(donation)} from {giver}
          </Text>
          <DonationStatusBadge donation={donation} />
        </Group>
        <Text size="sm">
          {donation.project ? `To ${donation.project.title}` : 'Given directly to the charity'} · Given{' '}
          {showDate(donation.created_at)} · {formatMoney(left)} left to refund
          {donation.refunded_amount > 0 ? ` (${formatMoney(donation.refunded_amount)} refunded)` : ''}
        </Text>
        <Text size="sm">Asked {showDate(request.created_at)}:</Text>
        <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
          “{request.reason}”
        </Text>
        {request.status === 'accepted' ? (
          <Answer label="Accepted" color="teal.9" variant="filled" at={request.answered_at} />
        ) : null}
        {request.status === 'declined' ? (
          <Stack gap={2}>
            <Answer label="Declined" color="dark" variant="outline" at={request.answered_at} />
            {request.answer ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Your reason: {request.answer}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <ActionRefusal refusal={refusal} />
        {open && mayAnswer ? (
          <>
            {donation.dispute?.status === 'open' ? (
              <Text size="sm">
                The giver’s bank is disputing this payment: the dispute’s outcome settles it, so it cannot be
                refunded now.
              </Text>
            ) : null}
            <Group gap="xs" mt={4}>
              {isRefundable(donation) ? (
                <Button
                  size="xs"
                  onClick={() => void accept()}
                  loading={answer.isPending && !declining}
                  disabled={answer.isPending}
                  aria-label={`Accept ${giver}’s request`}
                >
                  Accept…
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => setDeclining(true)}
                disabled={answer.isPending}
                aria-label={`Decline ${giver}’s request`}
              >
                Decline…
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
      {declining ? (
        <ReasonDialog
          title="Decline the request?"
          description={`${giver} keeps no money back and is told your reason.`}
          confirmLabel="Decline"
          refusalTitle="Not declined"
          emptyMessage="Say why, so the giver knows."
          pending={answer.isPending}
          refusal={decline.refusal}
          fieldError={decline.fieldError}
          onClose={() => setDeclining(false)}
          onSubmit={decline.submit}
        />
      ) : null}
    </ListCard>
  );
}

/**
 * The givers' requests for a refund, above the inbox's donations: shown once there is a request
 * waiting for an answer (and kept while the person looks through the answered ones).
 */
export function RefundRequests({ charityId, mayAnswer }: RefundRequestsProps) {
  const [status, setStatus] = useState<RefundRequestStatus>('open');
  const [answered, setAnswered] = useState(false);
  const requests = useInfiniteQuery(refundRequestQueries.list(charityId, status));
  const items = pagedItems(requests);
  // Shown while a request waits, and kept once the person has answered one or looks at the answered.
  const waiting = status === 'open' && items.length > 0;
  if (!waiting && !answered && status === 'open' && !requests.isError) return null;

  return (
    <PagedSection
      variant="card"
      id="refund-requests-heading"
      title={
        status === 'open' && items.length > 0
          ? `Refund requests (${items.length}${requests.hasNextPage ? '+' : ''})`
          : 'Refund requests'
      }
      actionAlign="flex-end"
      action={
        <NativeSelect
          label="Show"
          data={STATUS_CHOICES}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as RefundRequestStatus)}
          w={{ base: '100%', xs: 240 }}
        />
      }
      intro={
        <Text size="sm">
          {mayAnswer
            ? 'Givers may ask for their money back within 30 days of giving. Accepting refunds what is left of the gift; declining tells the giver your reason.'
            : 'Givers may ask for their money back within 30 days of giving. The charity’s admins answer them.'}
        </Text>
      }
      query={requests}
      loading="Loading the refund requests…"
      failed="The refund requests could not be loaded."
      empty={<EmptyState variant="text">{EMPTY[status]}</EmptyState>}
      more="Show more requests"
    >
      {() => (
        <Stack gap="xs" component="ul" p={0} m={0}>
          {items.map((request) => (
            <RequestItem
              key={request.id}
              charityId={charityId}
              request={request}
              mayAnswer={mayAnswer}
              onAnswered={() => setAnswered(true)}
            />
          ))}
        </Stack>
      )}
    </PagedSection>
  );
}
