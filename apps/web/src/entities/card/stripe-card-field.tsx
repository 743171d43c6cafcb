import { Button, Group, Input, Loader, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
// The `pure` entry adds Stripe.js's <script> only when loadStripe is called: this module is used by
// the Stripe card field alone, so the sandbox never loads anything from Stripe.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQuery } from '@tanstack/react-query';
import { type Ref, useId, useImperativeHandle, useRef } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { STRIPE_CARD_MESSAGES, StripePaymentError } from './stripe';

/** What the forms do with the card typed into Stripe's field. */
export interface StripeCardHandle {
  /**
   * Pays an opened PaymentIntent (its client secret) with the typed card; Stripe shows its own
   * 3-D Secure dialog when the bank asks for one. Throws a StripePaymentError when Stripe refuses.
   */
  confirmPayment(clientSecret: string): Promise<void>;
  /** Turns the typed card into a PaymentMethod for later charges (direct debits): its id. */
  createPaymentMethod(): Promise<string>;
  focus(): void;
  clear(): void;
}

/** What the card field last reported: complete, or Stripe's message about what is wrong. */
export interface StripeCardState {
  complete: boolean;
  error: string | null;
}

export const EMPTY_STRIPE_CARD: StripeCardState = { complete: false, error: null };

/** The theme's text, placeholder and error colours and font: Stripe's iframe cannot read our CSS. */
const CARD_OPTIONS: StripeCardElementOptions = {
  style: {
    base: {
      color: '#000000',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: '16px',
      '::placeholder': { color: '#868e96' },
    },
    invalid: { color: '#c92a2a', iconColor: '#c92a2a' },
  },
};

/** Stripe.js for the publishable key, loaded once per page from js.stripe.com. */
function useStripeJs(publishableKey: string) {
  return useQuery({
    queryKey: ['stripe-js', publishableKey],
    queryFn: async (): Promise<Stripe> => {
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js is not available in this browser.');
      return stripe;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    structuralSharing: false,
  });
}

function CardInput({
  ref,
  onChange,
}: {
  ref: Ref<StripeCardHandle> | undefined;
  onChange: (state: StripeCardState) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(ref, () => {
    const ready = () => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new Error(STRIPE_CARD_MESSAGES.notReady);
      return { stripe, card };
    };
    return {
      async confirmPayment(clientSecret) {
        const { stripe: js, card } = ready();
        const result = await js.confirmCardPayment(clientSecret, { payment_method: { card } });
        if (!result.error) return;
        // An earlier try paid it already (its answer got lost): nothing is left to do here.
        const status = result.error.payment_intent?.status;
        if (status === 'succeeded' || status === 'processing' || status === 'requires_capture') return;
        throw new StripePaymentError(result.error);
      },
      async createPaymentMethod() {
        const { stripe: js, card } = ready();
        const result = await js.createPaymentMethod({ type: 'card', card });
        if (result.error) throw new StripePaymentError(result.error);
        return result.paymentMethod.id;
      },
      focus: () => elements?.getElement(CardElement)?.focus(),
      clear: () => elements?.getElement(CardElement)?.clear(),
    };
  }, [stripe, elements]);

  return (
    <CardElement
      options={CARD_OPTIONS}
      onChange={(event: StripeCardElementChangeEvent) =>
        onChange({ complete: event.complete, error: event.error?.message ?? null })
      }
    />
  );
}

export interface StripeCardFieldProps {
  publishableKey: string;
  ref?: Ref<StripeCardHandle>;
  /** The field's message: what is missing or wrong, or why the card was refused. */
  error?: string | null;
  onChange: (state: StripeCardState) => void;
}

/**
 * The card with Stripe Elements (the Card Element): number, expiry and security code are typed
 * into Stripe's own frame and go straight to Stripe, never to our server. Stripe.js loads when this
 * field first shows.
 */
export function StripeCardField({ publishableKey, ref, error = null, onChange }: StripeCardFieldProps) {
  const stripe = useStripeJs(publishableKey);
  const labelId = useId();
  const inner = useRef<StripeCardHandle>(null);
  // The handle works before Stripe.js has loaded too: it then says the form is not ready.
  useImperativeHandle(ref, () => {
    const card = () => {
      if (!inner.current) throw new Error(STRIPE_CARD_MESSAGES.notReady);
      return inner.current;
    };
    return {
      confirmPayment: async (clientSecret) => card().confirmPayment(clientSecret),
      createPaymentMethod: async () => card().createPaymentMethod(),
      focus: () => inner.current?.focus(),
      clear: () => inner.current?.clear(),
    };
  }, []);

  if (stripe.isError) {
    return (
      <ErrorAlert title="The card form could not be loaded">
        <Group gap="sm">
          <Text size="sm">
            Stripe, our payment provider, did not answer. Check the connection and try again.
          </Text>
          <Button size="xs" variant="default" onClick={() => void stripe.refetch()}>
            Try again
          </Button>
        </Group>
      </ErrorAlert>
    );
  }

  return (
    <Input.Wrapper
      label="Card"
      labelElement="div"
      id={labelId}
      description="Card number, expiry date and security code. They go straight to Stripe, our payment provider."
      error={error}
      // The fields are inside Stripe's frame: clicking the label focuses them.
      labelProps={{ id: `${labelId}-label`, onClick: () => inner.current?.focus() }}
      descriptionProps={{ id: `${labelId}-description` }}
      errorProps={{ id: `${labelId}-error`, role: 'alert' }}
    >
      <Input
        component="div"
        role="group"
        aria-labelledby={`${labelId}-label`}
        aria-describedby={error ? `${labelId}-description ${labelId}-error` : `${labelId}-description`}
        error={Boolean(error)}
        styles={{ input: { display: 'flex', alignItems: 'center' } }}
      >
        {stripe.data ? (
          <Elements stripe={stripe.data}>
            <div style={{ flex: 1 }}>
              <CardInput ref={inner} onChange={onChange} />
            </div>
          </Elements>
        ) : (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">Loading the secure card form…</Text>
          </Group>
        )}
      </Input>
    </Input.Wrapper>
  );
}
