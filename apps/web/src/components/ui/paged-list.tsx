import type { ReactNode } from 'react';
import { type MorePages, ShowMore } from './pager';
import { type QueryLike, QueryState, type QueryStateProps } from './query-state';
import { TitledSection, type TitledSectionProps } from './titled-section';

/** What PagedList reads of an infinite query of list pages (`{ items }` each). */
export type PagedQuery<Item> = QueryLike<{ pages: { items: Item[] }[] }> & MorePages;

/** The items of every page an infinite query has loaded so far, in order. */
export function pagedItems<Item>(query: Pick<PagedQuery<Item>, 'data'>): Item[] {
  return query.data?.pages.flatMap((page) => page.items) ?? [];
}

export interface PagedListProps<Item>
  extends Pick<
    QueryStateProps<unknown>,
    'loading' | 'layout' | 'failed' | 'empty' | 'isEmpty' | 'keepDataOnError'
  > {
  query: PagedQuery<Item>;
  /** The text of the button that loads the next page, e.g. 'Show older claims'. */
  more: ReactNode;
  /** The view of the items loaded so far (never called with none). */
  children: (items: Item[]) => ReactNode;
}

/**
 * An infinite query's list in its states (QueryState: loading, failed, empty when no page holds an
 * item), the items of every loaded page, and "Show more" below while there is a next page.
 */
export function PagedList<Item>({ query, more, children, ...states }: PagedListProps<Item>) {
  return (
    <>
      <QueryState query={query} {...states}>
        {() => children(pagedItems(query))}
      </QueryState>
      <ShowMore query={query}>{more}</ShowMore>
    </>
  );
}

export interface PagedSectionProps<Item> extends Omit<TitledSectionProps, 'children'>, PagedListProps<Item> {
  /** What stands between the heading and the list (a sentence on what it holds). */
  intro?: ReactNode;
}

/** A titled section (TitledSection) whose content is a PagedList, after an optional intro. */
export function PagedSection<Item>({
  id,
  title,
  variant,
  action,
  actionAlign,
  intro,
  ...list
}: PagedSectionProps<Item>) {
  return (
    <TitledSection id={id} title={title} variant={variant} action={action} actionAlign={actionAlign}>
      {intro}
      <PagedList {...list} />
    </TitledSection>
  );
}
