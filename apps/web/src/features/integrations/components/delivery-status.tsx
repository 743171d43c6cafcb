import type { WebhookDelivery } from '@kindred/shared';
import { Group } from '@mantine/core';
import { WrappingBadge } from '@/components/ui/wrapping-badge';

/** A delivery's status in words, with its badge colour (dark enough for white text). */
const STATUS: Record<WebhookDelivery['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow.9' },
  delivered: { label: 'Delivered', color: 'teal.9' },
  failed: { label: 'Failed', color: 'red.9' },
};

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const { label, color } = STATUS[status];
  return (
    <WrappingBadge color={color} variant="filled">
      {label}
    </WrappingBadge>
  );
}

/** Names in the API's words ('donation.made', 'donations:read') as small badges. */
export function NameBadges({ names, label }: { names: readonly string[]; label: string }) {
  return (
    <Group component="ul" gap={6} wrap="wrap" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {names.map((name) => (
        <li key={name}>
          <WrappingBadge variant="light" color="dark" tt="none">
            {name}
          </WrappingBadge>
        </li>
      ))}
    </Group>
  );
}
