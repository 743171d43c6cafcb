import type { WebhookDelivery } from '@kindred/shared';
import { Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PagedSection } from '@/components/ui/paged-list';
import { buttonColumn, ResponsiveTable, type TableColumn } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { showDateTime } from '@/lib/format';
import { deliveriesQuery } from '../api/get-deliveries';
import { webhooksQuery } from '../api/get-webhooks';
import { useRetryDelivery } from '../api/retry-delivery';
import { type IntegrationsAccount, integrationsPath } from '../lib/account';
import { DeliveryStatusBadge } from './delivery-status';
import { WebhookState } from './webhooks-section';

/** How much of an answer or an error a row shows. */
const SHOWN = 140;

/** The start of what the endpoint answered, or what went wrong. */
function outcome(delivery: WebhookDelivery): string {
  const text = (delivery.error ?? delivery.response_body ?? '').trim();
  if (!text) return '—';
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

function columns(retry: (delivery: WebhookDelivery) => Promise<void>, retrying: number | undefined) {
  const list: TableColumn<WebhookDelivery>[] = [
    { header: 'When', rowHeader: true, cell: (d) => showDateTime(d.created_at) },
    { header: 'Event', cell: (d) => <Code>{d.type}</Code> },
    { header: 'Status', cell: (d) => <DeliveryStatusBadge status={d.status} /> },
    { header: 'Attempts', cell: (d) => d.attempts },
    { header: 'Answer', cell: (d) => d.response_status ?? '—' },
    {
      header: 'Answer or error',
      cell: (d) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {outcome(d)}
        </Text>
      ),
    },
    { header: 'Next try', cell: (d) => (d.next_attempt_at ? showDateTime(d.next_attempt_at) : '—') },
    buttonColumn((d) => ({
      text: 'Retry',
      label: `Retry delivery ${d.id} (${d.type}, ${showDateTime(d.created_at)})`,
      loading: retrying === d.id,
      onClick: () => retry(d),
    })),
  ];
  return list;
}

/**
 * A webhook's delivery log (docs/product/webhooks-and-api-tokens.md#deliveries): each delivery,
 * newest first, with its status, attempts, the endpoint's answer or what went wrong and its next
 * try; "Retry" sends one again now. A table on wide screens, cards on a phone.
 */
export function DeliveryLog({ account, webhookId }: { account: IntegrationsAccount; webhookId: number }) {
  const webhooks = useQuery(webhooksQuery(account));
  const webhook = webhooks.data?.items.find((each) => each.id === webhookId);
  const deliveries = useInfiniteQuery(deliveriesQuery(account, webhookId));
  const retry = useRetryDelivery();
  const onRetry = async (delivery: WebhookDelivery) => {
    try {
      await retry.mutateAsync({ account, webhookId, deliveryId: delivery.id });
      toast.success('Sent again', `The ${delivery.type} delivery goes to the endpoint now.`);
    } catch {
      // The error toast says why.
    }
  };
  return (
    <Stack gap="md">
      <Anchor component={Link} to={integrationsPath(account.kind)} size="sm" w="fit-content">
        ← All webhooks and API tokens
      </Anchor>
      <PagedSection
        id="delivery-log-heading"
        title="Delivery log"
        action={
          <Button
            variant="default"
            size="xs"
            loading={deliveries.isRefetching && !deliveries.isFetchingNextPage}
            onClick={() => void deliveries.refetch()}
          >
            Refresh
          </Button>
        }
        intro={
          webhook ? (
            <Group gap="xs" wrap="wrap">
              <Text fw={700} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {webhook.url}
              </Text>
              <WebhookState webhook={webhook} />
            </Group>
          ) : null
        }
        query={deliveries}
        loading="Loading the deliveries…"
        failed="The deliveries could not be loaded."
        empty={
          <EmptyState variant="text">
            No deliveries yet. Each event this webhook asked for shows here once it happens.
          </EmptyState>
        }
        more="Load more"
      >
        {(items) => (
          <ResponsiveTable
            aria-label="Deliveries"
            rows={items}
            rowKey={(d) => d.id}
            rowProps={(d) => ({ 'data-testid': `delivery-${d.id}` })}
            columns={columns(onRetry, retry.isPending ? retry.variables?.deliveryId : undefined)}
          />
        )}
      </PagedSection>
    </Stack>
  );
}
