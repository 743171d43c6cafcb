import { DEFAULT_CURRENCY, type DonateResponse, formatMoney, toMinorUnits } from '@kindred/shared';
import { Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import {
  cardModeOf,
  isStripePaymentError,
  SandboxBankCheck,
  STRIPE_CARD_MESSAGES,
  usePaymentSetup,
  usePublicConfig,
  useStripeCard,
} from '@/entities/card';
import { GiveDialog, useStepHeading } from '@/entities/donation';
import { fundraiserQueries, fundraiserRefusal } from '@/entities/fundraiser';
import { isApiError } from '@/lib/api-client';
import { focusFirstInvalid, serverErrorsOf, useAccessibleForm } from '@/lib/form';
import { useKeyedAttempts } from '@/lib/idempotency';
import { useConfirmGuestPayment } from '../api/confirm-guest-payment';
import { needsBankStep, useGuestDonate } from '../api/guest-donate';
import { type GuestAttempt, keepForRetry } from '../lib/attempt';
import {
  type GuestValues,
  initialGuestValues,
  SERVER_FIELD_MAP,
  toGuestBody,
  validateGuest,
} from '../lib/guest-form';
import { charityName, charityOf, type GuestGiveTarget, targetKey, targetName } from '../lib/target';
import { GuestFields } from './guest-fields';
import { GuestReview } from './guest-review';
import { GuestThankYou } from './guest-thank-you';

const RETRY_NOTE = 'Confirm again to finish: the same gift is retried, so your card is not charged twice.';

export interface GuestGiveFlowProps {
  target: GuestGiveTarget;
  onClose: () => void;
}

interface Failure {
  title: string;
  message: string;
}

function failureOf(error: unknown, target: GuestGiveTarget): Failure {
  const title = 'Your gift was not made';
  if (isStripePaymentError(error)) return { title, message: `${error.message} ${RETRY_NOTE}` };
  if (!isApiError(error)) return { title, message: `Something went wrong. ${RETRY_NOTE}` };
  const closed = fundraiserRefusal(error, targetName(target));
  if (closed) return { title, message: closed };
  if (error.status === 0) return { title, message: `The server could not be reached. ${RETRY_NOTE}` };
  if (keepForRetry(error)) return { title, message: `${error.message} ${RETRY_NOTE}` };
  return { title, message: error.message };
}

/**
 * Giving funds without an account (docs/product/card-gifts.md#giving-without-an-account), in a
 * dialog like the give flow: the gift, the giver and the card; a review with the final confirm;
 * the bank's extra step when the card asks for one (docs/product/card-gifts.md#paying-by-card-in-one-step);
 * then the thank-you. One Idempotency-Key per attempt, reused when the same gift is confirmed again
 * after an unanswered try.
 */
export function GuestGiveFlow({ target, onClose }: GuestGiveFlowProps) {
  const setup = usePaymentSetup();
  const config = usePublicConfig();
  const mode = cardModeOf(setup.provider, setup.stripePublishableKey);
  const currency = config.data?.currency ?? DEFAULT_CURRENCY;
  const charity = charityOf(target);
  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [bankStep, setBankStep] = useState<GuestAttempt | null>(null);
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState<{ answer: DonateResponse; email: string; paidBy: string } | null>(null);
  const stripe = useStripeCard();
  const attempts = useKeyedAttempts<GuestAttempt>(keepForRetry);
  const inFlight = useRef(false);
  const detailsRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const donate = useGuestDonate();
  const queryClient = useQueryClient();
  const confirm = useConfirmGuestPayment();
  const busy = donate.isPending || confirm.isPending || paying;
  // The card is typed into our form with the sandbox only; the checks follow the mode as it loads.
  const typedCard = useRef(false);
  typedCard.current = mode.kind === 'sandbox';
  const form = useAccessibleForm<GuestValues>({
    initialValues: initialGuestValues(),
    validate: (values) => validateGuest(values, { typedCard: typedCard.current }),
  });

  const stepHeading = useStepHeading(active);

  /** Back to the details with a message beside the card (a decline, a card Stripe refused). */
  const cardRefused = (message: string) => {
    setActive(0);
    if (mode.kind === 'stripe') {
      stripe.setError(message);
      setTimeout(() => stripe.ref.current?.focus(), 0);
    } else {
      form.setFieldError('card.number', message);
      focusFirstInvalid(detailsRef.current);
    }
  };

  const next = form.onSubmit(
    () => {
      if (mode.kind === 'stripe' && stripe.stopIncomplete()) return;
      if (mode.kind !== 'sandbox' && mode.kind !== 'stripe') return;
      setFailure(null);
      setActive(1);
    },
    () => {
      if (mode.kind === 'stripe') stripe.setError(stripe.problem());
      focusFirstInvalid(detailsRef.current);
    },
  );

  const values = form.values;
  const amount = toMinorUnits(values.amount.trim()) ?? 0;
  const digits = values.card.number.replace(/\D/g, '');
  const paidBy = mode.kind === 'stripe' ? 'Your card' : `Card ending ${digits.slice(-4)}`;

  const finish = (answer: DonateResponse) => {
    attempts.answered();
    setBankStep(null);
    setDone({ answer, email: values.email.trim(), paidBy });
  };

  const failed = (error: unknown) => {
    attempts.failed(error);
    setBankStep(null);
    if (isStripePaymentError(error) && (error.declined || error.invalidDetails)) {
      cardRefused(error.message);
      return;
    }
    if (isApiError(error) && error.code === 'CARD_DECLINED') {
      cardRefused(error.fieldErrors.card ?? error.message);
      return;
    }
    // A field message sends the person back to the details, beside the field.
    const { fields } = serverErrorsOf(error, form.getValues(), SERVER_FIELD_MAP);
    if (Object.keys(fields).length > 0) {
      form.setErrors(fields);
      setActive(0);
      focusFirstInvalid(detailsRef.current);
      return;
    }
    // A page that ended or was hidden meanwhile: the page behind the dialog shows it too.
    if (target.fundraiser && fundraiserRefusal(error, '') !== null)
      void queryClient.invalidateQueries({ queryKey: fundraiserQueries.one(target.fundraiser.id) });
    setFailure(failureOf(error, target));
    setTimeout(() => failureRef.current?.focus(), 0);
  };

  /** After the bank's step: our server is asked how the payment went, and makes the gift. */
  const confirmPaid = async (attempt: GuestAttempt) => {
    if (!attempt.payment) return;
    inFlight.current = true;
    try {
      finish(await confirm.mutateAsync({ target, payment: attempt.payment, attempt }));
    } catch (error) {
      failed(error);
    } finally {
      inFlight.current = false;
    }
  };

  const give = async () => {
    if (inFlight.current || (mode.kind !== 'sandbox' && mode.kind !== 'stripe')) return;
    const body = {
      ...toGuestBody(values, { typedCard: mode.kind === 'sandbox' }),
      ...(target.fundraiser ? { fundraiser_id: target.fundraiser.id } : {}),
    };
    const current = attempts.next({ target: targetKey(target), body });
    inFlight.current = true;
    setFailure(null);
    try {
      if (!current.payment) {
        const answer = await donate.mutateAsync({ target, body, attempt: current });
        if (!needsBankStep(answer)) {
          finish(answer);
          return;
        }
        current.payment = { id: answer.payment.id, client_secret: answer.payment.client_secret };
      }
      if (mode.kind === 'sandbox') {
        // The sandbox's stand-in for the bank's page; its answer goes on to confirmPaid.
        setBankStep(current);
        return;
      }
      if (!current.paidInBrowser) {
        if (!stripe.ref.current) throw new Error(STRIPE_CARD_MESSAGES.notReady);
        setPaying(true);
        // Stripe shows its own 3-D Secure page when the bank asks for one.
        await stripe.ref.current.confirmPayment(current.payment.client_secret);
        current.paidInBrowser = true;
      }
      finish(await confirm.mutateAsync({ target, payment: current.payment, attempt: current }));
    } catch (error) {
      failed(error);
    } finally {
      setPaying(false);
      inFlight.current = false;
    }
  };

  return (
    <GiveDialog title={`Give as a guest: ${targetName(target)}`} busy={busy} onClose={onClose}>
      {done ? (
        <GuestThankYou
          answer={done.answer}
          email={done.email}
          paidBy={done.paidBy}
          onClose={onClose}
          {...(target.fundraiser ? { fundraiser: target.fundraiser } : {})}
        />
      ) : (
        <Stepper active={active} size="sm" allowNextStepsSelect={false} onStepClick={setActive}>
          <Stepper.Step label="Details" description="Your gift" />
          <Stepper.Step label="Review" description="Check and confirm" />
        </Stepper>
      )}
      {/* The details stay mounted on the review: Stripe's card field pays from there. */}
      <form
        ref={detailsRef}
        onSubmit={next}
        noValidate
        aria-label="Your gift"
        hidden={done !== null || active !== 0}
      >
        <Stack gap="md" mt="md">
          {active === 0 ? stepHeading('Your gift') : null}
          <Text size="sm">
            {target.kind === 'project'
              ? `To ${targetName(target)}, a project of ${charityName(target)}.`
              : `Directly to ${targetName(target)}.`}
            {target.fundraiser ? ` Through the page “${target.fundraiser.title}”.` : ''} You give by card
            without an account, and your receipt comes by email.
          </Text>
          <GuestFields form={form} currency={currency} charity={charity} mode={mode} stripe={stripe.field} />
          <Group justify="space-between">
            <Button type="button" variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={mode.kind !== 'sandbox' && mode.kind !== 'stripe'}>
              Review
            </Button>
          </Group>
        </Stack>
      </form>
      {!done && active === 1 ? (
        <Stack gap="md" mt="md">
          {stepHeading('Check your gift')}
          <GuestReview values={values} target={target} currency={currency} paidBy={paidBy} />
          {failure ? (
            <ErrorAlert ref={failureRef} tabIndex={-1} role="alert" title={failure.title}>
              {failure.message}
            </ErrorAlert>
          ) : null}
          {bankStep?.payment ? (
            <SandboxBankCheck
              clientSecret={bankStep.payment.client_secret}
              amount={amount}
              currency={currency}
              payee={`Kindred, for ${charityName(target)}`}
              onAnswered={() => {
                setBankStep(null);
                void confirmPaid(bankStep);
              }}
            />
          ) : (
            <Group justify="space-between">
              <Button type="button" variant="default" onClick={() => setActive(0)} disabled={busy}>
                Back
              </Button>
              <Button type="button" onClick={give} loading={busy}>
                {`Confirm: give ${formatMoney(amount, currency)}`}
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}
    </GiveDialog>
  );
}
