import { describe, expect, it, vi } from 'vitest';
import { freshApiClientForEachTest } from '@/testing/api-client';
import { errorResponse, headersOf, jsonResponse, stubFetch } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { stubUpload } from '@/testing/upload';
import { ApiError, api, buildUrl, configureApiClient } from './api-client';

describe('api client', () => {
  freshApiClientForEachTest();

  it('appends t=<epoch ms> to every call, keeping other query parameters', async () => {
    configureApiClient({ now: () => 1_700_000_000_000 });
    const fetchMock = stubFetch({ 'GET /api/city/by_state/3': () => jsonResponse({ items: [] }) });
    await api.get('/city/by_state/3', { query: { q: 'Lon', limit: 20, skip: undefined } });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/city/by_state/3');
    expect(url.searchParams.get('t')).toBe('1700000000000');
    expect(url.searchParams.get('q')).toBe('Lon');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(buildUrl('/user/get?x=1')).toMatch(/^\/api\/user\/get\?x=1&t=\d+$/);
  });

  it('sends the bearer token when one is stored, and JSON bodies', async () => {
    configureApiClient({ getToken: () => 'abc.def.ghi' });
    const fetchMock = stubFetch({ 'PATCH /api/user/update': () => jsonResponse({ user: {} }) });
    await api.patch('/user/update', { first_name: 'Ann' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(headersOf(init).Authorization).toBe('Bearer abc.def.ghi');
    expect(headersOf(init)['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"first_name":"Ann"}');
  });

  it('sends extra headers (Idempotency-Key, Accept) but never a caller-made Authorization', async () => {
    configureApiClient({ getToken: () => 'tok' });
    const fetchMock = stubFetch({
      'POST /api/user/deposit': () => jsonResponse({ payment: {} }, 201),
      'GET /api/user/statement/2030-01-01/2030-01-31': () => new Response('date,amount\r\n'),
    });
    await api.post('/user/deposit', { amount: 100 }, { headers: { 'Idempotency-Key': 'key-1' } });
    await api.get('/user/statement/2030-01-01/2030-01-31', {
      headers: { Accept: 'text/csv', authorization: 'Bearer forged' },
    });
    const deposit = headersOf(fetchMock.mock.calls[0]?.[1]);
    expect(deposit['Idempotency-Key']).toBe('key-1');
    expect(deposit.Authorization).toBe('Bearer tok');
    expect(deposit['Content-Type']).toBe('application/json');
    const statement = headersOf(fetchMock.mock.calls[1]?.[1]);
    expect(statement.Accept).toBe('text/csv');
    expect(statement.Authorization).toBe('Bearer tok');
    expect(statement.authorization).toBeUndefined();
  });

  it('sends no token when none is stored, or for anonymous calls', async () => {
    const fetchMock = stubFetch({ 'POST /api/auth/login': () => jsonResponse({}) });
    await api.post('/auth/login', {});
    configureApiClient({ getToken: () => 'tok' });
    await api.post('/auth/login', {}, { anonymous: true });
    expect(headersOf(fetchMock.mock.calls[0]?.[1]).Authorization).toBeUndefined();
    expect(headersOf(fetchMock.mock.calls[1]?.[1]).Authorization).toBeUndefined();
  });

  it('unwraps the error body into an ApiError and toasts the nested message', async () => {
    stubFetch({
      'PATCH /api/user/update': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
          fields: { post_code: 'Enter a valid UK post code.' },
        }),
    });
    const error = await api.patch('/user/update', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.message).toBe('Some fields are not valid.');
    expect(apiError.fieldErrors).toEqual({ post_code: 'Enter a valid UK post code.' });
    expect(toastTexts()).toEqual([{ title: 'Error', message: 'Some fields are not valid.' }]);
  });

  it('falls back to the raw error text when the body has no nested message', async () => {
    stubFetch({
      'GET /api/user/get': () =>
        new Response('Bad Gateway from proxy', { status: 502, statusText: 'Bad Gateway' }),
    });
    const error = (await api.get('/user/get').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_502');
    expect(error.message).toBe('Bad Gateway from proxy');
    expect(toastTexts()).toEqual([{ title: 'Error', message: 'Bad Gateway from proxy' }]);
  });

  it('downloads a file as bytes with the token and the name from Content-Disposition, and toasts a refusal', async () => {
    configureApiClient({ getToken: () => 'tok' });
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0xe2]);
    const fetchMock = stubFetch({
      'GET /api/user/donation/4/receipt': () =>
        new Response(bytes, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="kindred-receipt-R-1.pdf"',
          },
        }),
      'GET /api/user/donation/5/receipt': () =>
        errorResponse(409, 'NO_RECEIPT', 'Only approved gifts of funds have a receipt.'),
    });
    const file = await api.download('/user/donation/4/receipt');
    expect(file.filename).toBe('kindred-receipt-R-1.pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
    expect(headersOf(fetchMock.mock.calls[0]?.[1]).Authorization).toBe('Bearer tok');

    const error = (await api.download('/user/donation/5/receipt').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('NO_RECEIPT');
    expect(toastTexts()).toEqual([
      { title: 'Error', message: 'Only approved gifts of funds have a receipt.' },
    ]);
  });

  it('maps a network failure to an ApiError with status 0, and can stay silent', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = (await api.get('/user/get', { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe('Failed to fetch');
    expect(toastTexts()).toEqual([]);
  });

  it('uploads multipart through XMLHttpRequest with progress, token and t', async () => {
    configureApiClient({ getToken: () => 'tok', now: () => 42 });
    const sent = stubUpload((upload) => {
      upload.progress(50);
      upload.answer(200, { user: { id: 7 } });
    });
    const progress: number[] = [];
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    const result = await api.upload<{ user: { id: number } }>('/user/avatar/7', file, {
      onProgress: (p) => progress.push(p),
    });
    expect(result.user.id).toBe(7);
    expect(sent.url).toBe('/api/user/avatar/7?t=42');
    expect(sent.headers.Authorization).toBe('Bearer tok');
    expect(sent.body?.get('file')).toBeInstanceOf(File);
    expect(progress).toEqual([50, 100]);
  });
});
