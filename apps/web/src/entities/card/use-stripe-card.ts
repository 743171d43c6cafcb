import { useRef, useState } from 'react';
import { STRIPE_CARD_MESSAGES } from './stripe';
import { EMPTY_STRIPE_CARD, type StripeCardHandle, type StripeCardState } from './stripe-card-field';

/**
 * What a form keeps of the card typed into Stripe's field (StripeCardField): its handle, what the
 * field last reported and the message shown beside it. `onEdit` hears every change to the card.
 */
export function useStripeCard(onEdit?: () => void) {
  const ref = useRef<StripeCardHandle>(null);
  const [state, setState] = useState<StripeCardState>(EMPTY_STRIPE_CARD);
  const [error, setError] = useState<string | null>(null);

  const onChange = (next: StripeCardState) => {
    onEdit?.();
    setState(next);
    setError(next.error);
  };
  /** What is wrong with the card in Stripe's field, or null when it is complete. */
  const problem = () => (state.complete ? null : (state.error ?? STRIPE_CARD_MESSAGES.incomplete));
  /** A message about the card beside Stripe's field, which takes the focus. */
  const show = (message: string) => {
    setError(message);
    ref.current?.focus();
  };

  return {
    ref,
    /** StripeCardField's wiring: `<StripeCardField {...stripe.field} publishableKey={...} />`. */
    field: { ref, error, onChange },
    setError,
    problem,
    show,
    /** An incomplete card stops the submit: its problem shows beside the field, focused. */
    stopIncomplete(): boolean {
      const message = problem();
      if (message === null) return false;
      show(message);
      return true;
    },
    /** After the card was used: Stripe's field starts empty again. */
    clear() {
      ref.current?.clear();
      onChange(EMPTY_STRIPE_CARD);
    },
  };
}

export type StripeCard = ReturnType<typeof useStripeCard>;
