import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  type Webhook,
  type WebhookEventType,
} from '@kindred/shared';
import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { toast } from '@/components/ui/toast';
import { WrappingBadge } from '@/components/ui/wrapping-badge';
import { showDateTime } from '@/lib/format';
import type { AddedWebhook } from '../api/add-webhook';
import { webhooksQuery } from '../api/get-webhooks';
import { useRemoveWebhook } from '../api/remove-webhook';
import { deliveryLogPath, type IntegrationsAccount } from '../lib/account';
import { AddingSection } from './adding';
import { DeliveryStatusBadge, NameBadges } from './delivery-status';
import { WebhookForm } from './webhook-form';

/** Whether the endpoint is on, or why Kindred turned it off. */
export function WebhookState({ webhook }: { webhook: Pick<Webhook, 'enabled' | 'disabled_reason'> }) {
  return webhook.enabled ? (
    <WrappingBadge color="teal.9" variant="filled">
      Enabled
    </WrappingBadge>
  ) : (
    <WrappingBadge color="red.9" variant="filled" tt="none">
      Turned off: {webhook.disabled_reason ?? 'by hand'}
    </WrappingBadge>
  );
}

/** The events in the order the shared list gives them, whatever order they were ticked in. */
const inCatalogueOrder = (events: string[]) =>
  [...events].sort(
    (a, b) =>
      WEBHOOK_EVENT_TYPES.indexOf(a as WebhookEventType) - WEBHOOK_EVENT_TYPES.indexOf(b as WebhookEventType),
  );

function LastDelivery({ last }: { last: Webhook['last_delivery'] }) {
  if (!last) return <Text size="sm">No delivery yet.</Text>;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">Last delivery:</Text>
      <DeliveryStatusBadge status={last.status} />
      <Text size="sm">
        {last.response_status === null ? 'no answer' : `answer ${last.response_status}`},{' '}
        {showDateTime(last.at)}
      </Text>
    </Group>
  );
}

function WebhookItem({ account, webhook }: { account: IntegrationsAccount; webhook: Webhook }) {
  const remove = useRemoveWebhook();
  const onRemove = async () => {
    const sure = await confirm({
      title: 'Remove this webhook?',
      message: `Kindred stops sending events to ${webhook.url} at once: what it has not sent yet is not sent.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!sure) return;
    await remove.mutateAsync({ account, webhookId: webhook.id });
    toast.success('Webhook removed', `Nothing more is sent to ${webhook.url}.`);
  };
  return (
    <Paper component="li" withBorder p="md" data-testid={`webhook-${webhook.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {webhook.url}
          </Title>
          <WebhookState webhook={webhook} />
        </Group>
        <NameBadges names={inCatalogueOrder(webhook.events)} label={`Events sent to ${webhook.url}`} />
        <LastDelivery last={webhook.last_delivery} />
        <Group gap="xs">
          <Button
            component={Link}
            to={deliveryLogPath(account.kind, webhook.id)}
            size="xs"
            variant="default"
            aria-label={`Delivery log of ${webhook.url}`}
          >
            Delivery log
          </Button>
          <Button
            size="xs"
            variant="default"
            c="red.9"
            loading={remove.isPending}
            aria-label={`Remove the webhook to ${webhook.url}`}
            onClick={() => void onRemove().catch(() => undefined)}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** How a receiver checks that a delivery came from Kindred (docs/product/webhooks-and-api-tokens.md#signatures). */
function HowToVerify() {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        Checking a delivery
      </Title>
      <Text size="sm">
        Each delivery carries the header <Code>Kindred-Signature: t=…,v1=…</Code>, where <Code>t</Code> is
        when it was sent (Unix seconds) and <Code>v1</Code> the hex HMAC-SHA256 of <Code>{'{t}.{body}'}</Code>{' '}
        (the timestamp, a dot and the raw body) with this secret. Work out the same, compare the two in
        constant time, and refuse a <Code>t</Code> older than a few minutes.
      </Text>
    </Stack>
  );
}

/**
 * The account's webhooks: each endpoint with its events, whether it is on and its last delivery,
 * a link to its delivery log and "Remove"; "Add webhook", then its signing secret shown once.
 */
export function WebhooksSection({ account }: { account: IntegrationsAccount }) {
  const webhooks = useQuery(webhooksQuery(account));
  return (
    <AddingSection<{ items: Webhook[] }, AddedWebhook>
      id="webhooks-heading"
      title="Webhooks"
      addLabel="Add webhook"
      full={(data) =>
        data.items.length >= WEBHOOK_ENDPOINTS_MAX
          ? `An account has ${WEBHOOK_ENDPOINTS_MAX} webhooks at most: remove one to add another.`
          : null
      }
      query={webhooks}
      loading="Loading the webhooks…"
      failed="The webhooks could not be loaded."
      empty="No webhooks yet. A webhook sends the events you choose, such as a gift made, to an address of your own as they happen, so your own tools hear of them at once."
      form={(done) => <WebhookForm account={account} {...done} />}
      shownOnce={{
        title: 'The webhook’s signing secret',
        what: 'secret',
        value: (added) => added.secret,
        help: (added) => (
          <>
            <Text size="sm">
              Deliveries to <b style={{ overflowWrap: 'anywhere' }}>{added.url}</b> are signed with it.
            </Text>
            <HowToVerify />
          </>
        ),
      }}
    >
      {(data) => (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Webhooks">
          {data.items.map((webhook) => (
            <WebhookItem key={webhook.id} account={account} webhook={webhook} />
          ))}
        </Stack>
      )}
    </AddingSection>
  );
}
