import type { ReactNode } from 'react';
import { FailedState, LoadingState, type LoadingStateProps } from './states';

/** What QueryState reads of a TanStack query (a `useQuery` or `useInfiniteQuery` result). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The loading line, e.g. 'Loading the claims…'. */
  loading: string;
  /** Where the spinner sits (LoadingState's layout). */
  layout?: LoadingStateProps['layout'];
  /** The failure's title, e.g. 'The claims could not be loaded.'. */
  failed: string;
  /** Shown instead of `children` when the data holds nothing (`isEmpty`). */
  empty?: ReactNode;
  /** Whether the data holds nothing; by default, whether a list answer (or its pages) has no items. */
  isEmpty?: (data: T) => boolean;
  /** Keep showing the data loaded before when a later fetch fails (a query with placeholder data). */
  keepDataOnError?: boolean;
  /** The loaded data's view. */
  children: (data: T) => ReactNode;
}

/** Whether a list answer (`{ items }`), or each page of one (an infinite query's), holds no item. */
function holdsNoItems(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  if ('items' in data && Array.isArray(data.items)) return data.items.length === 0;
  if ('pages' in data && Array.isArray(data.pages)) return data.pages.every(holdsNoItems);
  return false;
}

export type QueryFallbackProps = Pick<QueryStateProps<unknown>, 'query' | 'loading' | 'layout' | 'failed'>;

/**
 * A query's state while it has nothing to show: loading, or failed (with "Try again"). For a screen
 * that returns early until its data is there: `if (!query.data) return <QueryFallback ... />`.
 */
export function QueryFallback({ query, loading, layout, failed }: QueryFallbackProps) {
  return query.isPending ? (
    <LoadingState label={loading} layout={layout} />
  ) : (
    <FailedState title={failed} error={query.error} onRetry={query.refetch} />
  );
}

/** One query's four states in place: loading, failed (with "Try again"), empty, or its data. */
export function QueryState<T>({
  query,
  loading,
  layout,
  failed,
  empty,
  isEmpty,
  keepDataOnError,
  children,
}: QueryStateProps<T>) {
  if (query.isPending || query.data === undefined || (query.isError && !keepDataOnError)) {
    return <QueryFallback query={query} loading={loading} layout={layout} failed={failed} />;
  }
  if (isEmpty ? isEmpty(query.data) : empty !== undefined && holdsNoItems(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
