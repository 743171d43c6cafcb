import { formatMoney } from '@kindred/shared';
import { Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { SupporterList, supporterName } from '@/entities/donation';
import { fundraiserQueries } from '@/entities/fundraiser';
import { showDate } from '@/lib/format';

/**
 * A page's supporters wall (docs/product/fundraising-pages.md#giving-through-a-page): the gifts
 * counted through it, newest first, each with the giver's name and amount (or "Anonymous", without
 * the name or the amount, as on a project's wall) and their message, with "Show more supporters".
 */
export function FundraiserSupporters({
  pageId,
  open,
  giveAction,
}: {
  pageId: number;
  /** The page still takes gifts: its empty wall invites the first. */
  open: boolean;
  /** Where to give, shown with the invitation. */
  giveAction?: ReactNode;
}) {
  const gifts = useInfiniteQuery(fundraiserQueries.donations(pageId));
  return (
    <TitledSection id="fundraiser-supporters" title="Supporters">
      <SupporterList
        query={gifts}
        label="Gifts through this page"
        empty={
          <EmptyState variant="text" action={open ? giveAction : undefined}>
            {open
              ? 'No gifts through this page yet. Be the first to give.'
              : 'No one gave through this page.'}
          </EmptyState>
        }
      >
        {(gift) => (
          <>
            <Text>
              <Text span fw={600}>
                {supporterName(gift)}
              </Text>
              {gift.amount === null ? null : ` gave ${formatMoney(gift.amount)}`}
            </Text>
            <Text size="sm" c="dimmed">
              <time dateTime={gift.created_at}>{showDate(gift.created_at)}</time>
            </Text>
          </>
        )}
      </SupporterList>
    </TitledSection>
  );
}
