import {
  type DonateResponse,
  type Donation,
  formatMoney,
  GIVING_TYPE,
  type Subscription,
  TRANSACTION_STATUS,
} from '@kindred/shared';
import { Alert, Button, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DataRow } from '@/components/ui/data-row';
import { donationWhat, ReceiptButton, ShareGift } from '@/entities/donation';
import { showDate } from '@/lib/format';
import { frequencyLabel } from '../lib/give-form';
import type { ThroughFundraiser } from '../lib/target';

/** What the giver is told once the gift was recorded: its title and what happens next. */
export interface GiveOutcome {
  title: string;
  /** What happens next, in one or two sentences. */
  next: string;
  /** The receipt to download, for a gift of funds made now. */
  receipt: { donationId: number; number: string | null } | null;
}

type Gift = Pick<Donation, 'type' | 'status' | 'charity' | 'project' | 'id' | 'receipt_number' | 'source'>;

/**
 * Where the gift stands, by the answer's status (docs/decisions/034): given now (with its receipt),
 * waiting for the charity (an offer of time or goods), for the organisation's sign-off, or for the
 * platform's review; a recurring gift says when the next one is.
 */
export function giveOutcome(answer: DonateResponse, organisation: string | null): GiveOutcome {
  const gift: Gift | null = answer.donation;
  const subscription = answer.subscription;
  const charity = gift?.charity.name ?? subscription?.charity.name ?? 'The charity';
  const heldIn = gift?.source === 'credits' ? 'credits' : 'wallet';
  const held =
    gift?.source === 'card'
      ? 'The card was charged; the amount is held'
      : `The amount is held in its ${heldIn}`;
  if (gift?.status === TRANSACTION_STATUS.awaitingOrganisationApproval) {
    return {
      title: 'Sent for sign-off',
      next:
        gift.type === GIVING_TYPE.funds
          ? `It waits for the sign-off admins of ${organisation ?? 'the organisation'} to approve it. ${held} until then; if they reject it, it goes back to the organisation’s wallet.`
          : `It waits for the sign-off admins of ${organisation ?? 'the organisation'} to approve it; then ${charity} decides whether to accept it.`,
      receipt: null,
    };
  }
  if (gift?.status === TRANSACTION_STATUS.awaitingPlatformAdminApproval) {
    return {
      title: 'Waiting for review',
      next:
        gift.source === 'card'
          ? `Kindred’s team reviews this gift before it reaches ${charity}. Your card was charged and the amount is held until then; if it is not approved, it goes to your wallet.`
          : `Kindred’s team reviews this gift before it reaches ${charity}. The amount is held in your ${heldIn} until then; if it is not approved, it goes back.`,
      receipt: null,
    };
  }
  if (gift?.status === TRANSACTION_STATUS.awaitingCharityApproval) {
    return {
      title: 'Offer sent',
      next: `${charity} will decide whether to accept your offer. You will hear their answer: it shows in My giving as soon as they decide.`,
      receipt: null,
    };
  }
  const receipt =
    gift && gift.type === GIVING_TYPE.funds ? { donationId: gift.id, number: gift.receipt_number } : null;
  if (subscription) {
    const next = subscription.next_date ? showDate(subscription.next_date) : null;
    return {
      title: 'Subscription successful',
      next: gift
        ? `The first gift was made today${next ? `; the next one is on ${next}` : ''}. Its receipt is below and comes by email.`
        : `The first gift is on ${next ?? showDate(subscription.start_date)}. Each gift’s receipt comes by email.`,
      receipt,
    };
  }
  return {
    title: 'Donation successful',
    next: receipt
      ? `${charity} has your gift. Your receipt${receipt.number ? ` ${receipt.number}` : ''} comes by email, and you can download it now.`
      : `${charity} has your gift.`,
    receipt,
  };
}

/** 'Your wallet', 'Acme Ltd’s credits', 'Visa ending 4242'. */
function paidWith(source: Donation['source'], organisation: string | null, card: string | null): string {
  if (source === 'card') return card ?? (organisation ? `A card of ${organisation}` : 'Your card');
  const what = source === 'credits' ? 'credits' : 'wallet';
  return organisation ? `${organisation}’s ${what}` : `Your ${what}`;
}

function whatWasGiven(gift: Donation | null, subscription: Subscription | null): string {
  if (subscription)
    return `${formatMoney(subscription.amount)} ${frequencyLabel(subscription.frequency).toLowerCase()}`;
  if (!gift) return '';
  const what = donationWhat(gift);
  const timed = gift.type === GIVING_TYPE.volunteering || gift.type === GIVING_TYPE.skilledVolunteering;
  return timed && gift.date ? `${what} on ${showDate(gift.date)}` : what;
}

export interface GiveConfirmationProps {
  answer: DonateResponse;
  /** The organisation the gift was made on behalf of, or null for the person's own gift. */
  organisation: string | null;
  /** The saved card that paid ('Visa ending 4242'), if one did. */
  card?: string | null;
  /** The fundraising page the gift went through: shared, and linked back to. */
  fundraiser?: ThroughFundraiser;
  onClose: () => void;
}

/** The last step of the give flow: what was given, to whom, how it was paid and what happens next. */
export function GiveConfirmation({
  answer,
  organisation,
  card = null,
  fundraiser,
  onClose,
}: GiveConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const outcome = giveOutcome(answer, organisation);
  const { donation: gift, subscription } = answer;
  const project = gift?.project ?? subscription?.project ?? null;
  const charity = gift?.charity ?? subscription?.charity;
  const funds = subscription !== null || gift?.type === GIVING_TYPE.funds;
  const source = gift?.source ?? subscription?.source ?? null;
  return (
    <Stack gap="md" mt="md" data-testid="give-confirmation">
      <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
        {outcome.title}
      </Title>
      <DataList>
        <DataRow label="You gave">{whatWasGiven(gift, subscription)}</DataRow>
        <DataRow label="To">
          {project ? `${project.title}, a project of ${charity?.name ?? ''}` : (charity?.name ?? '')}
        </DataRow>
        {funds ? <DataRow label="Paid from">{paidWith(source, organisation, card)}</DataRow> : null}
      </DataList>
      <Alert color="teal" variant="light" title="What happens next">
        {outcome.next}
      </Alert>
      <ShareGift fundraiser={fundraiser} charity={charity} project={project} onClose={onClose} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        {outcome.receipt ? (
          <ReceiptButton
            donationId={outcome.receipt.donationId}
            receiptNumber={outcome.receipt.number}
            size="sm"
          />
        ) : organisation ? (
          <span />
        ) : (
          <Button component={Link} to="/donations" variant="default">
            See my giving
          </Button>
        )}
        <Button onClick={onClose}>Done</Button>
      </Group>
      {outcome.receipt && !organisation ? (
        <Text size="sm">
          <Link to="/donations">See all your giving</Link>
        </Text>
      ) : null}
    </Stack>
  );
}
