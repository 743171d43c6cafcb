import { Alert, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { LoadingState } from '@/components/ui/states';
import { SANDBOX_CARDS_NOTE } from './card';

type CardPath = 'card.number' | 'card.exp_month' | 'card.exp_year' | 'card.cvc';

/** The card's short number inputs, side by side. */
const SHORT_FIELDS: {
  path: CardPath;
  label: string;
  description: string;
  autoComplete: string;
  maxLength: number;
}[] = [
  {
    path: 'card.exp_month',
    label: 'Expiry month',
    description: 'MM',
    autoComplete: 'cc-exp-month',
    maxLength: 2,
  },
  {
    path: 'card.exp_year',
    label: 'Expiry year',
    description: 'YYYY',
    autoComplete: 'cc-exp-year',
    maxLength: 4,
  },
  {
    path: 'card.cvc',
    label: 'Security code',
    description: '3 or 4 digits',
    autoComplete: 'cc-csc',
    maxLength: 4,
  },
];

export interface CardFieldsProps {
  /** The form's `getInputProps` for the card's fields. */
  getInputProps: (path: CardPath) => object;
  /** The fieldset's legend. */
  legend?: string;
}

/**
 * The sandbox card form. When the deployment takes payments through Stripe, Stripe Elements
 * (StripeCardField) shows instead.
 */
export function CardFields({ getInputProps, legend = 'Card' }: CardFieldsProps) {
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Stack gap="sm">
        <Text size="sm">{SANDBOX_CARDS_NOTE}</Text>
        <TextInput
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          {...getInputProps('card.number')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {SHORT_FIELDS.map((field) => (
            <TextInput
              key={field.path}
              label={field.label}
              description={field.description}
              required
              inputMode="numeric"
              autoComplete={field.autoComplete}
              maxLength={field.maxLength}
              {...getInputProps(field.path)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/**
 * Shown instead of a card form when the deployment takes payments through Stripe but has no
 * publishable key for Stripe Elements (STRIPE_PUBLISHABLE_KEY). `instead`: what the person can do.
 */
export function CardPaymentsUnavailable({
  instead = 'Money cannot be added with a card here for now.',
}: {
  instead?: string;
}) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Card payments are not available here"
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        This deployment takes card payments through Stripe, but its Stripe settings are incomplete, so the
        card form cannot be shown. {instead}
      </Text>
    </Alert>
  );
}

/** Shown while the deployment's settings load: which card form to show is not known yet. */
export function CardFormLoading() {
  return <LoadingState layout="inline" label="Loading the card form…" />;
}
