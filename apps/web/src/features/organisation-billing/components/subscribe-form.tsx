import { formatMoney, type Plan, type SubscriptionPreview } from '@kindred/shared';
import { Button, Card, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { SubmitRow } from '@/components/ui/submit-row';
import { toast } from '@/components/ui/toast';
import { type CardValues, EMPTY_CARD } from '@/entities/card';
import { usePublicConfig } from '@/lib/config';
import { focusFirstInvalid, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useKeyedAttempts } from '@/lib/idempotency';
import { usePreviewSubscription } from '../api/preview-subscription';
import { useSubscribe } from '../api/subscribe';
import { cardErrors, feeText, periodText, toCardInput } from '../lib/billing-labels';
import { PlanChoices } from './plan-choices';

interface SubscribeValues {
  plan_id: string;
  discount_code: string;
  method: 'wallet' | 'direct_debit';
  card: CardValues;
}

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

function validate(values: SubscribeValues, withCard: boolean) {
  const code = values.discount_code.trim();
  return {
    plan_id: values.plan_id ? null : 'Choose a plan.',
    discount_code: code && !CODE_PATTERN.test(code) ? 'Letters, digits, - and _ only.' : null,
    ...(values.method === 'direct_debit' && withCard ? cardErrors(values.card) : {}),
  };
}

function PreviewPanel({ preview }: { preview: SubscriptionPreview }) {
  const money = (amount: number) => formatMoney(amount, preview.currency);
  return (
    <Card withBorder padding="md" aria-label="Price of the first period" role="region">
      <Stack gap={4}>
        <Text fw={700}>
          {preview.plan.name}: first period {periodText(preview.period_start, preview.period_end)}
        </Text>
        <Text>Plan fee: {money(preview.subtotal)}</Text>
        <Text>
          Discount:{' '}
          {preview.discount_code ? `${money(preview.discount)} (code ${preview.discount_code})` : money(0)}
        </Text>
        <Text fw={700}>Total: {feeText(preview.total, preview.plan.fee_type, preview.currency)}</Text>
      </Stack>
    </Card>
  );
}

export interface SubscribeFormProps {
  businessId: number;
  plans: Plan[];
  /** False while the organisation is pending or locked: it moves no money. */
  canMoveMoney: boolean;
}

/**
 * Choosing a plan: the plans, a discount code priced by the preview call, and how each period is
 * paid (the organisation's wallet, or a direct debit from a card). Each attempt carries an
 * Idempotency-Key, reused when the same request is sent again.
 */
export function SubscribeForm({ businessId, plans, canMoveMoney }: SubscribeFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const attempts = useKeyedAttempts();
  const config = usePublicConfig();
  // With Stripe, cards are typed into Stripe's own field (the wallet screen); here only the sandbox form.
  const sandbox = config.data?.payment_provider !== 'stripe';
  const [preview, setPreview] = useState<SubscriptionPreview | null>(null);
  const previewMutation = usePreviewSubscription();
  const subscribeMutation = useSubscribe();
  const form = useAccessibleForm<SubscribeValues>({
    initialValues: { plan_id: '', discount_code: '', method: 'wallet', card: EMPTY_CARD },
    validate: (values) => validate(values, sandbox),
    onValuesChange: () => setPreview(null),
  });
  const server = useServerErrors(form, { formRef, fieldMap: { card: 'card.number' } });

  const body = (values: SubscribeValues) => ({
    plan_id: Number(values.plan_id),
    ...(values.discount_code.trim() ? { discount_code: values.discount_code.trim() } : {}),
  });

  const onPreview = async () => {
    server.clear();
    const result = form.validate();
    if (result.hasErrors) {
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      setPreview(await previewMutation.mutateAsync({ businessId, ...body(form.getValues()) }));
    } catch (error) {
      server.report(error);
    }
  };

  const submit = form.onSubmit(
    async (values) => {
      server.clear();
      const request =
        values.method === 'wallet'
          ? ({ businessId, method: 'wallet', body: body(values) } as const)
          : ({
              businessId,
              method: 'direct_debit',
              body: { ...body(values), ...(sandbox ? { card: toCardInput(values.card) } : {}) },
            } as const);
      const current = attempts.next(request);
      try {
        const answer = await subscribeMutation.mutateAsync({ ...request, idempotencyKey: current.key });
        attempts.answered();
        toast.success(
          'Subscription successful',
          `${answer.subscription.plan.name}: invoice ${answer.invoice.number} is ${answer.invoice.status === 'paid' ? 'paid' : 'due'}.`,
        );
      } catch (error) {
        attempts.failed(error);
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <HeadedForm formRef={formRef} onSubmit={submit} title="Choose a plan">
      <FormRefusal message={server.refusal} title="Not subscribed" />
      <Radio.Group label="Plan" required {...form.getInputProps('plan_id')}>
        <PlanChoices plans={plans} />
      </Radio.Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Discount code"
          description="Optional: the price is checked before you subscribe."
          w={260}
          autoComplete="off"
          {...form.getInputProps('discount_code')}
        />
        <Button variant="default" onClick={onPreview} loading={previewMutation.isPending}>
          Preview price
        </Button>
      </Group>
      {preview ? <PreviewPanel preview={preview} /> : null}
      <Radio.Group label="Pay each period" {...form.getInputProps('method')}>
        <Stack gap="xs" mt="xs">
          <Radio value="wallet" label="From the organisation’s wallet" />
          <Radio
            value="direct_debit"
            label="By direct debit from a card"
            disabled={!sandbox}
            description={sandbox ? undefined : 'Set up card payments on the wallet screen first.'}
          />
        </Stack>
      </Radio.Group>
      {form.values.method === 'direct_debit' && sandbox ? (
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <legend>
            <Text fw={500} size="sm">
              Card (test card 4242 4242 4242 4242)
            </Text>
          </legend>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <TextInput
              label="Card number"
              required
              inputMode="numeric"
              autoComplete="cc-number"
              {...form.getInputProps('card.number')}
            />
            <TextInput
              label="Expiry month"
              required
              inputMode="numeric"
              autoComplete="cc-exp-month"
              {...form.getInputProps('card.exp_month')}
            />
            <TextInput
              label="Expiry year"
              required
              inputMode="numeric"
              autoComplete="cc-exp-year"
              {...form.getInputProps('card.exp_year')}
            />
            <TextInput
              label="Security code"
              required
              inputMode="numeric"
              autoComplete="cc-csc"
              {...form.getInputProps('card.cvc')}
            />
          </SimpleGrid>
        </fieldset>
      ) : null}
      {canMoveMoney ? (
        <SubmitRow pending={subscribeMutation.isPending}>Subscribe</SubmitRow>
      ) : (
        <Text size="sm">
          The organisation can subscribe once Kindred has approved it and while it is not locked.
        </Text>
      )}
    </HeadedForm>
  );
}
