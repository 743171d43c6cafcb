import type { Page, Supporter } from '@kindred/shared';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type MorePages, ShowMore } from '@/components/ui/pager';
import { type QueryLike, QueryState } from '@/components/ui/query-state';

/** 'DD' for 'Dana Donor'; nothing for an anonymous supporter. */
function initials(supporter: Supporter): string | null {
  if (supporter.anonymous) return null;
  const letters = supporter.name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.length > 1 ? `${letters[0]}${letters.at(-1)}` : (letters[0] ?? null);
}

/** A supporter's name on a wall: 'Anonymous' when they withheld it. */
export function supporterName(supporter: Supporter): string {
  return supporter.anonymous ? 'Anonymous' : supporter.name;
}

/** One supporter on a wall: their initials, what `children` says of the gift, and their message. */
function SupporterItem({ supporter, children }: { supporter: Supporter; children: ReactNode }) {
  return (
    <Group component="li" align="flex-start" wrap="nowrap" gap="sm">
      <Avatar radius="xl" color="indigo" aria-hidden="true">
        {initials(supporter)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        {children}
        {supporter.message ? (
          <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{supporter.message}”
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

export interface SupporterListProps {
  /** The wall's infinite query (a project's or a fundraising page's supporters), newest first. */
  query: QueryLike<InfiniteData<Page<Supporter>>> & MorePages;
  /** The list's accessible name, e.g. 'Supporters of this project'. */
  label: string;
  /** Shown when no one gave yet. */
  empty: ReactNode;
  /** What the wall says of one supporter's gift, between their initials and their message. */
  children: (supporter: Supporter) => ReactNode;
}

/**
 * A supporters wall's list (a project's, and a fundraising page's, docs/product/fundraising-pages.md;
 * anonymous givers unnamed, docs/product/donations.md): each supporter with their initials and
 * message, newest first, with "Show more supporters"; loading, failed and empty in place.
 */
export function SupporterList({ query, label, empty, children }: SupporterListProps) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <QueryState
      query={query}
      loading="Loading supporters…"
      layout="inline"
      failed="The supporters could not be loaded."
      empty={empty}
    >
      {() => (
        <Stack gap="md">
          <Stack
            component="ul"
            gap="md"
            aria-label={label}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {items.map((supporter) => (
              <SupporterItem key={supporter.id} supporter={supporter}>
                {children(supporter)}
              </SupporterItem>
            ))}
          </Stack>
          <ShowMore query={query} align="center" variant="outline">
            Show more supporters
          </ShowMore>
        </Stack>
      )}
    </QueryState>
  );
}
