import '@mantine/dates/styles.css';
import {
  type BusinessDirectDebitBody,
  DATE_INPUT_FORMAT,
  type DirectDebitBody,
  FREQUENCIES,
  FREQUENCY,
  type FrequencyCode,
  formatMoney,
  parseDateInput,
} from '@kindred/shared';
import { NativeSelect, Select, SimpleGrid, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { type CardValues, cardErrors, EMPTY_CARD, toCardInput } from '@/entities/card';
import { charityQueries } from '@/entities/charity';
import { ownerKey } from '@/entities/wallet';
import { useAccessibleForm } from '@/lib/form';
import { showDate, todayIso } from '@/lib/format';
import { useCreateDirectDebit } from '../api/direct-debits';
import { amountError, parseAmount } from '../lib/amount';
import { frequencyLabel } from '../lib/labels';
import { AmountInput } from './amount-input';
import {
  type CardFormBodyProps,
  type CardFormProps,
  CardPaymentForm,
  useCardPayment,
  withCardMode,
} from './card-payment';

export interface DirectDebitValues {
  /** '1' wallet top-up, '3' charity subscription (organisations only). */
  type: '1' | '3';
  charity_id: string | null;
  amount: string;
  frequency: string;
  start_date: string | null;
  card: CardValues;
}

const RETRY_NOTE = 'Submit again to retry.';
const FIELD_MAP = { card: 'card.number' };

function initialValues(): DirectDebitValues {
  return {
    type: '1',
    charity_id: null,
    amount: '',
    frequency: String(FREQUENCY.monthly),
    start_date: todayIso(),
    card: EMPTY_CARD,
  };
}

/** The form's checks; `withCard`: the sandbox card fields (Stripe's field checks itself). */
function validate(values: DirectDebitValues, withCard: boolean) {
  const today = todayIso();
  return {
    amount: amountError(values.amount),
    frequency: FREQUENCIES.some((f) => String(f.id) === values.frequency) ? null : 'Choose how often.',
    start_date: !values.start_date
      ? 'Choose the date of the first charge.'
      : values.start_date < today
        ? 'The first charge cannot be in the past.'
        : null,
    charity_id: values.type === '3' && !values.charity_id ? 'Choose the charity.' : null,
    ...(withCard ? cardErrors(values.card) : {}),
  };
}

/** Charity: searched by name (GET /charity/list?q=) for an organisation's subscription. */
function CharityPicker({ inputProps }: { inputProps: object }) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const charities = useQuery(charityQueries.search(query));
  return (
    <Select
      label="Charity"
      description="Type to search approved charities by name."
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters by name; keep its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={charities.isFetching ? 'Searching…' : 'No charity found'}
      data={(charities.data?.items ?? []).map((charity) => ({
        value: String(charity.id),
        label: charity.name,
      }))}
      {...inputProps}
    />
  );
}

export type DirectDebitFormProps = CardFormProps;

/**
 * Sets up a direct debit: amount, how often, the first charge's date and the card, typed into our
 * sandbox card form or, with Stripe, into Stripe Elements (which turns it into a PaymentMethod that
 * the API keeps for the charges).
 */
export const DirectDebitForm = withCardMode<DirectDebitFormProps>(DirectDebitFormBody);

function DirectDebitFormBody({ owner, currency, mode }: CardFormBodyProps<DirectDebitFormProps>) {
  const payment = useCardPayment(mode, {
    title: 'The direct debit was not set up',
    retryNote: RETRY_NOTE,
    fieldMap: FIELD_MAP,
  });
  const mutation = useCreateDirectDebit();
  const form = useAccessibleForm<DirectDebitValues>({
    initialValues: initialValues(),
    validate: (values) => validate(values, mode.kind === 'sandbox'),
  });

  const submit = payment.submit(form, async (values) => {
    const amount = parseAmount(values.amount);
    if (amount === null || !values.start_date) return;
    if (mode.kind !== 'sandbox' && mode.kind !== 'stripe') return;
    if (payment.stripeIncomplete()) return;
    const base: DirectDebitBody = {
      amount,
      frequency: Number(values.frequency) as FrequencyCode,
      start_date: values.start_date,
      ...(mode.kind === 'sandbox' ? { card: toCardInput(values.card) } : {}),
    };
    const body: DirectDebitBody | BusinessDirectDebitBody =
      owner.type === 'business'
        ? values.type === '3'
          ? { ...base, type: 3, charity_id: Number(values.charity_id) }
          : { ...base, type: 1 }
        : base;
    const current = payment.attempts.next({ owner: ownerKey(owner), body, ...payment.stripeFingerprint() });
    // One PaymentMethod per attempt: a retry sends the same one with the same key.
    const paymentMethodId = await payment.paymentMethodOf(current);
    const sent = paymentMethodId === undefined ? body : { ...body, payment_method_id: paymentMethodId };
    const debit = await mutation.mutateAsync({ owner, body: sent, idempotencyKey: current.key });
    payment.paid();
    form.setValues(initialValues());
    form.resetDirty();
    toast.success(
      'Direct debit set up',
      `${formatMoney(debit.amount, debit.currency)} ${frequencyLabel(debit.frequency).toLowerCase()}, first charge on ${showDate(debit.next_charge_on)}.`,
    );
  });

  return (
    <CardPaymentForm
      mode={mode}
      payment={payment}
      title="Set up a direct debit"
      titleOrder={3}
      submitLabel="Set up direct debit"
      pending={mutation.isPending}
      onSubmit={submit}
    >
      {owner.type === 'business' ? (
        <NativeSelect
          label="What it pays for"
          data={[
            { value: '1', label: 'Top up the wallet' },
            { value: '3', label: 'A charity subscription' },
          ]}
          {...form.getInputProps('type')}
        />
      ) : null}
      {owner.type === 'business' && form.values.type === '3' ? (
        <CharityPicker inputProps={form.getInputProps('charity_id')} />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <AmountInput currency={currency} {...form.getInputProps('amount')} />
        <NativeSelect
          label="How often"
          description="Daily, weekly, monthly or yearly"
          required
          data={FREQUENCIES.map((f) => ({ value: String(f.id), label: f.label }))}
          {...form.getInputProps('frequency')}
        />
        <DateInput
          label="First charge"
          description="mm/dd/yyyy, today or later"
          required
          valueFormat={DATE_INPUT_FORMAT}
          dateParser={parseDateInput}
          minDate={todayIso()}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('start_date')}
        />
      </SimpleGrid>
      {payment.card(form.getInputProps)}
      <Text size="sm">
        The card is charged on the first charge date, then as often as chosen, until the direct debit is
        cancelled.
      </Text>
    </CardPaymentForm>
  );
}
