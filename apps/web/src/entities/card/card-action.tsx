import { formatMoney } from '@kindred/shared';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { api, isApiError } from '@/lib/api-client';
import { StripePaymentError } from './stripe';

/** The sandbox's bank answers: the payment is confirmed, or the check fails. */
export type BankOutcome = 'complete' | 'fail';

/** POST /sandbox/authenticate: the sandbox's 3-D Secure step (docs/product/card-gifts.md#the-sandbox-cards). */
export function answerSandboxBank(clientSecret: string, outcome: BankOutcome) {
  return api.post<{ id: string; status: string }>(
    '/sandbox/authenticate',
    { client_secret: clientSecret, outcome },
    { silent: true },
  );
}

/**
 * With Stripe: finishes the bank's extra step for a payment opened with a saved card; Stripe shows
 * its own 3-D Secure page. Throws a StripePaymentError when the bank or Stripe refuses.
 */
export async function finishWithStripe(publishableKey: string, clientSecret: string): Promise<void> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available in this browser.');
  const result = await stripe.handleNextAction({ clientSecret });
  if (result.error) throw new StripePaymentError(result.error);
}

export interface SandboxBankCheckProps {
  clientSecret: string;
  /** In minor units. */
  amount: number;
  currency: string;
  /** Who is paid, as the bank would say it: 'Kindred, for River Trust'. */
  payee: string;
  /** Called once the bank answered (either way): the flow then asks our server how it went. */
  onAnswered: (outcome: BankOutcome) => void;
}

/**
 * The sandbox's stand-in for the page a card's bank shows for 3-D Secure: the giver confirms or
 * refuses the payment. With Stripe, Stripe's own page does this (finishWithStripe).
 */
export function SandboxBankCheck({
  clientSecret,
  amount,
  currency,
  payee,
  onAnswered,
}: SandboxBankCheckProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<BankOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const answer = async (outcome: BankOutcome) => {
    setPending(outcome);
    setFailure(null);
    try {
      await answerSandboxBank(clientSecret, outcome);
      onAnswered(outcome);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : 'The bank could not be reached. Try again.');
    } finally {
      setPending(null);
    }
  };

  return (
    <Paper withBorder p="md" role="region" aria-labelledby="bank-check-heading" data-testid="bank-check">
      <Stack gap="sm">
        <Title order={3} size="h5" id="bank-check-heading" ref={headingRef} tabIndex={-1}>
          Your bank asks you to confirm this payment
        </Title>
        <Text size="sm">
          {`${formatMoney(amount, currency)} to ${payee}. Nothing is taken until you confirm.`}
        </Text>
        <Alert color="gray" variant="light">
          Test payments (sandbox): this stands in for your bank’s own check. Confirm to pay, or refuse to see
          how a failed check is handled.
        </Alert>
        {failure ? <ErrorAlert title="The bank did not answer">{failure}</ErrorAlert> : null}
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="default"
            onClick={() => answer('fail')}
            loading={pending === 'fail'}
            disabled={pending !== null}
          >
            Refuse payment
          </Button>
          <Button
            onClick={() => answer('complete')}
            loading={pending === 'complete'}
            disabled={pending !== null}
          >
            Confirm payment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
