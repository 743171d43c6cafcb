import { vi } from 'vitest';

/** A JSON answer as `fetch` gives it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The public error body of the API (docs/product/wire-contract.md#errors). */
export function errorResponse(status: number, code: string, message: string, details?: unknown): Response {
  return jsonResponse({ error: { code, message, ...(details ? { details } : {}) } }, status);
}

export type Route = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** A route that answers its calls in turn: the first call with the first route, and so on. */
export function answersInTurn(...routes: Route[]): Route {
  let left = routes;
  return (url, init) => {
    const [next, ...rest] = left;
    if (!next) throw new Error(`no answer left for ${url.pathname}`);
    left = rest;
    return next(url, init);
  };
}

/**
 * GET /api/config: rupees, no map tiles, and the sandbox's payments, or Stripe's with (or without)
 * its publishable key.
 */
export const configRoute =
  (provider: 'sandbox' | 'stripe' = 'sandbox', key: string | null = 'pk_test_x'): Route =>
  () =>
    jsonResponse({
      currency: 'INR',
      payment_provider: provider,
      stripe_publishable_key: provider === 'stripe' ? key : null,
      map_tile_url: '',
    });

/**
 * Stubs `fetch` at the network boundary: each call goes to the first handler whose
 * `METHOD /path` key matches; unknown calls answer 404.
 */
export function stubFetch(handlers: Record<string, Route>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The headers a stubbed fetch call was made with. */
export function headersOf(init: RequestInit | undefined): Record<string, string> {
  return { ...((init?.headers ?? {}) as Record<string, string>) };
}

/** The JSON body a stubbed fetch call was made with. */
export const bodyOfCall = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

/** The path a stubbed fetch call went to. */
export const pathOfCall = (call: unknown[] | undefined) => new URL(String(call?.[0]), 'http://x').pathname;

/** A search route answering a page with `found` for the search `q` and an empty page for any other. */
export function searchRoute(q: string, found: unknown[]): Route {
  return (url) =>
    jsonResponse({
      items: url.searchParams.get('q') === q ? found : [],
      next_cursor: null,
      prev_cursor: null,
    });
}
