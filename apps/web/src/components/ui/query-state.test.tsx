import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { type QueryLike, QueryState } from './query-state';

const loaded = <T,>(data: T): QueryLike<T> => ({
  isPending: false,
  isError: false,
  error: null,
  data,
  refetch: () => undefined,
});

function List<T>({ query }: { query: QueryLike<T> }) {
  return (
    <QueryState query={query} loading="Loading…" failed="Not loaded." empty={<p>Nothing yet.</p>}>
      {() => <p>The list</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it.each([
    ['a list answer with no items', { items: [] }, 'Nothing yet.'],
    ['a list answer with items', { items: [1] }, 'The list'],
    ['pages with no items', { pages: [{ items: [] }, { items: [] }] }, 'Nothing yet.'],
    ['pages with an item', { pages: [{ items: [] }, { items: [1] }] }, 'The list'],
    ['other data', { total: 0 }, 'The list'],
  ])('shows its empty state for %s only when nothing is there', (_what, data, shown) => {
    renderWithProviders(<List query={loaded(data)} />);
    expect(screen.getByText(shown)).toBeInTheDocument();
  });

  it('asks `isEmpty` when it is given', () => {
    renderWithProviders(
      <QueryState
        query={loaded({ total: 0 })}
        loading="Loading…"
        failed="Not loaded."
        empty={<p>None.</p>}
        isEmpty={(data) => data.total === 0}
      >
        {() => <p>The total</p>}
      </QueryState>,
    );
    expect(screen.getByText('None.')).toBeInTheDocument();
  });
});
