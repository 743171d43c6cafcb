import { GIFT_DESCRIPTION_MAX_LENGTH, MAX_GIFT_QUANTITY } from '@kindred/shared';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { WholeNumberInput } from '@/components/ui/whole-number-input';
import { currencySymbol } from '@/lib/amount';
import type { GiveValues } from '../lib/give-form';
import { type GiveTarget, giftOptions } from '../lib/target';

export interface GiftFieldsProps {
  form: UseFormReturnType<GiveValues>;
  target: GiveTarget;
  currency: string;
}

/** The kind of gift (what the project asks for), what it is, how many and what it is worth. */
export function GiftFields({ form, target, currency }: GiftFieldsProps) {
  return (
    <Stack gap="md">
      <Select
        label="Kind of gift"
        required
        allowDeselect={false}
        placeholder="Choose a kind of gift"
        description={target.kind === 'project' ? 'What this project asks for.' : undefined}
        data={giftOptions(target)}
        {...form.getInputProps('gift_type')}
      />
      <CountedTextarea
        label="What you will give"
        required
        autosize
        minRows={2}
        maxLength={GIFT_DESCRIPTION_MAX_LENGTH}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <WholeNumberInput
          label="Quantity"
          required
          description={`A whole number, 1 to ${MAX_GIFT_QUANTITY.toLocaleString('en-GB')}.`}
          {...form.getInputProps('quantity')}
        />
        <TextInput
          label="Estimated value"
          description={`Optional, in ${currency}, for all of it.`}
          inputMode="decimal"
          autoComplete="off"
          leftSection={<span aria-hidden="true">{currencySymbol(currency)}</span>}
          {...form.getInputProps('estimated_value')}
        />
      </SimpleGrid>
    </Stack>
  );
}
