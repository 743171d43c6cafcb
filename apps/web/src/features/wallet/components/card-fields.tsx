import { Alert, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TEST_CARDS } from '../lib/card';

type CardPath = 'card.number' | 'card.exp_month' | 'card.exp_year' | 'card.cvc';

export interface CardFieldsProps {
  /** The form's `getInputProps` for the card's fields. */
  getInputProps: (path: CardPath) => object;
  /** The fieldset's legend. */
  legend?: string;
}

/**
 * The sandbox card form. Stripe Elements replaces it when a publishable key is configured; none is
 * configured in this app yet, so payments always go through the built-in sandbox.
 */
export function CardFields({ getInputProps, legend = 'Card' }: CardFieldsProps) {
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Stack gap="sm">
        <Text size="sm">
          Test payments (sandbox): no real card is charged. {TEST_CARDS.succeeds} succeeds and{' '}
          {TEST_CARDS.declined} is declined; use any future expiry date and any 3 digits.
        </Text>
        <TextInput
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          {...getInputProps('card.number')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput
            label="Expiry month"
            description="MM"
            required
            inputMode="numeric"
            autoComplete="cc-exp-month"
            maxLength={2}
            {...getInputProps('card.exp_month')}
          />
          <TextInput
            label="Expiry year"
            description="YYYY"
            required
            inputMode="numeric"
            autoComplete="cc-exp-year"
            maxLength={4}
            {...getInputProps('card.exp_year')}
          />
          <TextInput
            label="Security code"
            description="3 or 4 digits"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...getInputProps('card.cvc')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/**
 * Shown instead of the card form when the deployment takes payments through Stripe: Stripe
 * Elements (the browser side of Stripe) is not wired into the web app yet.
 */
export function CardPaymentsUnavailable() {
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Card payments are not available here yet"
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        This deployment takes card payments through Stripe, and the Stripe card form is not part of this
        screen yet. Money cannot be added with a card here for now.
      </Text>
    </Alert>
  );
}
