import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/helpers.js';

/** The Content-Security-Policy header as directive -> sources. */
async function csp(t: TestApp, url = '/api/health'): Promise<Map<string, string[]>> {
  const res = await t.request('GET', url);
  const header = String(res.headers['content-security-policy'] ?? '');
  expect(header).not.toBe('');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const STRIPE_ORIGIN = /stripe/;

describe('the Content-Security-Policy', () => {
  describe('with the sandbox (no Stripe key)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('allows our own origin only for scripts, calls and frames', async () => {
      expect((await t.request('GET', '/api/config')).json().payment_provider).toBe('sandbox');
      const policy = await csp(t);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      // Frames fall back to default-src 'self'.
      expect(policy.has('frame-src')).toBe(false);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect([...policy.values()].flat().filter((source) => STRIPE_ORIGIN.test(source))).toEqual([]);
    });
  });

  describe('with Stripe (STRIPE_SECRET_KEY set)', () => {
    let t: TestApp;
    beforeAll(async () => {
      // A real Stripe provider: it makes no network call until a payment is made.
      t = await createTestApp({ stripeSecretKey: 'sk_test_x', stripePublishableKey: 'pk_test_x' });
    });
    afterAll(async () => t.close());

    it('tells the web app to use Stripe Elements with the publishable key', async () => {
      const config = (await t.request('GET', '/api/config')).json();
      expect(config).toMatchObject({ payment_provider: 'stripe', stripe_publishable_key: 'pk_test_x' });
    });

    it("adds Stripe.js's documented origins and nothing else", async () => {
      for (const url of ['/api/health', '/api/config']) {
        const policy = await csp(t, url);
        expect(policy.get('default-src')).toEqual(["'self'"]);
        expect(policy.get('script-src')).toEqual([
          "'self'",
          'https://js.stripe.com',
          'https://*.js.stripe.com',
        ]);
        expect(policy.get('frame-src')).toEqual([
          "'self'",
          'https://js.stripe.com',
          'https://*.js.stripe.com',
          'https://hooks.stripe.com',
        ]);
        expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
        // The rest is as strict as without Stripe.
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
        expect(policy.get('form-action')).toEqual(["'self'"]);
        expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
        expect(policy.get('img-src')?.some((source) => STRIPE_ORIGIN.test(source))).toBe(false);
      }
    });
  });
});
