import type { ApiToken } from '@kindred/shared';
import { Code, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { confirm } from '@/components/ui/confirm';
import { buttonColumn, ResponsiveTable, type TableColumn } from '@/components/ui/responsive-table';
import { toast } from '@/components/ui/toast';
import { showDate, showDateTime } from '@/lib/format';
import { apiTokensQuery } from '../api/get-api-tokens';
import type { MadeApiToken } from '../api/make-api-token';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { type IntegrationsAccount, kindNoun } from '../lib/account';
import { AddingSection } from './adding';
import { ApiTokenForm } from './api-token-form';
import { NameBadges } from './delivery-status';

/** The day a token stops working, as its maker chose it (it works to the end of that day, UTC). */
const lastDay = (token: Pick<ApiToken, 'expires_at'>) => showDate(token.expires_at.slice(0, 10));

function columns(revoke: (token: ApiToken) => Promise<void>, revoking: number | undefined) {
  const list: TableColumn<ApiToken>[] = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (t) => <span style={{ overflowWrap: 'anywhere' }}>{t.name}</span>,
    },
    { header: 'Token', cell: (t) => <Code>{t.prefix}…</Code> },
    { header: 'Scopes', cell: (t) => <NameBadges names={t.scopes} label={`Scopes of ${t.name}`} /> },
    { header: 'Works until', cell: (t) => lastDay(t) },
    { header: 'Last used', cell: (t) => (t.last_used_at ? showDateTime(t.last_used_at) : 'Never used') },
    buttonColumn((t) => ({
      text: 'Revoke',
      label: `Revoke ${t.name}`,
      danger: true,
      loading: revoking === t.id,
      onClick: () => revoke(t),
    })),
  ];
  return list;
}

/**
 * The account's API tokens (docs/product/webhooks-and-api-tokens.md#api-tokens): each with its
 * first characters, scopes, last day and last use; "New token", then the token shown once;
 * "Revoke" after a confirmation.
 */
export function ApiTokensSection({ account }: { account: IntegrationsAccount }) {
  const tokens = useQuery(apiTokensQuery(account));
  const revoke = useRevokeApiToken();
  const onRevoke = async (token: ApiToken) => {
    const sure = await confirm({
      title: `Revoke ${token.name}?`,
      message: 'It stops working at once: tools that send it are refused from now on.',
      confirmLabel: 'Revoke',
      danger: true,
    });
    if (!sure) return;
    try {
      await revoke.mutateAsync({ account, tokenId: token.id });
      toast.success('Token revoked', `${token.name} no longer works.`);
    } catch {
      // The error toast says why.
    }
  };
  return (
    <AddingSection<{ items: ApiToken[] }, MadeApiToken>
      id="api-tokens-heading"
      title="API tokens"
      addLabel="New token"
      query={tokens}
      loading="Loading the API tokens…"
      failed="The API tokens could not be loaded."
      empty={`No API tokens yet. A token lets one of your own tools work with the ${kindNoun(account.kind)}’s data through Kindred’s API without anyone signing in.`}
      form={(done) => <ApiTokenForm account={account} {...done} />}
      shownOnce={{
        title: 'Your new API token',
        what: 'token',
        value: (made) => made.token,
        help: (made) => (
          <Text size="sm">
            Your tool sends it as <Code>Authorization: Bearer {made.prefix}…</Code>. It works for{' '}
            {account.name} only, within its scopes, until the end of {lastDay(made)} (UTC).
          </Text>
        ),
      }}
    >
      {(data) => (
        <ResponsiveTable
          aria-label="API tokens"
          rows={data.items}
          rowKey={(t) => t.id}
          rowProps={(t) => ({ 'data-testid': `api-token-${t.id}` })}
          columns={columns(onRevoke, revoke.isPending ? revoke.variables?.tokenId : undefined)}
        />
      )}
    </AddingSection>
  );
}
