import type { PaymentMethod } from '@kindred/shared';
import { Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { CardFields, type CardMode } from '@/entities/card';
import type { GiveValues } from '../lib/give-form';

export interface CardChoiceProps {
  form: UseFormReturnType<GiveValues>;
  /** The giver's saved cards (undefined while they load or when they cannot be read). */
  cards: PaymentMethod[] | undefined;
  mode: CardMode;
  recurring: boolean;
}

const expiry = (card: PaymentMethod) =>
  `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;

/**
 * Which card pays (docs/product/card-gifts.md#paying-by-card-in-one-step): one of the saved cards,
 * the default chosen at first, or a card typed now. With Stripe a new card is typed into Stripe's
 * own field at the review step, where it is paid.
 */
export function CardChoice({ form, cards, mode, recurring }: CardChoiceProps) {
  const fallback = cards?.find((card) => card.is_default) ?? cards?.[0];
  // The default saved card is chosen until the person chooses something else.
  useEffect(() => {
    // Kept in the form, so that going back to the details never undoes the person's own choice.
    if (!form.getValues().card_chosen && fallback && form.getValues().card_choice === 'new')
      form.setFieldValue('card_choice', String(fallback.id));
  }, [fallback, form]);
  const choice = form.getInputProps('card_choice');
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Card"
        {...choice}
        onChange={(value) => {
          form.setFieldValue('card_chosen', true);
          choice.onChange(value);
        }}
      >
        <Stack gap="xs" mt={6}>
          {(cards ?? []).map((card) => (
            <Radio
              key={card.id}
              value={String(card.id)}
              label={card.label}
              description={`Expires ${expiry(card)}${card.is_default ? ' · your default card' : ''}`}
            />
          ))}
          <Radio
            value="new"
            label={cards && cards.length > 0 ? 'Another card' : 'A card'}
            description={
              recurring
                ? 'A recurring gift is charged to a saved card each time: save the card in your wallet first.'
                : mode.kind === 'stripe'
                  ? 'You type the card at the next step, where it is paid.'
                  : 'Typed here, used for this gift only.'
            }
            disabled={recurring}
          />
        </Stack>
      </Radio.Group>
      {form.values.card_choice === 'new' && mode.kind === 'sandbox' && !recurring ? (
        <CardFields getInputProps={form.getInputProps} legend="Card details" />
      ) : null}
      {recurring && cards?.length === 0 ? (
        <Text size="sm" c="dimmed">
          You have no saved cards yet. Save one in your wallet, or pay this recurring gift from your wallet.
        </Text>
      ) : null}
    </Stack>
  );
}
