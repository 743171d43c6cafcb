import type { Donation } from '@kindred/shared';
import type { BadgeProps } from '@mantine/core';
import { WrappingBadge } from '@/components/ui/wrapping-badge';
import { DONATION_STATUS_COLOURS } from './donation-format';

/** A donation's status in the colour of its status, its whole label readable however narrow the column. */
export function DonationStatusBadge({
  donation,
  size,
}: {
  donation: Pick<Donation, 'status' | 'status_label'>;
  size?: BadgeProps['size'];
}) {
  return (
    <WrappingBadge
      color={DONATION_STATUS_COLOURS[donation.status] ?? 'gray.8'}
      variant="filled"
      radius="sm"
      {...(size ? { size } : {})}
    >
      {donation.status_label}
    </WrappingBadge>
  );
}
