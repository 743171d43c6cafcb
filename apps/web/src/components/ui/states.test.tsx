import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';
import { type PageCursors, Pager, ShowMore } from './pager';
import { EmptyState, FailedState, LoadingState } from './states';

describe('shared states', () => {
  it('announces what is loading', () => {
    renderWithProviders(<LoadingState label="Loading the balance…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the balance…');
  });

  it('says what is missing and offers what to do', () => {
    renderWithProviders(
      <EmptyState action={<button type="button">New project</button>}>No drafts.</EmptyState>,
    );
    expect(screen.getByRole('status').textContent).toBe('No drafts.');
    expect(screen.getByRole('button', { name: 'New project' })).toBeInTheDocument();
  });

  it("shows what failed with the server's message, and tries again", async () => {
    const retry = vi.fn();
    renderWithProviders(
      <FailedState
        title="The history could not be loaded"
        error={new ApiError(503, 'UNAVAILABLE', 'The service is busy.')}
        onRetry={retry}
      />,
    );
    expect(screen.getByText('The history could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The service is busy.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('pages newer and older with the cursors, and waits while a page loads', async () => {
    const onChange = vi.fn();
    const pager = (page: PageCursors, busy = false) =>
      renderWithProviders(<Pager page={page} busy={busy} onChange={onChange} />);

    let view = pager({ prev_cursor: null, next_cursor: 'c2' });
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(onChange).toHaveBeenLastCalledWith({ cursor: 'c2', direction: 'after' });
    view.unmount();

    view = pager({ prev_cursor: 'c1', next_cursor: 'c3' });
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(onChange).toHaveBeenLastCalledWith({ cursor: 'c1', direction: 'before' });
    view.unmount();

    view = pager({ prev_cursor: 'c1', next_cursor: 'c3' }, true);
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    view.unmount();

    // Everything on one page: no pager.
    pager({ prev_cursor: null, next_cursor: null });
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
  });

  it('shows more until the last page', async () => {
    const fetchNextPage = vi.fn();
    const { rerender } = renderWithProviders(
      <ShowMore query={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }}>Show more</ShowMore>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(
      <ShowMore query={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage }}>Show more</ShowMore>,
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
