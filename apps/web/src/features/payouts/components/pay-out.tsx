import { formatMoney, PAYOUT_MINIMUM, type ProviderAccountInfo, toAmountText } from '@kindred/shared';
import { Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { FormRefusal } from '@/components/ui/form-refusal';
import { QueryState } from '@/components/ui/query-state';
import { SubmitRow } from '@/components/ui/submit-row';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { type CharityFunds, charityQueries } from '@/entities/charity';
import { amountError, currencySymbol, parseAmount } from '@/lib/amount';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, focusFirstInvalid, useAccessibleForm } from '@/lib/form';
import { mayHaveGoneThrough, useKeyedAttempts } from '@/lib/idempotency';
import { payoutAccountQuery } from '../api/get-payout-account';
import { useRequestPayout } from '../api/request-payout';
import { hasBank } from './payout-account';

/** Why a payout was not asked for; when the call may have gone through, that asking again is safe. */
function refusalOf(error: unknown): string {
  const why = isApiError(error) && error.status !== 0 ? error.message : 'The server could not be reached.';
  return mayHaveGoneThrough(error)
    ? `${why} Pay out again to finish: the same payout is asked for again, never twice.`
    : why;
}

function PayOutForm({
  charityId,
  funds,
  account,
}: {
  charityId: number;
  funds: CharityFunds;
  account: ProviderAccountInfo;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempts = useKeyedAttempts();
  const request = useRequestPayout();
  const minimum = formatMoney(PAYOUT_MINIMUM, funds.currency);
  const available = formatMoney(funds.available, funds.currency);
  const form = useAccessibleForm<{ amount: string }>({
    initialValues: { amount: toAmountText(funds.available) },
    validate: {
      amount: (value) => {
        const problem = amountError(value);
        if (problem) return problem;
        const amount = parseAmount(value) ?? 0;
        if (amount < PAYOUT_MINIMUM) return `A payout is at least ${minimum}.`;
        return amount > funds.available ? `At most ${available} is available to pay out.` : null;
      },
    },
  });

  const send = async (amount: number) => {
    const { key } = attempts.next({ charityId, amount });
    try {
      const { payout } = await request.mutateAsync({ charityId, amount, key });
      attempts.answered();
      toast.success(
        'Payout asked for',
        `${formatMoney(payout.amount, funds.currency)} is paid into ${account.bank} once Kindred approves it.`,
      );
    } catch (error) {
      attempts.failed(error);
      const { fields } = applyServerErrors(error, form);
      if (Object.keys(fields).length > 0) focusFirstInvalid(formRef.current);
      else setRefusal(refusalOf(error));
    }
  };

  const submit = form.onSubmit(
    async ({ amount: text }) => {
      setRefusal(null);
      const amount = parseAmount(text) ?? 0;
      const money = formatMoney(amount, funds.currency);
      const sure = await confirm({
        title: `Pay ${money} to ${account.account_name}?`,
        message: `Into ${account.bank}. The money leaves what is available now and is paid once Kindred approves it; if the payout fails, it comes back.`,
        confirmLabel: `Pay ${money}`,
      });
      if (sure) await send(amount);
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="pay-out-heading">
      <Stack gap="sm">
        <FormRefusal title="Not asked for" message={refusal} />
        <TextInput
          label="Amount"
          description={`At least ${minimum}, at most ${available} (all that is available).`}
          required
          inputMode="decimal"
          autoComplete="off"
          leftSection={<span aria-hidden="true">{currencySymbol(funds.currency)}</span>}
          maw="20rem"
          {...form.getInputProps('amount')}
        />
        <SubmitRow pending={request.isPending}>Pay out</SubmitRow>
      </Stack>
    </form>
  );
}

/** Why no payout can be asked for yet, or null when one can. */
function notYet(account: ProviderAccountInfo | null, funds: CharityFunds): string | null {
  if (!hasBank(account)) return 'Add the charity’s bank account above first.';
  if (!account.verified) return 'Payouts can be asked for once Kindred has checked the bank account.';
  if (funds.available < PAYOUT_MINIMUM) {
    return `A payout is at least ${formatMoney(PAYOUT_MINIMUM, funds.currency)}; ${formatMoney(funds.available, funds.currency)} is available now. Gifts delivered to the charity add to it.`;
  }
  return null;
}

/** Asking for a payout of available money into the checked bank account. */
export function PayOutSection({ charityId }: { charityId: number }) {
  const funds = useQuery(charityQueries.funds(charityId));
  const account = useQuery(payoutAccountQuery(charityId));
  const both = {
    isPending: funds.isPending || account.isPending,
    isError: funds.isError || account.isError,
    error: funds.error ?? account.error,
    data: funds.data && account.data !== undefined ? { funds: funds.data, account: account.data } : undefined,
    refetch: () => Promise.all([funds.refetch(), account.refetch()]),
  };
  return (
    <TitledSection id="pay-out-heading" title="Pay out" variant="card">
      <QueryState
        query={both}
        loading="Loading what can be paid out…"
        failed="The payout could not be prepared."
      >
        {(data) => {
          const why = notYet(data.account, data.funds);
          if (why || !data.account) return <Text>{why}</Text>;
          return (
            <PayOutForm
              // A new available amount (after a payout) starts the form again with it.
              key={data.funds.available}
              charityId={charityId}
              funds={data.funds}
              account={data.account}
            />
          );
        }}
      </QueryState>
    </TitledSection>
  );
}
