/** @jsxImportSource preact */
import { formatMoney } from '@kindred/shared';
import { useEffect, useRef, useState } from 'preact/hooks';
import { EmbedApiError, postJson } from '../api';
import { Notice } from './field';

export type BankOutcome = 'complete' | 'fail';

export interface BankCheckProps {
  clientSecret: string;
  /** In minor units. */
  amount: number;
  currency: string;
  /** Who is paid, as the bank would say it: 'Kindred, for River Trust'. */
  payee: string;
  /** Called once the bank answered (either way): the page then asks our server how it went. */
  onAnswered: (outcome: BankOutcome) => void;
}

/**
 * The sandbox's stand-in for the page a card's bank shows for 3-D Secure
 * (docs/product/card-gifts.md#the-sandbox-cards): the giver confirms or refuses the payment.
 */
export function BankCheck({ clientSecret, amount, currency, payee, onAnswered }: BankCheckProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<BankOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), []);

  const answer = async (outcome: BankOutcome) => {
    setPending(outcome);
    setFailure(null);
    try {
      await postJson('/sandbox/authenticate', { client_secret: clientSecret, outcome });
      onAnswered(outcome);
    } catch (error) {
      setFailure(
        error instanceof EmbedApiError ? error.message : 'The bank could not be reached. Try again.',
      );
    } finally {
      setPending(null);
    }
  };

  return (
    <section class="panel" aria-labelledby="bank-check-heading" data-testid="bank-check">
      <h2 id="bank-check-heading" ref={heading} tabIndex={-1}>
        Your bank asks you to confirm this payment
      </h2>
      <p>{`${formatMoney(amount, currency)} to ${payee}. Nothing is taken until you confirm.`}</p>
      <Notice tone="info">
        Test payments (sandbox): this stands in for your bank’s own check. Confirm to pay, or refuse to see
        how a failed check is handled.
      </Notice>
      {failure ? (
        <Notice tone="error" title="The bank did not answer">
          {failure}
        </Notice>
      ) : null}
      <div class="actions">
        <button type="button" class="secondary" disabled={pending !== null} onClick={() => answer('fail')}>
          {pending === 'fail' ? 'Refusing…' : 'Refuse payment'}
        </button>
        <button type="button" class="primary" disabled={pending !== null} onClick={() => answer('complete')}>
          {pending === 'complete' ? 'Confirming…' : 'Confirm payment'}
        </button>
      </div>
    </section>
  );
}
