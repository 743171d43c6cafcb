import { type Donation, formatMoney, type Refund } from '@kindred/shared';
import { Group, Stack, Text } from '@mantine/core';
import { showDate } from '@/lib/format';
import { downloadCreditNote } from './download-credit-note';
import { type MoneyBackViewer, refundDestination } from './money-back';
import { PdfButton } from './pdf-button';

export interface MoneyBackDetailsProps {
  donation: Pick<
    Donation,
    'id' | 'amount' | 'refunded_amount' | 'refunds' | 'dispute' | 'refund_request' | 'charity'
  >;
  /** The giver reads 'your card'; the charity's people and platform admins 'the giver’s card'. */
  viewer: MoneyBackViewer;
  /** A mail's manage link: the credit notes come through it, without the session. */
  manageToken?: string;
  currency?: string;
}

/** Downloads one refund's credit note (PDF); a refusal is the API client's error toast. */
export function CreditNoteButton({
  donationId,
  refund,
  manageToken,
}: {
  donationId: number;
  refund: Pick<Refund, 'id' | 'credit_note_number'>;
  manageToken?: string;
}) {
  const number = refund.credit_note_number;
  if (!number) return null;
  return (
    <PdfButton
      download={() =>
        downloadCreditNote({
          donationId,
          refundId: refund.id,
          creditNoteNumber: number,
          ...(manageToken === undefined ? {} : { manageToken }),
        })
      }
      savedToast={['Credit note downloaded', `Credit note ${number}`]}
      aria-label={`Download credit note ${number} (PDF)`}
      styles={{ label: { whiteSpace: 'normal' } }}
      h="auto"
      mih={30}
      py={4}
    >
      {`Download credit note ${number}`}
    </PdfButton>
  );
}

function refundLine(refund: Refund, viewer: MoneyBackViewer, currency: string | undefined): string {
  const amount = formatMoney(refund.amount, currency);
  const where = refundDestination(refund.to, viewer);
  const when = showDate(refund.created_at);
  if (refund.status === 'pending') return `${amount} on its way back ${where} (since ${when})`;
  if (refund.status === 'failed') return `${amount} could not be refunded ${where} (${when})`;
  return `${amount} refunded ${where} on ${when}`;
}

/** Why the money went back, in the reader's words. */
function refundWhy(refund: Refund, viewer: MoneyBackViewer): string {
  if (refund.origin === 'dispute')
    return viewer === 'giver'
      ? 'Your bank decided its dispute of the payment for you.'
      : 'The giver’s bank decided the dispute for the giver.';
  return `Reason: ${refund.reason}`;
}

function RefundItem({
  donationId,
  refund,
  viewer,
  manageToken,
  currency,
}: {
  donationId: number;
  refund: Refund;
  viewer: MoneyBackViewer;
  manageToken: string | undefined;
  currency: string | undefined;
}) {
  const who =
    viewer === 'staff'
      ? [
          refund.by ? `By ${refund.by.name}` : refund.origin === 'provider' ? 'At the payment provider' : '',
          refund.from_platform ? 'paid from the platform’s own funds' : '',
        ]
          .filter(Boolean)
          .join(', ')
      : '';
  return (
    <Stack component="li" gap={2} style={{ listStyle: 'none' }}>
      <Text size="sm">{refundLine(refund, viewer, currency)}</Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {refundWhy(refund, viewer)}
        {who ? ` · ${who}` : ''}
      </Text>
      {refund.credit_note_number ? (
        <Group gap="xs">
          <CreditNoteButton
            donationId={donationId}
            refund={refund}
            {...(manageToken === undefined ? {} : { manageToken })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

function DisputeNote({
  dispute,
  viewer,
  currency,
}: {
  dispute: NonNullable<Donation['dispute']>;
  viewer: MoneyBackViewer;
  currency: string | undefined;
}) {
  const amount = formatMoney(dispute.amount, currency);
  const giver = viewer === 'giver';
  const text = {
    open: giver
      ? `Your bank is disputing this payment (${amount}). Its decision settles the gift.`
      : `The giver’s bank is disputing this payment: ${amount} is set aside until it decides.`,
    won: giver
      ? 'Your bank’s dispute of this payment was decided for the charity: the gift stands.'
      : 'The dispute was won: the gift stands.',
    lost: giver
      ? `Your bank’s dispute was decided for you: ${amount} went back to your card.`
      : `The dispute was lost: ${amount} went back to the giver’s card.`,
  }[dispute.status];
  return (
    <Text size="sm" fw={dispute.status === 'open' ? 600 : undefined}>
      {text}
    </Text>
  );
}

function RequestNote({
  request,
  charity,
  viewer,
}: {
  request: NonNullable<Donation['refund_request']>;
  charity: string;
  viewer: MoneyBackViewer;
}) {
  const giver = viewer === 'giver';
  const asked = showDate(request.created_at);
  const answered = showDate(request.answered_at);
  if (request.status === 'open')
    return (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {giver
            ? `You asked for a refund on ${asked}. Waiting for ${charity} to answer.`
            : `The giver asked for a refund on ${asked}.`}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {`${giver ? 'Your reason' : 'Their reason'}: “${request.reason}”`}
        </Text>
      </Stack>
    );
  if (request.status === 'declined')
    return (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {giver
            ? `${charity} declined your request for a refund on ${answered}.`
            : `The giver’s request for a refund was declined on ${answered}.`}
        </Text>
        {request.answer ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {`${giver ? `${charity}’s reason` : 'The reason given'}: “${request.answer}”`}
          </Text>
        ) : null}
      </Stack>
    );
  return (
    <Text size="sm">
      {giver
        ? `${charity} accepted your request for a refund on ${answered}.`
        : `The giver’s request for a refund was accepted on ${answered}.`}
    </Text>
  );
}

/**
 * A gift's money back (docs/product/refunds-and-disputes.md): how much was refunded, the bank's
 * dispute, the giver's request and its answer, and each refund (how much, when, why, where it
 * went) with its credit note to download. Nothing when the gift has none of these.
 */
export function MoneyBackDetails({ donation, viewer, manageToken, currency }: MoneyBackDetailsProps) {
  const { refunds, dispute, refund_request: request } = donation;
  if (donation.refunded_amount === 0 && refunds.length === 0 && !dispute && !request) return null;
  const all = donation.amount !== null && donation.refunded_amount >= donation.amount;
  return (
    <Stack gap={6} data-testid="money-back">
      {donation.refunded_amount > 0 ? (
        <Text size="sm" fw={700}>
          {`${formatMoney(donation.refunded_amount, currency)} refunded${all ? ', all of the gift' : ''}`}
        </Text>
      ) : null}
      {dispute ? <DisputeNote dispute={dispute} viewer={viewer} currency={currency} /> : null}
      {request ? <RequestNote request={request} charity={donation.charity.name} viewer={viewer} /> : null}
      {refunds.length > 0 ? (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Refunds of this gift">
          {refunds.map((refund) => (
            <RefundItem
              key={refund.id}
              donationId={donation.id}
              refund={refund}
              viewer={viewer}
              manageToken={manageToken}
              currency={currency}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
