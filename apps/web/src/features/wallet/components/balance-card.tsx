import { formatMoney, type Wallet } from '@kindred/shared';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { type WalletOwner, walletQueries } from '@/entities/wallet';

function Amount({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      {note ? (
        <Text component="dd" m={0} size="sm" c="dimmed">
          {note}
        </Text>
      ) : null}
    </div>
  );
}

export function BalanceAmounts({ wallet }: { wallet: Wallet }) {
  const showHeld = wallet.held !== 0;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: showHeld ? 3 : 2 }} spacing="lg" m={0}>
      <Amount label="Wallet balance" value={formatMoney(wallet.wallet_amount, wallet.currency)} />
      <Amount
        label="Credits"
        value={formatMoney(wallet.credits, wallet.currency)}
        note="For donations only."
      />
      {showHeld ? (
        <Amount
          label="Held"
          value={formatMoney(wallet.held, wallet.currency)}
          note="Reserved for donations awaiting approval."
        />
      ) : null}
    </SimpleGrid>
  );
}

/** The balance: wallet, credits, and held when not zero (docs/product/money.md#amounts). */
export function BalanceCard({ owner }: { owner: WalletOwner }) {
  const headingId = useId();
  const wallet = useQuery(walletQueries.balance(owner));
  return (
    <Paper component="section" aria-labelledby={headingId} p="lg" withBorder>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Balance
        </Title>
        <QueryState
          query={wallet}
          layout="inline"
          loading="Loading the balance…"
          failed="The balance could not be loaded"
          keepDataOnError
        >
          {(data) => <BalanceAmounts wallet={data} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}
