import { TOKEN_EXPIRED_MESSAGE } from '@kindred/shared';
import { toast } from '@/components/ui/toast';
import { type LoadingQueue, loadingQueue } from './loading-queue';

/** Base of every call (docs/product/wire-contract.md). */
export const API_BASE = '/api';

/**
 * A failed call, unwrapped from the `{"error": {code, message, details}}` body
 * (docs/product/wire-contract.md#errors).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | undefined = undefined,
  ) {
    super(message);
  }

  /** The per-field messages of a validation error (`details.fields`), if any. */
  get fieldErrors(): Record<string, string> {
    const fields = this.details?.fields;
    if (!fields || typeof fields !== 'object') return {};
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === 'string') out[key] = value;
    }
    return out;
  }

  get isTokenExpired(): boolean {
    return this.status === 401 && this.message === TOKEN_EXPIRED_MESSAGE;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The code used for a call that got no answer at all. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Do not show the error toast (the caller reports the failure itself). */
  silent?: boolean;
  /** Do not send the bearer token nor check the token's freshness (public calls). */
  anonymous?: boolean;
  /** Skip the token freshness check (used by the refresh call itself). */
  skipRefresh?: boolean;
  /** Do not count this call in the loading indicator's queue. */
  background?: boolean;
  /**
   * Extra request headers (an `Idempotency-Key`, or an `Accept` for a download). They may replace
   * `Accept`, but never the bearer token, which the client sets itself.
   */
  headers?: Record<string, string>;
}

export interface UploadOptions extends Omit<RequestOptions, 'body' | 'query'> {
  query?: Record<string, QueryValue>;
  /** Name of the multipart field holding the file. */
  field?: string;
  /** Upload progress, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/** What the session service plugs into the client. */
export interface ApiClientHooks {
  getToken: () => string | null;
  /** Runs before each authenticated call: refreshes the token when it is about to expire. */
  beforeRequest: () => Promise<void>;
  /** A call was refused with 'Token Expired'. */
  onTokenExpired: () => void;
  /** Shows the error toast of a failed call. */
  showError: (error: ApiError) => void;
  /** Timestamp of the `t` query parameter. */
  now: () => number;
  loading: LoadingQueue;
}

const defaultHooks: ApiClientHooks = {
  getToken: () => null,
  beforeRequest: async () => {},
  onTokenExpired: () => {},
  showError: (error) => {
    toast.error('Error', error.message);
  },
  now: () => Date.now(),
  loading: loadingQueue,
};

let hooks: ApiClientHooks = { ...defaultHooks };

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** Back to the defaults (tests). */
export function resetApiClient(): void {
  hooks = { ...defaultHooks };
}

/** `/api<path>?<query>&t=<epoch ms>`: every call carries the timestamp parameter. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  params.set('t', String(hooks.now()));
  const separator = path.includes('?') ? '&' : '?';
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${separator}${params.toString()}`;
}

function parseErrorBody(status: number, statusText: string, text: string): ApiError {
  if (text) {
    try {
      const body = JSON.parse(text) as unknown;
      const error = (body as { error?: unknown } | null)?.error;
      if (error && typeof error === 'object') {
        const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
        if (typeof message === 'string' && message) {
          return new ApiError(
            status,
            typeof code === 'string' ? code : `HTTP_${status}`,
            message,
            details && typeof details === 'object' ? (details as Record<string, unknown>) : undefined,
          );
        }
      }
      if (typeof (body as { message?: unknown } | null)?.message === 'string') {
        return new ApiError(status, `HTTP_${status}`, (body as { message: string }).message);
      }
    } catch {
      // Not JSON: fall through to the raw text.
    }
  }
  const raw = text.trim();
  const message = raw && raw.length <= 300 && !raw.startsWith('<') ? raw : `${status} ${statusText}`.trim();
  return new ApiError(status, `HTTP_${status}`, message || 'Request failed');
}

function parseSuccessBody<T>(text: string): T {
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function fail(error: ApiError, options: { silent?: boolean }): never {
  if (error.isTokenExpired) hooks.onTokenExpired();
  if (!options.silent) hooks.showError(error);
  throw error;
}

async function prepare(options: RequestOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // The token is the client's business: a caller's Authorization header is dropped.
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === 'authorization') delete headers[name];
  }
  if (options.anonymous) return headers;
  if (!options.skipRefresh) await hooks.beforeRequest();
  const token = hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** One JSON call. Resolves with the parsed body; rejects with an `ApiError`. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const done = options.background ? () => {} : hooks.loading.start();
  try {
    const headers = await prepare(options);
    const init: RequestInit = { method, headers, signal: options.signal };
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), init);
    } catch (error) {
      if (isAbort(error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return fail(new ApiError(0, NETWORK_ERROR, message || 'Network error'), options);
    }
    const text = await response.text();
    if (!response.ok) return fail(parseErrorBody(response.status, response.statusText, text), options);
    return parseSuccessBody<T>(text);
  } finally {
    done();
  }
}

/** A file the API answered (a PDF, a CSV): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition`, or null when the server named none. */
  filename: string | null;
}

function filenameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? null;
}

/**
 * One GET of a file (binary safe: a PDF is read as bytes, never as text), with the bearer token in
 * the header, the loading bar and the error toast of any other call.
 */
export async function download(
  path: string,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<DownloadedFile> {
  const done = options.background ? () => {} : hooks.loading.start();
  try {
    const headers = await prepare({ ...options, headers: { Accept: '*/*', ...options.headers } });
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method: 'GET',
        headers,
        signal: options.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return fail(new ApiError(0, NETWORK_ERROR, message || 'Network error'), options);
    }
    if (!response.ok) {
      const text = await response.text();
      return fail(parseErrorBody(response.status, response.statusText, text), options);
    }
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
  } finally {
    done();
  }
}

/** A new logo of one account (a charity, an organisation, a group). */
export interface LogoUpload {
  id: number;
  file: File;
  onProgress?: (percent: number) => void;
}

/** `POST {path}/{id}`, multipart field `file`: the answer is the account with its new logo. */
export function uploadLogo<T>(path: string, { id, file, onProgress }: LogoUpload): Promise<T> {
  return upload<T>(`${path}/${id}`, file, { onProgress });
}

/** One multipart upload through XMLHttpRequest, which reports upload progress. */
export async function upload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const done = options.background ? () => {} : hooks.loading.start();
  try {
    const headers = await prepare(options);
    const form = new FormData();
    form.append(options.field ?? 'file', file, file instanceof File ? file.name : 'upload');
    return await new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', buildUrl(path, options.query));
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) {
          options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        }
      };
      xhr.onload = () => {
        const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
        if (xhr.status >= 200 && xhr.status < 300) {
          options.onProgress?.(100);
          resolve(parseSuccessBody<T>(text));
          return;
        }
        try {
          fail(parseErrorBody(xhr.status, xhr.statusText, text), options);
        } catch (error) {
          reject(error);
        }
      };
      xhr.onerror = () => {
        try {
          fail(new ApiError(0, NETWORK_ERROR, 'Network error'), options);
        } catch (error) {
          reject(error);
        }
      };
      xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  } finally {
    done();
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
  upload,
  download,
};
