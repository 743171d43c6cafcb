import type { Subscription } from '@kindred/shared';
import { Anchor, Button, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/ui/error-alert';
import { toast } from '@/components/ui/toast';
import { USER_WALLET, walletQueries } from '@/entities/wallet';
import { isApiError } from '@/lib/api-client';
import { useChangeSubscriptionCard } from '../api/change-subscription-card';
import { cardChangedDetail, cardChoiceLabel, missedWarning, otherCards } from '../lib/plan-payment';

function WalletLink() {
  return (
    <Anchor component={Link} to="/wallet" size="sm" fw={700}>
      Go to your wallet
    </Anchor>
  );
}

/**
 * Another saved card for a plan by card: the plan charges it from now on and its missed gift is
 * tried on it at once (docs/product/card-gifts.md#recurring-gifts-by-card).
 */
function CardChooser({
  subscription,
  onChanged,
}: {
  subscription: Subscription;
  onChanged: (changed: Subscription) => void;
}) {
  const cards = useQuery(walletQueries.paymentMethods(USER_WALLET));
  const change = useChangeSubscriptionCard();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const goal = subscription.missed ? 'it goes ahead' : 'the next gift goes ahead';

  if (cards.isPending) return <Text size="sm">Loading your saved cards…</Text>;
  if (cards.isError)
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm">
          {`Your saved cards could not be loaded. Choose another card in your wallet so ${goal}.`}
        </Text>
        <WalletLink />
      </Stack>
    );
  const choices = otherCards(subscription, cards.data.items);
  if (choices.length === 0)
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm">Save another card in your wallet, then choose it here.</Text>
        <WalletLink />
      </Stack>
    );
  const choice = choices.find((card) => String(card.id) === chosen) ?? choices[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    setError(null);
    try {
      // The answer is awaited here, not in mutate's callbacks: the warning, and this form with it,
      // goes as soon as the plan's new copy is cached.
      const { subscription: changed } = await change.mutateAsync({
        id: subscription.id,
        paymentMethodId: choice.id,
      });
      toast.success('The card is changed.', cardChangedDetail(subscription, changed, choice.label));
      onChanged(changed);
    } catch (failure) {
      setError(
        isApiError(failure)
          ? (failure.fieldErrors.payment_method_id ?? failure.message)
          : 'The card was not changed. Please try again.',
      );
      document.getElementById(selectId)?.focus();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs" align="flex-start">
        <NativeSelect
          id={selectId}
          label={`Choose another card so ${goal}:`}
          data={choices.map((card) => ({ value: String(card.id), label: cardChoiceLabel(card) }))}
          value={choice ? String(choice.id) : ''}
          onChange={(event) => {
            setChosen(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          aria-invalid={error ? true : undefined}
          w="100%"
          maw="24rem"
        />
        <Button type="submit" size="sm" loading={change.isPending}>
          Use this card
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The warning of a plan whose gift could not be made, with what to do so that it goes ahead: another
 * saved card for a plan by card, money in the wallet for a plan from the wallet
 * (docs/product/donations.md#recurring-gifts). Nothing when there is nothing to warn about.
 */
export function PlanWarning({
  subscription,
  onCardChanged,
}: {
  subscription: Subscription;
  onCardChanged: (changed: Subscription) => void;
}) {
  const warning = missedWarning(subscription);
  if (!warning) return null;
  const goal = subscription.missed ? 'it goes ahead' : 'the next gift goes ahead';
  return (
    <ErrorAlert title={warning.title}>
      <Stack gap="xs">
        {warning.sentences.map((sentence) => (
          <Text size="sm" key={sentence}>
            {sentence}
          </Text>
        ))}
        {subscription.source === 'card' ? (
          <CardChooser subscription={subscription} onChanged={onCardChanged} />
        ) : subscription.source === 'credits' ? (
          <Text size="sm">{`Your credits do not cover it. Lower the amount so ${goal}.`}</Text>
        ) : (
          <Stack gap={4} align="flex-start">
            <Text size="sm">{`Add money to your wallet so ${goal}.`}</Text>
            <WalletLink />
          </Stack>
        )}
      </Stack>
    </ErrorAlert>
  );
}
