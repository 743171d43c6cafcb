import { giftAidDeclarationText } from '@kindred/shared';
import { Blockquote, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Ref } from 'react';
import { NameInputs } from '@/components/ui/name-inputs';
import {
  CardFields,
  CardFormLoading,
  type CardMode,
  CardPaymentsUnavailable,
  StripeCardField,
  type StripeCardHandle,
  type StripeCardState,
} from '@/entities/card';
import { AmountChoice, GiftAidCheckbox, GiftMessageFields } from '@/entities/donation';
import type { GuestValues } from '../lib/guest-form';

export interface GuestFieldsProps {
  form: UseFormReturnType<GuestValues>;
  currency: string;
  /** The charity that receives the gift: the Gift Aid declaration names it. */
  charity: { id: number; name: string } | null;
  mode: CardMode;
  /** Stripe's card field: its handle, its message and what it reports. */
  stripe: {
    ref: Ref<StripeCardHandle>;
    error: string | null;
    onChange: (state: StripeCardState) => void;
  };
}

/**
 * The guest's gift: the amount (presets or typed), who gives and where the receipt goes, the card,
 * Gift Aid with its declaration made inline, and how the gift is shown.
 */
export function GuestFields({ form, currency, charity, mode, stripe }: GuestFieldsProps) {
  return (
    <Stack gap="md">
      <AmountChoice
        id="guest"
        currency={currency}
        amount={form.values.amount}
        onPreset={(text) => form.setFieldValue('amount', text)}
        inputProps={form.getInputProps('amount')}
      />
      <Fieldset legend="About you" variant="unstyled">
        <Stack gap="sm">
          <TextInput
            label="Email"
            description="Your receipt is sent here."
            required
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NameInputs form={form} />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      {mode.kind === 'loading' ? (
        <CardFormLoading />
      ) : mode.kind === 'unavailable' ? (
        <CardPaymentsUnavailable instead="Sign in to give from your wallet instead." />
      ) : mode.kind === 'stripe' ? (
        <StripeCardField
          ref={stripe.ref}
          publishableKey={mode.publishableKey}
          error={stripe.error}
          onChange={stripe.onChange}
        />
      ) : (
        <CardFields getInputProps={form.getInputProps} />
      )}
      {charity ? (
        <Stack gap="xs">
          <GiftAidCheckbox
            amount={form.values.amount}
            currency={currency}
            inputProps={form.getInputProps('gift_aid', { type: 'checkbox' })}
          />
          {form.values.gift_aid ? (
            <Fieldset
              legend={`Gift Aid declaration for ${charity.name}`}
              variant="filled"
              data-testid="gift-aid-declaration"
            >
              <Stack gap="sm">
                <Text size="sm">
                  With Gift Aid you make this declaration with your gift, in the name given above:
                </Text>
                <Blockquote p="sm" fz="sm" color="gray">
                  {giftAidDeclarationText(charity.name)}
                </Blockquote>
                <Text size="sm">HMRC needs your home address with it.</Text>
                <TextInput
                  label="Title"
                  description="Optional, for example Ms."
                  autoComplete="honorific-prefix"
                  maxLength={20}
                  {...form.getInputProps('declaration.title')}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <TextInput
                    label="House name or number"
                    required
                    autoComplete="address-line1"
                    maxLength={100}
                    {...form.getInputProps('declaration.house')}
                  />
                  <TextInput
                    label="Post code"
                    description="A UK post code, for example SW1A 1AA."
                    required
                    autoComplete="postal-code"
                    maxLength={10}
                    {...form.getInputProps('declaration.post_code')}
                  />
                </SimpleGrid>
              </Stack>
            </Fieldset>
          ) : null}
        </Stack>
      ) : null}
      <GiftMessageFields
        to={charity?.name ?? 'the charity'}
        messageProps={form.getInputProps('message')}
        anonymousProps={form.getInputProps('anonymous', { type: 'checkbox' })}
      />
    </Stack>
  );
}
