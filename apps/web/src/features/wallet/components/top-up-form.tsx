import type { Wallet } from '@kindred/shared';
import { usePaymentSetup } from '@/entities/card';
import { USER_WALLET } from '@/entities/wallet';
import { AddMoneyForm } from './add-money-form';

export interface TopUpFormProps {
  currency: string;
  /** The amount to add, in major units as typed ('25.50'); the person can change it. */
  amount: string;
  /** What the top-up is for, shown under the heading. */
  description: string;
  onAdded: (wallet: Wallet) => void;
}

/**
 * The person's own wallet top-up by card, for a flow that needs more money than the wallet holds
 * (giving): the sandbox card form, or Stripe Elements when the deployment takes payments that way.
 */
export function TopUpForm({ currency, amount, description, onAdded }: TopUpFormProps) {
  const payments = usePaymentSetup();
  return (
    <AddMoneyForm
      owner={USER_WALLET}
      currency={currency}
      initialAmount={amount}
      description={description}
      onAdded={onAdded}
      {...payments}
    />
  );
}
