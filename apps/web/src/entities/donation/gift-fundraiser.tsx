import type { Donation } from '@kindred/shared';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fundraiserPath } from '@/entities/fundraiser';

/**
 * The fundraising page a gift came through, as a link to the page (docs/product/fundraising-pages.md);
 * nothing for a gift given without one.
 */
export function GiftFundraiser({ donation }: { donation: Pick<Donation, 'fundraiser'> }) {
  if (!donation.fundraiser) return null;
  return (
    <Text size="sm" data-testid="gift-fundraiser" style={{ overflowWrap: 'anywhere' }}>
      {'Through the fundraising page '}
      <Anchor component={Link} to={fundraiserPath(donation.fundraiser.id)}>
        {donation.fundraiser.title}
      </Anchor>
    </Text>
  );
}
