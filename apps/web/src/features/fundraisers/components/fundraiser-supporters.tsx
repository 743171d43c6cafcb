import { formatMoney, type Supporter } from '@kindred/shared';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { fundraiserQueries } from '@/entities/fundraiser';
import { showDate } from '@/lib/format';

/** 'SH' for 'Sam Helper'; nothing for an anonymous gift. */
function initials(gift: Supporter): string | null {
  if (gift.anonymous) return null;
  const letters = gift.name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.length > 1 ? `${letters[0]}${letters.at(-1)}` : (letters[0] ?? null);
}

/**
 * 'Sam Helper gave ₹500'; an anonymous gift says 'Anonymous', without the name or the amount, as
 * on a project's wall.
 */
function Gift({ gift }: { gift: Supporter }) {
  const name = gift.anonymous ? 'Anonymous' : gift.name;
  return (
    <Group component="li" align="flex-start" wrap="nowrap" gap="sm">
      <Avatar radius="xl" color="indigo" aria-hidden="true">
        {initials(gift)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text>
          <Text span fw={600}>
            {name}
          </Text>
          {gift.amount === null ? null : ` gave ${formatMoney(gift.amount)}`}
        </Text>
        <Text size="sm" c="dimmed">
          <time dateTime={gift.created_at}>{showDate(gift.created_at)}</time>
        </Text>
        {gift.message ? (
          <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{gift.message}”
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/**
 * A page's supporters wall (docs/product/fundraising-pages.md#giving-through-a-page): the gifts
 * counted through it, newest first, each with the giver's name and amount (or "Anonymous") and
 * their message, with "Show more supporters".
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
  const items = gifts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <TitledSection id="fundraiser-supporters" title="Supporters">
      <QueryState
        query={gifts}
        loading="Loading supporters…"
        layout="inline"
        failed="The supporters could not be loaded."
        empty={
          <EmptyState variant="text" action={open ? giveAction : undefined}>
            {open
              ? 'No gifts through this page yet. Be the first to give.'
              : 'No one gave through this page.'}
          </EmptyState>
        }
      >
        {() => (
          <Stack gap="md">
            <Stack
              component="ul"
              gap="md"
              aria-label="Gifts through this page"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {items.map((gift) => (
                <Gift key={gift.id} gift={gift} />
              ))}
            </Stack>
            <ShowMore query={gifts} align="center" variant="outline">
              Show more supporters
            </ShowMore>
          </Stack>
        )}
      </QueryState>
    </TitledSection>
  );
}
