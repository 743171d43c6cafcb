/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { StripeCardControl, StripeCardState } from '../stripe';

export const STRIPE_INCOMPLETE = 'Enter the card number, expiry date and security code.';
export const STRIPE_NOT_READY = 'The card form is not ready yet. Wait a moment and try again.';

export interface StripeCardFieldProps {
  publishableKey: string;
  /** The message beside the card: what is missing or wrong, or why the card was refused. */
  error: string | null;
  onChange: (state: StripeCardState) => void;
  /** Receives the mounted card (null until Stripe.js has loaded). */
  control: { current: StripeCardControl | null };
}

/**
 * The card with Stripe's Card Element: number, expiry and security code are typed into Stripe's own
 * frame and go straight to Stripe, never to our server. Stripe.js loads when this field first shows.
 */
export function StripeCardField({ publishableKey, error, onChange, control }: StripeCardFieldProps) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [round, setRound] = useState(0);
  const changes = useRef(onChange);
  changes.current = onChange;

  // `round` is the retry after Stripe.js failed to load: a new round loads it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round starts the load again
  useEffect(() => {
    let mounted: StripeCardControl | null = null;
    let gone = false;
    setState('loading');
    import('../stripe')
      .then(({ mountStripeCard }) => {
        if (gone || !box.current) return undefined;
        return mountStripeCard(publishableKey, box.current, (next) => changes.current(next));
      })
      .then((card) => {
        if (!card) return;
        if (gone) {
          card.destroy();
          return;
        }
        mounted = card;
        control.current = card;
        setState('ready');
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      mounted?.destroy();
      control.current = null;
    };
  }, [publishableKey, round, control]);

  return (
    <fieldset class="group" aria-describedby="stripe-card-description">
      <legend>Card</legend>
      <p class="description" id="stripe-card-description">
        Card number, expiry date and security code. They go straight to Stripe, our payment provider.
      </p>
      <div class={error ? 'stripe-box invalid' : 'stripe-box'} ref={box} hidden={state !== 'ready'} />
      {state === 'loading' ? <p role="status">Loading the secure card form…</p> : null}
      {state === 'failed' ? (
        <div class="notice notice-error" role="alert">
          <p class="notice-title">The card form could not be loaded</p>
          <p>Stripe, our payment provider, did not answer. Check the connection and try again.</p>
          <button type="button" class="secondary" onClick={() => setRound((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
