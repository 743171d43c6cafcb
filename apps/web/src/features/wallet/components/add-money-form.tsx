import { formatMoney, type Wallet } from '@kindred/shared';
import { Text } from '@mantine/core';
import { toast } from '@/components/ui/toast';
import {
  CARD_FIELD_MAP,
  type CardValues,
  cardErrors,
  EMPTY_CARD,
  STRIPE_CARD_MESSAGES,
  toCardInput,
} from '@/entities/card';
import { session } from '@/entities/session';
import { ownerKey } from '@/entities/wallet';
import { useAccessibleForm } from '@/lib/form';
import { type AddMoneyInput, useAddMoney } from '../api/add-money';
import { amountError, parseAmount } from '../lib/amount';
import { AmountInput } from './amount-input';
import {
  type CardFormBodyProps,
  type CardFormProps,
  CardPaymentForm,
  useCardPayment,
  withCardMode,
} from './card-payment';

/** The success toast of adding money (its summary is fixed; the detail says how much). */
export const MONEY_ADDED_TOAST = 'Money added to wallet';

export interface AddMoneyValues {
  amount: string;
  card: CardValues;
}

const RETRY_NOTE = 'Submit again to finish: the same payment is retried, so you are not charged twice.';

function validate(values: AddMoneyValues) {
  return { amount: amountError(values.amount), ...cardErrors(values.card) };
}

/** Keeps the session's copy of the person's balance (shown on the profile) in step. */
function updateSessionBalance(wallet: Wallet) {
  const user = session.getState().user;
  if (user) session.updateUser({ ...user, wallet_amount: wallet.wallet_amount, credits: wallet.credits });
}

export interface AddMoneyFormProps extends CardFormProps {
  /** The amount the form starts with, in major units as typed (a top-up another flow needs). */
  initialAmount?: string;
  /** Called once the money is in the wallet (another flow goes on with it). */
  onAdded?: (wallet: Wallet) => void;
  /** Text under the heading; by default, what the form does. */
  description?: string;
}

/**
 * "Add money": the amount and a card, typed into our sandbox card form or, when the deployment
 * takes payments through Stripe, into Stripe Elements. One Idempotency-Key per submit attempt,
 * reused when the same request is submitted again after an unanswered try.
 */
export const AddMoneyForm = withCardMode<AddMoneyFormProps>(AddMoneyFormBody);

function AddMoneyFormBody({
  owner,
  currency,
  mode,
  initialAmount = '',
  onAdded,
  description,
}: CardFormBodyProps<AddMoneyFormProps>) {
  const payment = useCardPayment(mode, {
    title: 'Money was not added',
    retryNote: RETRY_NOTE,
    fieldMap: CARD_FIELD_MAP,
  });
  const mutation = useAddMoney();
  const form = useAccessibleForm<AddMoneyValues>({
    initialValues: { amount: initialAmount, card: EMPTY_CARD },
    // With Stripe the card is checked by Stripe's own field.
    validate: mode.kind === 'sandbox' ? validate : (values) => ({ amount: amountError(values.amount) }),
  });

  const submit = payment.submit(form, async (values) => {
    const amount = parseAmount(values.amount);
    if (amount === null) return;
    let request: Omit<AddMoneyInput, 'attempt'>;
    let fingerprint: unknown;
    if (payment.stripeIncomplete()) return;
    if (mode.kind === 'stripe') {
      request = {
        owner,
        amount,
        payInBrowser: async (clientSecret) => {
          if (!payment.stripeCard.current) throw new Error(STRIPE_CARD_MESSAGES.notReady);
          await payment.stripeCard.current.confirmPayment(clientSecret);
        },
      };
      // The card is in Stripe's frame; a retry pays the payment already opened, with whatever card is typed.
      fingerprint = { owner: ownerKey(owner), amount };
    } else if (mode.kind === 'sandbox') {
      const card = toCardInput(values.card);
      request = { owner, amount, card };
      fingerprint = { owner: ownerKey(owner), amount, card };
    } else {
      return;
    }
    const current = payment.attempts.next(fingerprint);
    const { wallet } = await mutation.mutateAsync({ ...request, attempt: current });
    payment.paid();
    form.reset();
    if (owner.type === 'user') updateSessionBalance(wallet);
    toast.success(
      MONEY_ADDED_TOAST,
      `${formatMoney(amount, wallet.currency)} was added. The balance is now ${formatMoney(wallet.wallet_amount, wallet.currency)}.`,
    );
    onAdded?.(wallet);
  });

  return (
    <CardPaymentForm
      mode={mode}
      payment={payment}
      title="Add money"
      titleOrder={2}
      intro={
        <Text size="sm">
          {description ??
            (owner.type === 'user'
              ? 'Top up your wallet from a card. The money is in your wallet at once.'
              : `Top up the wallet of ${owner.name} from a card. The money is in the wallet at once.`)}
        </Text>
      }
      submitLabel="Add money"
      pending={mutation.isPending}
      onSubmit={submit}
    >
      <AmountInput currency={currency} {...form.getInputProps('amount')} />
      {payment.card(form.getInputProps)}
    </CardPaymentForm>
  );
}
