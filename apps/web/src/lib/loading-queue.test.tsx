import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from '@/components/ui/loading-bar';
import { api, resetApiClient } from './api-client';
import { createLoadingQueue, LOADING_INDICATOR_DELAY_MS, loadingQueue } from './loading-queue';

describe('loading queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not shown before 200 ms, is shown after, and hides when the queue is empty', () => {
    const queue = createLoadingQueue();
    const done = queue.start();
    vi.advanceTimersByTime(LOADING_INDICATOR_DELAY_MS - 1);
    expect(queue.isVisible()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(queue.isVisible()).toBe(true);
    done();
    expect(queue.isVisible()).toBe(false);
    expect(queue.pending()).toBe(0);
  });

  it('never shows for a load that ends within 200 ms', () => {
    const queue = createLoadingQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    const done = queue.start();
    vi.advanceTimersByTime(150);
    done();
    vi.advanceTimersByTime(500);
    expect(queue.isVisible()).toBe(false);
    expect(listener).not.toHaveBeenCalled();
  });

  it('stays shown until the last of several loads ends', () => {
    const queue = createLoadingQueue();
    const first = queue.start();
    const second = queue.start();
    vi.advanceTimersByTime(LOADING_INDICATOR_DELAY_MS);
    expect(queue.isVisible()).toBe(true);
    first();
    first(); // settling twice counts once
    expect(queue.pending()).toBe(1);
    expect(queue.isVisible()).toBe(true);
    second();
    expect(queue.isVisible()).toBe(false);
  });

  it('renders the bar as a labelled progressbar only while shown', () => {
    const queue = createLoadingQueue();
    render(<LoadingBar queue={queue} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    let done = () => {};
    act(() => {
      done = queue.start();
    });
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    act(() => done());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('is fed by the API client: a slow call shows the bar, its answer hides it', async () => {
    resetApiClient();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    render(<LoadingBar />);
    const call = api.get('/state/by_country/1', { anonymous: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_INDICATOR_DELAY_MS);
    });
    expect(loadingQueue.pending()).toBe(1);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await act(async () => {
      answer(new Response('{"items":[]}', { status: 200 }));
      await call;
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
