import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/helpers.js';

const t = useTestApp();

/** A body sent as it is, with the content type given, to a call that takes JSON. */
const sendRaw = (payload: string, contentType: string) =>
  t.request('POST', '/api/auth/login', { payload, headers: { 'content-type': contentType } });

describe('the API platform', () => {
  it('reports the database in the health call', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: { kind: expect.any(String), status: 'up' },
      // the public cache (off in tests unless asked for)
      cache: { entries: 0, bytes: 0, max_bytes: 0, hits: 0, misses: 0, invalidations: 0 },
    });
  });

  it('tells the web app the public settings, and nothing secret', async () => {
    const res = await t.request('GET', '/api/config');
    expect(res.json()).toEqual({
      currency: 'INR',
      payment_provider: 'sandbox',
      stripe_publishable_key: null,
      map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
  });

  it('answers an unknown route with ROUTE_NOT_FOUND in the error format', async () => {
    const res = await t.request('GET', '/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'ROUTE_NOT_FOUND', message: 'No route for GET /api/no/such/thing.' },
    });
  });

  it('names each bad field of an invalid body', async () => {
    const res = await t.request('POST', '/api/auth/register', {
      body: { email: 'not-an-email', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.details.fields).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'password',
    ]);
    expect(error.details.fields.first_name).toBe('This is required.');
  });

  it('words every refused field as a sentence for people, naming the limit', async () => {
    const res = await t.request('POST', '/api/auth/register', {
      body: { email: 'someone@example', password: 'a long enough password', first_name: 'A'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.details.fields).toEqual({
      email: 'Enter a valid email address.',
      first_name: 'Use at most 100 characters.',
      last_name: 'This is required.',
    });
    expect(error.message).toBe('Check the email, the first name and the last name.');
    // A strict body names each field it does not take, in words.
    const strict = await t.request('POST', '/api/user/donate/charity/1', {
      token: (await t.createUser()).token,
      body: { type: 2, amount: 100, wallet_amount: 5 },
    });
    expect(strict.statusCode).toBe(400);
    expect(strict.json().error.details.fields).toEqual({
      wallet_amount: 'This field is not accepted here: leave it out.',
    });
    for (const text of [JSON.stringify(error), strict.body]) {
      expect(text).not.toMatch(/expected|<=|>=|Invalid input|Too big|Too small|Unrecognized/);
    }
  });

  it('answers broken JSON with 400, never 500', async () => {
    const res = await sendRaw('{"email": ', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
    expect(res.body).not.toContain('at ');
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await sendRaw(
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      'application/json',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a content type it does not take with 415', async () => {
    const res = await sendRaw('email=a', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('ignores unknown query parameters such as the client timestamp', async () => {
    const res = await t.request('GET', `/api/health?t=${Date.now()}&other=1`);
    expect(res.statusCode).toBe(200);
  });

  it('serves the OpenAPI 3.1 document with the routes and renders the docs', async () => {
    const res = await t.request('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/user/get', '/api/user/{id}']),
    );
    expect(
      doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    const docs = await t.request('GET', '/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('sends security headers and a request id on every answer', async () => {
    const res = await t.request('GET', '/api/health', { headers: { 'x-request-id': 'trace-me-123' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('trace-me-123');
    const other = await t.request('GET', '/api/health');
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends helmet's headers on answers, refusals and unknown paths alike", async () => {
    const answers = [
      await t.request('GET', '/api/explore/project/list'),
      await t.request('GET', '/api/explore/project/list?limit=0'),
      await t.request('GET', '/api/no-such-call'),
      await t.request('POST', '/api/auth/login', { body: { email: 'nobody' } }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 400, 404, 400]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keeps personal answers out of every cache, lets public ones be kept for seconds, and limits browser features', async () => {
    const person = await t.createUser();
    const mine = await t.request('GET', '/api/user/get', { token: person.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const wallet = await t.request('GET', '/api/user/wallet', { token: person.token });
    expect(wallet.headers['cache-control']).toBe('no-store');
    // A public call made while signed in may carry personal details (can_manage): not kept either.
    expect(
      (await t.request('GET', '/api/charity/list', { token: person.token })).headers['cache-control'],
    ).toBe('no-store');
    expect((await t.request('GET', '/api/user/get')).headers['cache-control']).toBe('no-store');
    // Public pages may be kept by a CDN for a few seconds (decision 014); other public calls are revalidated.
    expect((await t.request('GET', '/api/charity/list')).headers['cache-control']).toBe(
      'public, max-age=5, stale-while-revalidate=5',
    );
    expect((await t.request('GET', '/api/config')).headers['cache-control']).toBe('no-cache');
    const policy = String(mine.headers['permissions-policy']);
    expect(policy).toContain('camera=()');
    expect(policy).toContain('microphone=()');
    expect(policy).toContain('geolocation=(self)');
    expect((await t.request('GET', '/api/health')).headers['permissions-policy']).toBe(policy);
  });
});
