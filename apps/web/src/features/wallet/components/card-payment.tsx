import { Stack, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ComponentType, type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { SubmitRow } from '@/components/ui/submit-row';
import type { PaymentProviderName } from '@/entities/card';
import {
  CardFields,
  type CardFieldsProps,
  CardFormLoading,
  type CardMode,
  CardPaymentsUnavailable,
  cardModeOf,
  isStripePaymentError,
  STRIPE_CARD_MESSAGES,
  StripeCardField,
  useStripeCard,
} from '@/entities/card';
import type { WalletOwner } from '@/entities/wallet';
import { applyServerErrors, focusFirstInvalid } from '@/lib/form';
import { useKeyedAttempts } from '@/lib/idempotency';
import { failureOf } from '../lib/failure';
import { type Attempt, keepForRetry } from '../lib/idempotency';
import { type Failure, FormFailure } from './form-failure';

/** What a refused payment's field errors are set on (a Mantine form). */
type ErrorTarget = Parameters<typeof applyServerErrors>[1];

/** A form that pays (a Mantine form): its submit, and where a refusal's field errors go. */
type PayingForm<Values> = ErrorTarget & Pick<UseFormReturnType<Values>, 'onSubmit'>;

/** How a card form reports a refused payment. */
export interface CardFailureWords {
  /** The refusal's title, e.g. 'Money was not added'. */
  title: string;
  /** What submitting again does. */
  retryNote: string;
  /** Server field names to form fields. */
  fieldMap: Record<string, string>;
  /** What a refusal is read as, where the form reads it its own way (the sandbox's declined card). */
  readRefusal?: (error: unknown) => unknown;
}

/**
 * The card part of a form that pays by card (add money, save a card, set up a direct debit): the
 * sandbox card fields or Stripe's field, the submit attempts (one Idempotency-Key each), and the
 * refusal shown above the button.
 */
export function useCardPayment(mode: CardMode, words: CardFailureWords) {
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  /** Counts the changes to the card in Stripe's field: a changed card is a new attempt. */
  const stripeEdits = useRef(0);
  const stripe = useStripeCard(() => {
    stripeEdits.current += 1;
  });
  const attempts = useKeyedAttempts<Attempt>(keepForRetry);
  const [failure, setFailure] = useState<Failure | null>(null);

  /**
   * A refused or unanswered payment: a card Stripe refuses shows beside its field; field messages go
   * beside their fields; the refusal shows above the button either way.
   */
  const failed = (refused: unknown, form: ErrorTarget) => {
    const error = words.readRefusal ? words.readRefusal(refused) : refused;
    attempts.failed(error);
    if (isStripePaymentError(error) && error.invalidDetails) {
      stripe.show(error.message);
      return;
    }
    const { fields } = applyServerErrors(error, form, words.fieldMap);
    setFailure(failureOf(error, words.title, words.retryNote));
    if (Object.keys(fields).length > 0) focusFirstInvalid(formRef.current);
    else setTimeout(() => failureRef.current?.focus(), 0);
  };
  /** A submit with fields to correct: the first one is focused. */
  const invalid = () => {
    if (mode.kind === 'stripe') stripe.setError(stripe.problem());
    focusFirstInvalid(formRef.current);
  };

  return {
    formRef,
    failureRef,
    stripeCard: stripe.ref,
    attempts,
    failure,
    setFailure,
    /**
     * What stands for the card in an attempt's fingerprint: with Stripe, whose card is in its frame,
     * its edits; nothing with the sandbox, whose card is in the body.
     */
    stripeFingerprint(): { stripeEdits?: number } {
      return mode.kind === 'stripe' ? { stripeEdits: stripeEdits.current } : {};
    },
    /**
     * With Stripe, the attempt's PaymentMethod for the API to keep, made from the card once: a retry
     * of the same attempt sends the same one. Nothing with the sandbox.
     */
    async paymentMethodOf(attempt: Attempt): Promise<string | undefined> {
      if (mode.kind === 'stripe') {
        if (!stripe.ref.current) throw new Error(STRIPE_CARD_MESSAGES.notReady);
        attempt.paymentMethodId ??= await stripe.ref.current.createPaymentMethod();
      }
      return attempt.paymentMethodId;
    },
    /** With Stripe, an incomplete card stops the submit: its problem shows beside it, focused. */
    stripeIncomplete(): boolean {
      return mode.kind === 'stripe' && stripe.stopIncomplete();
    },
    /** After a payment went through: its attempt is answered, and Stripe's field starts empty again. */
    paid() {
      attempts.answered();
      if (mode.kind === 'stripe') stripe.clear();
    },
    failed,
    invalid,
    /**
     * The submit of a form that pays: the last refusal goes, `pay` runs with the values and a refusal
     * is `failed`'s; a submit with fields to correct is `invalid`'s.
     */
    submit<Values>(form: PayingForm<Values>, pay: (values: Values) => Promise<void>) {
      return form.onSubmit(async (values) => {
        setFailure(null);
        try {
          await pay(values);
        } catch (error) {
          failed(error, form);
        }
      }, invalid);
    },
    /** The card: the sandbox card fields or Stripe's field. */
    card(getInputProps: CardFieldsProps['getInputProps']) {
      return mode.kind === 'stripe' ? (
        <StripeCardField {...stripe.field} publishableKey={mode.publishableKey} />
      ) : (
        <CardFields getInputProps={getInputProps} />
      );
    },
  };
}

export type CardPayment = ReturnType<typeof useCardPayment>;

export interface CardPaymentFormProps {
  mode: CardMode;
  payment: CardPayment;
  title: string;
  /** A section of the wallet screen (2) or a part of one (3). */
  titleOrder: 2 | 3;
  /** Under the heading, shown whatever the mode. */
  intro?: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The fields (with `payment.card(...)` among them), shown once cards can be taken. */
  children: ReactNode;
}

/**
 * A form that pays by card: its heading, then, once the deployment's settings say how cards are
 * taken, its fields, the refusal and the submit button.
 */
export function CardPaymentForm({ mode, payment, title, titleOrder, intro, ...props }: CardPaymentFormProps) {
  const headingId = useId();
  return (
    <form ref={payment.formRef} onSubmit={props.onSubmit} noValidate aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={titleOrder} size={titleOrder === 2 ? 'h3' : 'h4'} id={headingId}>
          {title}
        </Title>
        {intro}
        {mode.kind === 'loading' ? (
          <CardFormLoading />
        ) : mode.kind === 'unavailable' ? (
          <CardPaymentsUnavailable />
        ) : (
          <>
            {props.children}
            <FormFailure ref={payment.failureRef} failure={payment.failure} />
            <SubmitRow justify="flex-end" pending={props.pending}>
              {props.submitLabel}
            </SubmitRow>
          </>
        )}
      </Stack>
    </form>
  );
}

/** Whose wallet a card form pays into and how the deployment takes cards. */
export interface CardFormProps {
  owner: WalletOwner;
  currency: string;
  /** Who takes card payments (GET /api/config); null while that is loading. */
  provider?: PaymentProviderName | null;
  /** Stripe's publishable key, for Stripe Elements (GET /api/config). */
  stripePublishableKey?: string | null;
}

/** A card form's body: its props without the deployment's settings, and the card mode they make. */
export type CardFormBodyProps<P extends CardFormProps> = Omit<P, 'provider' | 'stripePublishableKey'> & {
  mode: CardMode;
};

/**
 * A card form from its body, which is given the card mode and keyed by it: another way of paying is
 * another form, so nothing typed carries over.
 */
export function withCardMode<P extends CardFormProps>(Body: ComponentType<CardFormBodyProps<P>>) {
  return function CardForm({ provider = 'sandbox', stripePublishableKey = null, ...props }: P) {
    const mode = cardModeOf(provider, stripePublishableKey);
    const body = { ...props, mode } as CardFormBodyProps<P>;
    return <Body key={mode.kind} {...body} />;
  };
}
