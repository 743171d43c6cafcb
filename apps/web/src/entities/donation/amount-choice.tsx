import { formatMoney, toAmountText } from '@kindred/shared';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { currencySymbol, parseAmount } from '@/lib/amount';
import { AMOUNT_PRESETS, giftAidFor } from './gift-amount';

export interface AmountChoiceProps {
  /** Names the presets' group: its label is `${id}-presets-label`. */
  id: string;
  currency: string;
  /** The amount as typed, in major units: the preset it equals is shown pressed. */
  amount: string;
  /** Sets the amount to a preset's text (form.setFieldValue('amount', text)). */
  onPreset: (text: string) => void;
  /** The amount field's wiring: form.getInputProps('amount'). */
  inputProps: GetInputPropsReturnType;
}

/** A gift's amount: a preset with one click, or typed in the field under them. */
export function AmountChoice({ id, currency, amount, onPreset, inputProps }: AmountChoiceProps) {
  const typed = parseAmount(amount);
  const labelId = `${id}-presets-label`;
  return (
    <>
      <Stack gap={6}>
        <Text fw={500} size="sm" id={labelId}>
          Choose an amount
        </Text>
        <Group gap="xs" role="group" aria-labelledby={labelId}>
          {AMOUNT_PRESETS.map((preset) => (
            <Button
              key={preset}
              type="button"
              variant={typed === preset ? 'filled' : 'default'}
              aria-pressed={typed === preset}
              onClick={() => onPreset(toAmountText(preset))}
            >
              {formatMoney(preset, currency)}
            </Button>
          ))}
        </Group>
      </Stack>
      <TextInput
        label="Amount"
        description={`Or type your own, in ${currency}, for example 75 or 99.50.`}
        required
        inputMode="decimal"
        autoComplete="off"
        leftSection={<span aria-hidden="true">{currencySymbol(currency)}</span>}
        {...inputProps}
      />
    </>
  );
}

export interface GiftAidCheckboxProps {
  /** The amount as typed, in major units: the label says what Gift Aid adds to it. */
  amount: string;
  currency: string;
  /** The box's wiring: form.getInputProps('gift_aid', { type: 'checkbox' }). */
  inputProps: GetInputPropsReturnType;
}

/** The box that adds Gift Aid to a gift of money, with what it adds to the typed amount. */
export function GiftAidCheckbox({ amount, currency, inputProps }: GiftAidCheckboxProps) {
  const giftAid = giftAidFor(amount);
  return (
    <Checkbox
      label={
        giftAid > 0
          ? `Add Gift Aid: ${formatMoney(giftAid, currency)} more for the charity (25%), at no cost to you`
          : 'Add Gift Aid: 25% more for the charity, at no cost to you'
      }
      description="For UK taxpayers. The charity claims it from HMRC."
      {...inputProps}
    />
  );
}
