import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type PageCursors, type PagePosition, Pager } from './pager';
import { type QueryLike, QueryState, type QueryStateProps } from './query-state';
import { ResponsiveTable, type ResponsiveTableProps } from './responsive-table';

/** A query of one keyset page: its rows, cursors and whether a page is loading. */
export interface PagedQuery<Row> extends QueryLike<PageCursors & { items: Row[] }> {
  isFetching: boolean;
}

export interface PagedTableProps<Row>
  extends Pick<QueryStateProps<unknown>, 'loading' | 'failed' | 'empty' | 'keepDataOnError'>,
    Pick<ResponsiveTableProps<Row>, 'aria-label' | 'rowKey' | 'columns'> {
  query: PagedQuery<Row>;
  /** Another page was asked for (the Pager's Newer or Older). */
  onPage: (position: PagePosition) => void;
  gap?: 'sm' | 'md';
  /** What stands above the table once the page is loaded (a selection panel). */
  children?: ReactNode;
}

/** One keyset page of a query as a table with its loading, failed and empty states and the pager. */
export function PagedTable<Row>({
  query,
  loading,
  failed,
  empty,
  keepDataOnError,
  onPage,
  gap = 'sm',
  children,
  ...table
}: PagedTableProps<Row>) {
  return (
    <QueryState
      query={query}
      loading={loading}
      failed={failed}
      empty={empty}
      keepDataOnError={keepDataOnError}
    >
      {(data) => (
        <Stack gap={gap}>
          {children}
          <ResponsiveTable {...table} rows={data.items} />
          <Pager page={data} busy={query.isFetching} onChange={onPage} />
        </Stack>
      )}
    </QueryState>
  );
}
