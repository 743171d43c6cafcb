import { type BankDetails, bankDetailsSchema, type ProviderAccountInfo } from '@kindred/shared';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { TitledForm } from '@/components/ui/titled-form';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { WrappingBadge } from '@/components/ui/wrapping-badge';
import { schemaErrors, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDate } from '@/lib/format';
import { payoutAccountQuery } from '../api/get-payout-account';
import { useSavePayoutAccount } from '../api/save-payout-account';

/** The API names the bank fields under `bank.`; the form has them at its top. */
const FIELD_MAP = {
  'bank.account_name': 'account_name',
  'bank.sort_code': 'sort_code',
  'bank.account_number': 'account_number',
};

/** The account's two numbers, each typed as digits. */
const BANK_NUMBERS = [
  { path: 'sort_code', label: 'Sort code', description: '6 digits, like 12-34-56', maxLength: 8 },
  { path: 'account_number', label: 'Account number', description: '8 digits', maxLength: 10 },
] as const;

/** Whether the account has bank details to pay into (an account opened without them has none). */
export const hasBank = (account: ProviderAccountInfo | null): account is ProviderAccountInfo =>
  Boolean(account?.bank);

/** The checked state of the account, as a badge. */
export function CheckedBadge({ account }: { account: ProviderAccountInfo }) {
  return account.verified ? (
    <WrappingBadge color="teal.9" variant="filled">
      Checked
    </WrappingBadge>
  ) : (
    <WrappingBadge color="yellow.9" variant="filled">
      Waiting for Kindred to check it
    </WrappingBadge>
  );
}

function BankForm({
  charityId,
  changing,
  onDone,
}: {
  charityId: number;
  /** The charity has an account already: the new details replace it. */
  changing: boolean;
  onDone: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSavePayoutAccount();
  const form = useAccessibleForm<BankDetails>({
    initialValues: { account_name: '', sort_code: '', account_number: '' },
    validate: (values) => schemaErrors(bankDetailsSchema, values),
  });
  const server = useServerErrors(form, { fieldMap: FIELD_MAP, formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    await save.mutateAsync({ charityId, bank: values });
    toast.success('Bank details saved', 'Kindred checks the account is the charity’s before paying into it.');
    onDone();
  });
  return (
    <TitledForm
      formRef={formRef}
      onSubmit={submit}
      title={changing ? 'New bank details' : 'Add the bank account'}
      variant="part"
      refusal={server.refusal}
      submitLabel="Save bank details"
      pending={save.isPending}
    >
      <Text size="sm">
        {changing
          ? 'The new account waits for Kindred to check it again; no payout is paid until it is checked.'
          : 'The charity’s own account. Kindred checks it is the charity’s before the first payout.'}
      </Text>
      <TextInput
        label="Name on the account"
        required
        autoComplete="off"
        maxLength={100}
        maw="28rem"
        {...form.getInputProps('account_name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} maw="28rem">
        {BANK_NUMBERS.map(({ path, label, description, maxLength }) => (
          <TextInput
            key={path}
            label={label}
            description={description}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={maxLength}
            {...form.getInputProps(path)}
          />
        ))}
      </SimpleGrid>
      {changing ? (
        <Group>
          <Button variant="default" onClick={onDone}>
            Keep the current account
          </Button>
        </Group>
      ) : null}
    </TitledForm>
  );
}

function AccountView({ charityId, account }: { charityId: number; account: ProviderAccountInfo | null }) {
  const [changing, setChanging] = useState(false);
  if (!hasBank(account)) {
    return <BankForm charityId={charityId} changing={false} onDone={() => setChanging(false)} />;
  }
  return (
    <Stack gap="sm">
      <Stack gap={4} data-testid="payout-account">
        <Group gap="xs" wrap="wrap">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {account.account_name}
          </Text>
          <CheckedBadge account={account} />
        </Group>
        <Text style={{ overflowWrap: 'anywhere' }}>{account.bank}</Text>
        <Text size="sm" c="dimmed">
          {account.verified
            ? `Checked by Kindred on ${showDate(account.verified_at)}: payouts are paid into it.`
            : 'Kindred checks the account is the charity’s before any payout is paid into it.'}
        </Text>
      </Stack>
      {changing ? (
        <BankForm charityId={charityId} changing onDone={() => setChanging(false)} />
      ) : (
        <Group>
          <Button variant="default" onClick={() => setChanging(true)}>
            Change bank details
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The bank account the charity's payouts go to: shown masked, with whether Kindred checked it, and
 * the form that gives or changes it (view_finance, as the whole funds screen).
 */
export function PayoutAccountSection({ charityId }: { charityId: number }) {
  const account = useQuery(payoutAccountQuery(charityId));
  return (
    <TitledSection id="payout-account-heading" title="Payout account">
      <QueryState
        query={account}
        loading="Loading the payout account…"
        failed="The payout account could not be loaded."
      >
        {(data) => <AccountView charityId={charityId} account={data} />}
      </QueryState>
    </TitledSection>
  );
}
