import { DEFAULT_CURRENCY } from '@kindred/shared';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Page } from '@/components/ui/page';
import { usePaymentSetup } from '@/entities/card';
import { INDIVIDUAL_ACCOUNT, session, useSessionState } from '@/entities/session';
import { ownerKey, type WalletOwner, walletQueries } from '@/entities/wallet';
import { walletAccess } from '../lib/owner';
import { AddMoneyForm } from './add-money-form';
import { BalanceCard } from './balance-card';
import { DirectDebitsSection } from './direct-debits-section';
import { HistorySection } from './history-section';
import { SavedCardsSection } from './saved-cards-section';

function WalletSections({ owner }: { owner: WalletOwner }) {
  // The currency comes with the balance; INR (docs/product/money.md#amounts) until it has arrived.
  const currency = useQuery(walletQueries.balance(owner)).data?.currency ?? DEFAULT_CURRENCY;
  // Our sandbox card form, or Stripe Elements when the deployment takes payments through Stripe.
  const payments = usePaymentSetup();
  return (
    <>
      <BalanceCard owner={owner} />
      <Paper p="lg" withBorder>
        <AddMoneyForm owner={owner} currency={currency} {...payments} />
      </Paper>
      <SavedCardsSection owner={owner} currency={currency} {...payments} />
      <HistorySection owner={owner} currency={currency} />
      <DirectDebitsSection owner={owner} currency={currency} {...payments} />
    </>
  );
}

function NoWallet({ children }: { children: string }) {
  return (
    <Page title="Wallet">
      <Paper p="lg" withBorder>
        <Stack gap="md" align="flex-start">
          <Text>{children}</Text>
          <Button onClick={() => session.setActiveAccount(INDIVIDUAL_ACCOUNT)}>
            Show my personal wallet
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}

/**
 * The wallet of the active account: the person's own, or the organisation's when the switcher has
 * an organisation selected that the person runs as a Super Admin or Admin.
 */
export function WalletScreen() {
  const state = useSessionState();
  const access = walletAccess(state);
  if (access.kind === 'business-member') {
    return (
      <NoWallet>
        {`The wallet of ${access.name} is for its Super Admins and Admins. You are a member without that role, so you cannot see or top up this wallet. Ask one of its admins, or switch to your personal account.`}
      </NoWallet>
    );
  }
  if (access.kind === 'charity') {
    return (
      <NoWallet>
        {`Charities have no wallet: donations to ${access.name} are its charity and project funds, managed in the charity area. Switch to your personal account to see your own wallet.`}
      </NoWallet>
    );
  }
  const { owner } = access;
  return (
    <Page
      title="Wallet"
      size="lg"
      description={
        <Text>
          {owner.type === 'user'
            ? 'Your personal wallet: its balance, adding money, saved cards, history, statements and direct debits.'
            : `The wallet of ${owner.name}, which you manage as an organisation admin. Here you add money to it, keep its saved cards, and see its history, statements and direct debits.`}
        </Text>
      }
    >
      {/* A new account starts with fresh forms and filters. */}
      <WalletSections key={ownerKey(owner)} owner={owner} />
    </Page>
  );
}
