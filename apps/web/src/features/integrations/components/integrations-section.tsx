import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/ui/states';
import { type IntegrationsAccount, kindNoun } from '../lib/account';
import { ApiTokensSection } from './api-tokens-section';
import { DeliveryLog } from './delivery-log';
import { WebhooksSection } from './webhooks-section';

export interface IntegrationsSectionProps {
  /** The charity or organisation of the area. */
  account: IntegrationsAccount;
  /** Whether the person is one of its Super Admins or Admins, who keep its integrations. */
  canManage: boolean;
}

/**
 * An account's Integrations (`/charity/integrations`, `/organisation/integrations`): its webhooks
 * and API tokens, and under `webhooks/:webhookId` one webhook's delivery log. The same screen for
 * both kinds of account; what differs (the events, the scopes) comes from the shared lists.
 */
export function IntegrationsSection({ account, canManage }: IntegrationsSectionProps) {
  const { webhookId } = useParams();
  if (!canManage) {
    return (
      <EmptyState>
        Only the Super Admins and Admins of {account.name} keep its webhooks and API tokens.
      </EmptyState>
    );
  }
  if (webhookId !== undefined) return <DeliveryLog account={account} webhookId={Number(webhookId)} />;
  return (
    <Stack gap="lg">
      <Text>
        Connect the {kindNoun(account.kind)} to your own tools: a webhook tells them of events as they happen,
        and an API token lets them read through Kindred’s API without anyone signing in.
      </Text>
      <WebhooksSection account={account} />
      <ApiTokensSection account={account} />
    </Stack>
  );
}
