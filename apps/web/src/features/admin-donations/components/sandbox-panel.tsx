import { type Donation, formatMoney, type SandboxEventBody } from '@kindred/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { confirm } from '@/components/ui/confirm';
import { toast } from '@/components/ui/toast';
import { usePublicConfig } from '@/entities/card';
import { refundLeft } from '@/entities/donation';
import { type SandboxEventAnswer, useRaiseSandboxEvent } from '../api/raise-sandbox-event';

interface SandboxAction {
  label: string;
  body: Omit<SandboxEventBody, 'payment_id'>;
  /** The confirm dialog's question and what it does. */
  title: string;
  message: string;
  /** The toast once the event is handled, from the gift as it left it. */
  done: (after: Donation) => { title: string; message: string };
}

/** What the gift's dispute and refunds are now, in one sentence. */
export function disputeState(donation: Pick<Donation, 'dispute' | 'refunded_amount'>): string {
  const refunded =
    donation.refunded_amount > 0 ? ` ${formatMoney(donation.refunded_amount)} refunded so far.` : '';
  if (!donation.dispute) return `No dispute.${refunded}`;
  const amount = formatMoney(donation.dispute.amount);
  const state = {
    open: `A dispute of ${amount} is open: the money is set aside until it is closed.`,
    won: `The dispute of ${amount} was won: the gift stands.`,
    lost: `The dispute of ${amount} was lost: the money went back to the giver’s card.`,
  }[donation.dispute.status];
  return `${state}${refunded}`;
}

function actionsFor(donation: Donation): SandboxAction[] {
  const left = refundLeft(donation);
  const open = donation.dispute?.status === 'open';
  const disputed = formatMoney(donation.dispute?.amount ?? donation.amount ?? 0);
  const refundAtProvider: SandboxAction = {
    label: 'Refund at the provider',
    body: { type: 'charge.refunded' },
    title: 'Refund at the provider?',
    message: `The sandbox refunds ${formatMoney(left)} of this card payment as if from the provider’s dashboard, and Kindred records the refund it reports.`,
    done: (after) => ({ title: 'Refunded at the provider', message: disputeState(after) }),
  };
  const openDispute: SandboxAction = {
    label: 'Open a dispute',
    body: { type: 'charge.dispute.created' },
    title: 'Open a dispute?',
    message: `The sandbox reports that the giver’s bank disputes this card payment: ${formatMoney(donation.amount ?? 0)} of the gift is set aside until the dispute is closed.`,
    done: (after) => ({ title: 'Dispute opened', message: disputeState(after) }),
  };
  const close = (outcome: 'won' | 'lost'): SandboxAction => ({
    label: `Close the dispute: ${outcome}`,
    body: { type: 'charge.dispute.closed', outcome },
    title: `Close the dispute as ${outcome}?`,
    message:
      outcome === 'won'
        ? `The bank decides for the charity: the ${disputed} set aside is released and the gift stands.`
        : `The bank decides for the giver: ${disputed} goes back to the giver’s card, with a credit note.`,
    done: (after) => ({ title: `Dispute closed: ${outcome}`, message: disputeState(after) }),
  });
  if (open) return [close('won'), close('lost')];
  // Nothing left of the gift (refunded in full): nothing for a refund or a dispute to take.
  return left > 0 ? [refundAtProvider, openDispute] : [];
}

/**
 * The sandbox's stand-in for the payment provider's dashboard, on a gift paid by card: a refund
 * made there, a dispute opened by the giver's bank, and its close, won or lost; each confirmed
 * first, then the gift's dispute and refunds as the event left them. Shown only while the sandbox
 * takes the payments.
 */
export function SandboxPanel({ donation, onChanged }: SandboxPanelProps) {
  if (donation.payment_id === null) return null;
  return <CardPaymentPanel donation={donation} paymentId={donation.payment_id} onChanged={onChanged} />;
}

export interface SandboxPanelProps {
  donation: Donation;
  onChanged: (answer: SandboxEventAnswer) => void;
}

function CardPaymentPanel({ donation, paymentId, onChanged }: SandboxPanelProps & { paymentId: number }) {
  const config = usePublicConfig();
  const raise = useRaiseSandboxEvent();
  const headingId = useId();
  if (config.data?.payment_provider !== 'sandbox') return null;
  const actions = actionsFor(donation);

  const run = async (action: SandboxAction) => {
    const ok = await confirm({ title: action.title, message: action.message, confirmLabel: action.label });
    if (!ok) return;
    try {
      const answer = await raise.mutateAsync({ ...action.body, payment_id: paymentId });
      const said = action.done(answer.donation);
      toast.success(said.title, said.message);
      onChanged(answer);
    } catch {
      // The API client showed the error toast.
    }
  };

  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby={headingId}
      bg="var(--mantine-color-default-hover)"
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          Payment provider (sandbox)
        </Title>
        <Text size="sm" role="status">
          {disputeState(donation)}
        </Text>
        {actions.length > 0 ? (
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action.label}
                size="xs"
                variant="default"
                loading={
                  raise.isPending &&
                  raise.variables?.type === action.body.type &&
                  raise.variables?.outcome === action.body.outcome
                }
                disabled={raise.isPending}
                onClick={() => void run(action)}
              >
                {action.label}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
