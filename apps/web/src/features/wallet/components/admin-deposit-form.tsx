import { adminCreditsBodySchema, DEFAULT_CURRENCY, formatMoney, type Wallet } from '@kindred/shared';
import { Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { HeadedForm } from '@/components/ui/headed-form';
import { SearchPicker } from '@/components/ui/search-picker';
import { SubmitRow } from '@/components/ui/submit-row';
import { toast } from '@/components/ui/toast';
import { usePublicConfig } from '@/entities/card';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, focusFirstInvalid, useAccessibleForm } from '@/lib/form';
import { useKeyedAttempts } from '@/lib/idempotency';
import {
  type AdminDepositKind,
  type AdminRecipient,
  type DepositRecipient,
  depositRecipientQueries,
  useAdminDeposit,
} from '../api/admin';
import { amountError, parseAmount } from '../lib/amount';
import { failureOf } from '../lib/failure';
import { keepForRetry } from '../lib/idempotency';
import { AmountInput } from './amount-input';
import { BalanceAmounts } from './balance-card';
import { type Failure, FormFailure } from './form-failure';

export interface AdminDepositValues {
  recipient: AdminRecipient;
  /** The person or organisation picked from the search. */
  recipient_id: DepositRecipient | null;
  kind: AdminDepositKind;
  amount: string;
  reason: string;
}

interface Deposited {
  who: string;
  wallet: Wallet;
}

const RETRY_NOTE = 'Submit again to retry: the same deposit is retried, so nothing is recorded twice.';

/** How a pick is shown in the field, the confirmation and the result. */
const recipientLabel = (picked: DepositRecipient) =>
  picked.email ? `${picked.name} (${picked.email})` : picked.name;

function validate(values: AdminDepositValues) {
  return {
    recipient_id: values.recipient_id
      ? null
      : values.recipient === 'user'
        ? 'Choose the person from the list: type their name or email.'
        : 'Choose the organisation from the list: type its name.',
    amount: amountError(values.amount),
    reason: adminCreditsBodySchema.shape.reason.safeParse(values.reason).error?.issues[0]?.message ?? null,
  };
}

/**
 * A platform admin deposits money or credits to a person or an organisation, after confirming.
 * The recipient is picked by name (or a person's email) from the admin's people and organisation
 * lists.
 */
export function AdminDepositForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const attempts = useKeyedAttempts(keepForRetry);
  const resultHeadingId = useId();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [deposited, setDeposited] = useState<Deposited | null>(null);
  const mutation = useAdminDeposit();
  const form = useAccessibleForm<AdminDepositValues>({
    initialValues: { recipient: 'user', recipient_id: null, kind: 'money', amount: '', reason: '' },
    validate,
  });
  const { recipient, kind } = form.values;
  const currency = usePublicConfig().data?.currency ?? DEFAULT_CURRENCY;

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      const amount = parseAmount(values.amount);
      if (amount === null || values.recipient_id === null) return;
      const id = values.recipient_id.id;
      const reason = values.reason.trim();
      const who = recipientLabel(values.recipient_id);
      const what = values.kind === 'credits' ? 'credits' : 'money';
      const confirmed = await confirm({
        title: values.kind === 'credits' ? 'Deposit credits?' : 'Deposit money?',
        message: `${formatMoney(amount, currency)} of ${what} to ${who}, with the reason "${reason}". It is recorded with your admin id; a mistake is corrected by a new entry.`,
        confirmLabel: 'Yes, deposit',
        cancelLabel: 'Cancel',
      });
      if (!confirmed) return;
      const request = { recipient: values.recipient, id, kind: values.kind, amount, reason };
      const current = attempts.next(request);
      try {
        const result = await mutation.mutateAsync({ ...request, idempotencyKey: current.key });
        attempts.answered();
        setDeposited({ who, wallet: result.wallet });
        form.setValues({ amount: '', reason: '' });
        form.resetDirty();
        toast.success(
          'Deposit recorded',
          `${formatMoney(amount, result.wallet.currency)} of ${what} to ${who}.`,
        );
      } catch (error) {
        attempts.failed(error);
        if (isApiError(error) && error.status === 404) {
          form.setFieldError('recipient_id', error.message);
          focusFirstInvalid(formRef.current);
          return;
        }
        // Field messages go beside their fields; the refusal shows above the button either way.
        const { fields } = applyServerErrors(error, form);
        setFailure(failureOf(error, 'Nothing was deposited', RETRY_NOTE));
        if (Object.keys(fields).length > 0) focusFirstInvalid(formRef.current);
        else setTimeout(() => failureRef.current?.focus(), 0);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <Stack gap="lg">
      <HeadedForm formRef={formRef} onSubmit={submit} title="Deposit money or credits">
        <Text size="sm">
          Money is for payments received by other means; credits can only be donated. Both are recorded with
          your admin id and the reason, which the recipient sees in their history.
        </Text>
        <Radio.Group
          label="Recipient"
          {...form.getInputProps('recipient')}
          onChange={(next) => {
            form.setFieldValue('recipient', next as AdminRecipient);
            form.setFieldValue('recipient_id', null);
          }}
        >
          <Group gap="lg" mt={4}>
            <Radio value="user" label="A person" />
            <Radio value="business" label="An organisation" />
          </Group>
        </Radio.Group>
        <SearchPicker
          key={recipient}
          label={recipient === 'user' ? 'Person' : 'Organisation'}
          description={
            recipient === 'user'
              ? 'Type the start of their name or email (at least 2 characters), then pick them.'
              : 'Type the start of its name (at least 2 characters), then pick it.'
          }
          placeholder={recipient === 'user' ? 'Name or email' : 'Organisation name'}
          listLabel={recipient === 'user' ? 'People found' : 'Organisations found'}
          noneText={
            recipient === 'user'
              ? 'Nobody found by that name or email.'
              : 'No organisation found by that name.'
          }
          search={(q) => depositRecipientQueries.search(recipient, q)}
          keyOf={(picked) => String(picked.id)}
          labelOf={recipientLabel}
          value={form.values.recipient_id}
          onChange={(picked) => form.setFieldValue('recipient_id', picked)}
          error={form.errors.recipient_id}
        />
        <Radio.Group label="Deposit" {...form.getInputProps('kind')}>
          <Group gap="lg" mt={4}>
            <Radio value="money" label="Money (wallet)" />
            <Radio value="credits" label="Credits (donations only)" />
          </Group>
        </Radio.Group>
        <AmountInput currency={currency} {...form.getInputProps('amount')} />
        <Textarea
          label="Reason"
          description="At least 3 characters."
          required
          rows={3}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
        <FormFailure ref={failureRef} failure={failure} />
        <SubmitRow justify="flex-end" pending={mutation.isPending}>
          {kind === 'credits' ? 'Deposit credits' : 'Deposit money'}
        </SubmitRow>
      </HeadedForm>
      {deposited ? (
        <Paper component="section" aria-labelledby={resultHeadingId} p="md" withBorder>
          <Stack gap="sm">
            <Title order={3} size="h4" id={resultHeadingId}>
              {`New balance of ${deposited.who}`}
            </Title>
            <BalanceAmounts wallet={deposited.wallet} />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
