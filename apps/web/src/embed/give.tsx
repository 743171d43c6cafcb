/** @jsxImportSource preact */
import { type CardActionResponse, type DonateResponse, formatMoney } from '@kindred/shared';
import { useRef, useState } from 'preact/hooks';
import { EmbedApiError, postJson } from './api';
import { type Attempt, keyedAttempts, mayHaveGoneThrough } from './attempts';
import { BankCheck } from './components/bank-check';
import { inputId, Notice } from './components/field';
import { GiftFields, SandboxCardFields } from './components/gift-fields';
import { KindredLink } from './components/header';
import { STRIPE_INCOMPLETE, STRIPE_NOT_READY, StripeCardField } from './components/stripe-card';
import { ThankYou } from './components/thank-you';
import {
  amountOf,
  errorsAfterEdit,
  type FieldErrors,
  fieldOf,
  firstRefused,
  type GiftValues,
  initialGiftValues,
  toGiftBody,
  validateGift,
} from './gift-form';
import type { StripeCardControl, StripeCardState } from './stripe';
import type { EmbedData } from './target';

const RETRY_NOTE = 'Give again to finish: the same gift is retried, so your card is not charged twice.';

type GiftAnswer = DonateResponse | CardActionResponse;
const needsBankStep = (answer: GiftAnswer): answer is CardActionResponse => 'payment' in answer;

/** A refusal the browser's Stripe.js made about the card (declined, or details it found invalid). */
function cardRefusalOf(error: unknown): string | null {
  const refusal = error as { name?: string; aboutTheCard?: boolean; message?: string } | null;
  return refusal?.name === 'StripeRefusal' && refusal.aboutTheCard ? (refusal.message ?? null) : null;
}

function failureOf(error: unknown): string {
  if (cardRefusalOf(error) === null && error && (error as { name?: string }).name === 'StripeRefusal')
    return `${(error as Error).message} ${RETRY_NOTE}`;
  if (!(error instanceof EmbedApiError)) return `Something went wrong. ${RETRY_NOTE}`;
  if (mayHaveGoneThrough(error)) return `${error.message} ${RETRY_NOTE}`;
  return error.message;
}

export interface GiveProps {
  data: EmbedData;
  /** After a gift: the page reads the project's progress again. */
  onGiven: () => void;
}

/**
 * The guest's gift in one form (docs/product/embed.md): the amount, who gives, the card, Gift Aid;
 * the bank's step when the card asks for it; then the thank-you. One Idempotency-Key per attempt,
 * kept for a retry of the same gift after a failure that may have gone through (decision 034).
 */
export function Give({ data, onGiven }: GiveProps) {
  const { target, currency } = data;
  const stripeMode = data.provider === 'stripe';
  const typedCard = !stripeMode;
  const [values, setValues] = useState<GiftValues>(initialGiftValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [bankStep, setBankStep] = useState<Attempt | null>(null);
  const [done, setDone] = useState<{ answer: DonateResponse; email: string; paidBy: string } | null>(null);
  const [stripeState, setStripeState] = useState<StripeCardState>({ complete: false, error: null });
  const [stripeError, setStripeError] = useState<string | null>(null);
  const stripeCard = useRef<StripeCardControl | null>(null);
  const attempts = useRef(keyedAttempts()).current;
  const inFlight = useRef(false);
  const failureRef = useRef<HTMLDivElement>(null);

  const amount = amountOf(values);
  const digits = values.card.number.replace(/\D/g, '');
  const paidBy = stripeMode ? 'Your card' : `Card ending ${digits.slice(-4)}`;

  const focusField = (found: FieldErrors) => {
    const first = firstRefused(found);
    if (first) setTimeout(() => document.getElementById(inputId(first))?.focus(), 0);
  };
  const showCardRefusal = (message: string) => {
    if (stripeMode) {
      setStripeError(message);
      setTimeout(() => stripeCard.current?.focus(), 0);
    } else {
      const found = { 'card.number': message };
      setErrors(found);
      focusField(found);
    }
  };
  const showFailure = (message: string) => {
    setFailure(message);
    setTimeout(() => failureRef.current?.focus(), 0);
  };

  const finish = (answer: DonateResponse) => {
    attempts.answered();
    setBankStep(null);
    setDone({ answer, email: values.email.trim(), paidBy });
    onGiven();
  };

  const failed = (error: unknown) => {
    attempts.failed(error);
    setBankStep(null);
    const card = cardRefusalOf(error);
    if (card !== null) return showCardRefusal(card);
    if (error instanceof EmbedApiError && error.code === 'CARD_DECLINED')
      return showCardRefusal(error.fields.card ?? error.message);
    // A refused field shows beside it.
    const found: FieldErrors = {};
    if (error instanceof EmbedApiError) {
      for (const [path, message] of Object.entries(error.fields)) {
        const field = fieldOf(path);
        if (field) found[field] = message;
      }
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusField(found);
      return;
    }
    showFailure(failureOf(error));
  };

  /** Confirms with the API a payment the bank (or Stripe) passed, under the attempt's key. */
  const confirmPayment = (payment: NonNullable<Attempt['payment']>, key: string) =>
    postJson<DonateResponse>(
      `/guest/payment/${payment.id}/confirm`,
      { client_secret: payment.client_secret },
      key,
    );

  /** One send at a time: the form is busy meanwhile, and a failure is shown where it belongs. */
  const sending = async (work: () => Promise<void>) => {
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      failed(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const confirmPaid = async (attempt: Attempt) => {
    const payment = attempt.payment;
    if (!payment || inFlight.current) return;
    await sending(async () => finish(await confirmPayment(payment, attempt.key)));
  };

  const give = async (event: Event) => {
    event.preventDefault();
    if (inFlight.current) return;
    setFailure(null);
    const found = validateGift(values, typedCard);
    const cardProblem = stripeMode && !stripeState.complete ? (stripeState.error ?? STRIPE_INCOMPLETE) : null;
    setErrors(found);
    setStripeError(cardProblem);
    if (Object.keys(found).length > 0) {
      focusField(found);
      return;
    }
    if (cardProblem !== null) {
      stripeCard.current?.focus();
      return;
    }
    const body = toGiftBody(values, typedCard);
    const attempt = attempts.next({ to: target.donatePath, body });
    await sending(async () => {
      if (!attempt.payment) {
        const answer = await postJson<GiftAnswer>(target.donatePath, body, attempt.key);
        if (!needsBankStep(answer)) return finish(answer);
        attempt.payment = { id: answer.payment.id, client_secret: answer.payment.client_secret };
      }
      if (!stripeMode) {
        // The sandbox's stand-in for the bank's page; its answer goes on to confirmPaid.
        setBankStep(attempt);
        return;
      }
      if (!attempt.paidInBrowser) {
        if (!stripeCard.current) throw new EmbedApiError(0, 'NOT_READY', STRIPE_NOT_READY);
        // Stripe shows its own 3-D Secure step when the bank asks for one.
        await stripeCard.current.confirm(attempt.payment.client_secret);
        attempt.paidInBrowser = true;
      }
      finish(await confirmPayment(attempt.payment, attempt.key));
    });
  };

  if (done) {
    return (
      <ThankYou
        answer={done.answer}
        email={done.email}
        paidBy={done.paidBy}
        currency={currency}
        onAgain={() => {
          setDone(null);
          setValues(initialGiftValues());
          setErrors({});
        }}
      />
    );
  }

  if (bankStep?.payment) {
    return (
      <BankCheck
        clientSecret={bankStep.payment.client_secret}
        amount={amount}
        currency={currency}
        payee={`Kindred, for ${target.charity?.name ?? target.name}`}
        onAnswered={() => {
          const attempt = bankStep;
          setBankStep(null);
          void confirmPaid(attempt);
        }}
      />
    );
  }

  const change = (update: (current: GiftValues) => GiftValues) => {
    const next = update(values);
    setErrors((current) => errorsAfterEdit(current, values, next));
    setValues(next);
  };
  return (
    <form class="gift" aria-label="Your gift" noValidate onSubmit={give}>
      <p>
        {target.kind === 'project'
          ? `Give to this project${target.charity ? `, for ${target.charity.name}` : ''}.`
          : `Give directly to ${target.name}.`}{' '}
        You give by card without an account, and your receipt comes by email.
      </p>
      <GiftFields
        values={values}
        errors={errors}
        currency={currency}
        charity={target.charity}
        onChange={change}
        card={
          stripeMode ? (
            data.stripeKey ? (
              <StripeCardField
                publishableKey={data.stripeKey}
                error={stripeError}
                control={stripeCard}
                onChange={(state) => {
                  setStripeState(state);
                  setStripeError(state.error);
                }}
              />
            ) : (
              <Notice tone="info" title="Card payments are not available here">
                This deployment takes card payments through Stripe, but its Stripe settings are incomplete, so
                the card form cannot be shown.
              </Notice>
            )
          ) : (
            <SandboxCardFields values={values} errors={errors} onChange={change} />
          )
        }
      />
      {failure ? (
        <Notice tone="error" title="Your gift was not made" alertRef={failureRef}>
          {failure}
        </Notice>
      ) : null}
      <button type="submit" class="primary give" disabled={busy || (stripeMode && !data.stripeKey)}>
        {busy ? 'Giving…' : amount > 0 ? `Give ${formatMoney(amount, currency)}` : 'Give'}
      </button>
      <p class="dimmed small">
        Giving through Kindred. <KindredLink path={target.pagePath}>See this page on Kindred</KindredLink>
      </p>
    </form>
  );
}
