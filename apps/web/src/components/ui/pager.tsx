import { Button, Center, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The cursors of one keyset page (`Page<T>` of the API). */
export interface PageCursors {
  prev_cursor: string | null;
  next_cursor: string | null;
}

/** Where a keyset page request starts: nothing for the first page. */
export interface PagePosition {
  cursor?: string;
  direction?: 'after' | 'before';
}

export interface PagerProps {
  page: PageCursors;
  /** A page is loading: both buttons wait. */
  busy?: boolean;
  onChange: (position: PagePosition) => void;
}

/**
 * Newer and Older buttons over keyset pages, newest first ('before' walks to newer entries, 'after'
 * to older ones). Hidden when everything fits on one page.
 */
export function Pager({ page, busy = false, onChange }: PagerProps) {
  const { prev_cursor: prev, next_cursor: next } = page;
  if (!prev && !next) return null;
  const steps = [
    { text: 'Newer', cursor: prev, direction: 'before' },
    { text: 'Older', cursor: next, direction: 'after' },
  ] as const;
  return (
    <Group justify="space-between">
      {steps.map(({ text, cursor, direction }) => (
        <Button
          key={direction}
          variant="default"
          disabled={!cursor || busy}
          onClick={() => cursor && onChange({ cursor, direction })}
        >
          {text}
        </Button>
      ))}
    </Group>
  );
}

/** What ShowMore needs of an infinite query. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface ShowMoreProps {
  query: MorePages;
  /** The button text, e.g. 'Show more' or 'Show older updates'. */
  children: ReactNode;
  align?: 'start' | 'center';
  variant?: 'default' | 'outline';
}

/** Loads the next page of an infinite list; hidden on the last page. */
export function ShowMore({ query, children, align = 'start', variant = 'default' }: ShowMoreProps) {
  if (!query.hasNextPage) return null;
  const button = (
    <Button variant={variant} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {children}
    </Button>
  );
  return align === 'center' ? <Center>{button}</Center> : <Group>{button}</Group>;
}
