import { TextInput, type TextInputProps } from '@mantine/core';
import { currencySymbol } from '../lib/amount';

export interface AmountInputProps extends Omit<TextInputProps, 'label'> {
  currency: string;
  label?: string;
}

/** An amount typed in major units (at most two decimals), with the currency's symbol in front. */
export function AmountInput({ currency, label = 'Amount', description, ...props }: AmountInputProps) {
  return (
    <TextInput
      label={label}
      description={description ?? `In ${currency}, for example 250 or 99.50.`}
      required
      inputMode="decimal"
      autoComplete="off"
      leftSection={<span aria-hidden="true">{currencySymbol(currency)}</span>}
      {...props}
    />
  );
}
