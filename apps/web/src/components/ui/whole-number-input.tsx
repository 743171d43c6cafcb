import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A field for a whole number (hours, a quantity, a count) that keeps exactly what was typed
 * (decision 036): no sign, decimal point or digit is dropped, nothing is rounded or clamped to a
 * limit, as Mantine's NumberInput would (`allowNegative={false}` turned -3 into 3). The form's
 * check refuses what it cannot take with a sentence beside the field. Phones show digits.
 */
export function WholeNumberInput(props: TextInputProps) {
  return <TextInput inputMode="numeric" autoComplete="off" {...props} />;
}
