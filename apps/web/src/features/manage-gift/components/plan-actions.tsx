import type { ManageView, Subscription } from '@kindred/shared';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { toast } from '@/components/ui/toast';
import { showDate } from '@/lib/format';
import type { useActOnPlan } from '../api/act-on-plan';
import { recipientName } from '../lib/words';
import { AmountForm } from './amount-form';
import { CardForm } from './card-form';

type Action = ManageView['actions'][number];
type OpenForm = 'amount' | 'card' | null;

/** The buttons that open a form below them. */
const OPENERS: { form: 'amount' | 'card'; label: string }[] = [
  { form: 'amount', label: 'Change amount' },
  { form: 'card', label: 'Change card' },
];

export interface PlanActionsProps {
  plan: Subscription;
  actions: Action[];
  currency: string;
  act: ReturnType<typeof useActOnPlan>;
  /** After a cancel, the plan's heading takes the focus (the buttons are gone). */
  onCancelled: () => void;
}

/**
 * What the link may do with its plan, only what the server allows now
 * (docs/product/card-gifts.md#manage-from-the-mail): pause or resume, change the amount, change
 * the card (a plan by card), cancel (confirmed first).
 */
export function PlanActions({ plan, actions, currency, act, onCancelled }: PlanActionsProps) {
  const headingId = useId();
  const [open, setOpen] = useState<OpenForm>(null);
  const openers = { amount: useRef<HTMLButtonElement>(null), card: useRef<HTMLButtonElement>(null) };
  const pauseButton = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState<Action | null>(null);
  const can = (action: Action) => actions.includes(action);

  const close = () => {
    const was = open;
    setOpen(null);
    // Back to the button that opened the form.
    if (was) setTimeout(() => openers[was].current?.focus(), 0);
  };

  /** A button's change: its refusal shows as the error toast (the call is not silent). */
  const run = async (action: 'pause' | 'resume' | 'cancel') => {
    setPending(action);
    try {
      return await act.mutateAsync({ body: { action } });
    } catch {
      return null;
    } finally {
      setPending(null);
    }
  };

  const onPauseOrResume = async () => {
    const action = can('resume') ? 'resume' : 'pause';
    const view = await run(action);
    // The button was disabled while it worked, which drops the focus: it gets it back, now saying the other.
    setTimeout(() => pauseButton.current?.focus(), 0);
    if (!view) return;
    if (action === 'pause') {
      toast.success('The recurring gift is paused.', 'No gifts are made until you resume it.');
    } else {
      const next = view.subscription?.next_date;
      toast.success(
        'The recurring gift is resumed.',
        next ? `The next gift is on ${showDate(next)}.` : undefined,
      );
    }
  };

  const onCancel = async () => {
    const sure = await confirm({
      title: 'Cancel this recurring gift?',
      message: `No more gifts will be made. Gifts already made stay with ${recipientName(plan)}.`,
      confirmLabel: 'Cancel the gift',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!sure) return;
    const view = await run('cancel');
    if (!view) return;
    setOpen(null);
    toast.success('The recurring gift is cancelled.', 'No more gifts will be made.');
    onCancelled();
  };

  if (actions.length === 0) return null;
  const busy = pending !== null || act.isPending;
  const pauseOrResume = can('resume') ? 'resume' : can('pause') ? 'pause' : null;
  return (
    <Paper component="section" aria-labelledby={headingId} p="lg" withBorder>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Change this recurring gift
        </Title>
        <Group gap="xs" wrap="wrap">
          {pauseOrResume ? (
            <Button
              variant="default"
              onClick={() => void onPauseOrResume()}
              loading={pending === 'pause' || pending === 'resume'}
              disabled={busy}
            >
              {pauseOrResume === 'resume' ? 'Resume' : 'Pause'}
            </Button>
          ) : null}
          {OPENERS.filter((opener) => can(opener.form)).map((opener) => (
            <Button
              key={opener.form}
              ref={openers[opener.form]}
              variant="default"
              onClick={() => setOpen(opener.form)}
              disabled={busy}
              aria-expanded={open === opener.form}
            >
              {opener.label}
            </Button>
          ))}
          {can('cancel') ? (
            <Button
              variant="outline"
              color="red.9"
              onClick={() => void onCancel()}
              loading={pending === 'cancel'}
              disabled={busy}
            >
              Cancel the recurring gift
            </Button>
          ) : null}
        </Group>
        {open === 'amount' && can('amount') ? (
          <AmountForm plan={plan} currency={currency} act={act} onClose={close} />
        ) : null}
        {open === 'card' && can('card') ? <CardForm plan={plan} act={act} onClose={close} /> : null}
      </Stack>
    </Paper>
  );
}
