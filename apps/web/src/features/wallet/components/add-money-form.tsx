import { formatMoney, type Wallet } from '@kindred/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { session } from '@/features/session';
import { applyServerErrors, focusFirstInvalid, useAccessibleForm } from '@/lib/form';
import { useAddMoney } from '../api/add-money';
import type { PaymentProviderName } from '../api/config';
import { amountError, parseAmount } from '../lib/amount';
import { type CardValues, cardErrors, EMPTY_CARD, toCardInput } from '../lib/card';
import { failureOf } from '../lib/failure';
import { type Attempt, attemptFor, keepForRetry } from '../lib/idempotency';
import { ownerKey, type WalletOwner } from '../lib/owner';
import { AmountInput } from './amount-input';
import { CardFields, CardPaymentsUnavailable } from './card-fields';
import { type Failure, FormFailure } from './form-failure';

/** The success toast of adding money (its summary is fixed; the detail says how much). */
export const MONEY_ADDED_TOAST = 'Money added to wallet';

export interface AddMoneyValues {
  amount: string;
  card: CardValues;
}

const RETRY_NOTE = 'Submit again to finish: the same payment is retried, so you are not charged twice.';

/** Server field names to form fields. */
const FIELD_MAP = {
  card: 'card.number',
  'card.number': 'card.number',
  'card.exp_month': 'card.exp_month',
  'card.exp_year': 'card.exp_year',
  'card.cvc': 'card.cvc',
};

function validate(values: AddMoneyValues) {
  return { amount: amountError(values.amount), ...cardErrors(values.card) };
}

/** Keeps the session's copy of the person's balance (shown on the profile) in step. */
function updateSessionBalance(wallet: Wallet) {
  const user = session.getState().user;
  if (user) session.updateUser({ ...user, wallet_amount: wallet.wallet_amount, credits: wallet.credits });
}

export interface AddMoneyFormProps {
  owner: WalletOwner;
  currency: string;
  /** The sandbox card form works with the sandbox provider only (Stripe Elements is not wired). */
  provider?: PaymentProviderName;
}

/**
 * "Add money" with the sandbox card form: one Idempotency-Key per submit attempt, reused when the
 * same request is submitted again after an unanswered try.
 */
export function AddMoneyForm({ owner, currency, provider = 'sandbox' }: AddMoneyFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const attempt = useRef<Attempt | null>(null);
  const headingId = useId();
  const [failure, setFailure] = useState<Failure | null>(null);
  const mutation = useAddMoney();
  const form = useAccessibleForm<AddMoneyValues>({
    initialValues: { amount: '', card: EMPTY_CARD },
    validate,
  });

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      const amount = parseAmount(values.amount);
      if (amount === null) return;
      const card = toCardInput(values.card);
      const current = attemptFor(attempt.current, { owner: ownerKey(owner), amount, card });
      attempt.current = current;
      try {
        const { wallet } = await mutation.mutateAsync({ owner, amount, card, attempt: current });
        attempt.current = null;
        form.reset();
        if (owner.type === 'user') updateSessionBalance(wallet);
        toast.success(
          MONEY_ADDED_TOAST,
          `${formatMoney(amount, wallet.currency)} was added. The balance is now ${formatMoney(wallet.wallet_amount, wallet.currency)}.`,
        );
      } catch (error) {
        if (!keepForRetry(error)) attempt.current = null;
        if (applyServerErrors(error, form.setFieldError, FIELD_MAP)) {
          focusFirstInvalid(formRef.current);
          return;
        }
        setFailure(failureOf(error, 'Money was not added', RETRY_NOTE));
        setTimeout(() => failureRef.current?.focus(), 0);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Add money
        </Title>
        <Text size="sm">
          {owner.type === 'user'
            ? 'Top up your wallet from a card. The money is in your wallet at once.'
            : `Top up the wallet of ${owner.name} from a card. The money is in the wallet at once.`}
        </Text>
        {provider === 'sandbox' ? (
          <>
            <AmountInput currency={currency} {...form.getInputProps('amount')} />
            <CardFields getInputProps={form.getInputProps} />
            <FormFailure ref={failureRef} failure={failure} />
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending}>
                Add money
              </Button>
            </Group>
          </>
        ) : (
          <CardPaymentsUnavailable />
        )}
      </Stack>
    </form>
  );
}
