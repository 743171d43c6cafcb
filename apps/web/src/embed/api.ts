import { errorBodySchema } from '@kindred/shared';

/**
 * The donate button's page calls the API as a guest: no token, no cookie, same origin as the page
 * itself (its document is Kindred's, whatever site frames it). A failed call is an EmbedApiError
 * read from the shared error body (docs/product/wire-contract.md#errors).
 */
export class EmbedApiError extends Error {
  override readonly name = 'EmbedApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The refused fields of a validation error (`details.fields`), by the body's field names. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const NETWORK_MESSAGE = 'The server could not be reached. Check the connection and try again.';

function errorOf(status: number, body: unknown): EmbedApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return new EmbedApiError(status, `HTTP_${status}`, 'Something went wrong. Try again.');
  const { code, message, details } = parsed.data.error;
  const fields: Record<string, string> = {};
  const given = details?.fields;
  if (given && typeof given === 'object') {
    for (const [key, value] of Object.entries(given)) if (typeof value === 'string') fields[key] = value;
  }
  return new EmbedApiError(status, code, message, fields);
}

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  key?: string,
  cache?: RequestCache,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      ...(cache ? { cache } : {}),
    });
  } catch {
    throw new EmbedApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw errorOf(response.status, parsed);
  return parsed as T;
}

export const getJson = <T>(path: string) => call<T>('GET', path);
/** A public read asked of the server again, past the browser's short cache of public answers. */
export const getFresh = <T>(path: string) => call<T>('GET', path, undefined, undefined, 'no-cache');
/** A call that changes something; a money call passes its Idempotency-Key as `key`. */
export const postJson = <T>(path: string, body: unknown, key?: string) => call<T>('POST', path, body, key);
