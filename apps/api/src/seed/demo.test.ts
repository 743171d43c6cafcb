import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/helpers.js';
import { clearDemo, DEMO_PASSWORD, seedDemo } from './demo.js';

let t: TestApp;
const signIn = async (email: string) => {
  const res = await t.request('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().token as string;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.database.db, t.ctx.storage, t.ctx.config.currency, t.ctx.now());
});
// close() runs the ledger check: the demo's money balances.
afterAll(async () => t.close());

describe('the demo data', () => {
  it('gives the donor donations of every kind and status, subscriptions and a Gift Aid declaration', async () => {
    const token = await signIn('donor@example.org');
    const mine = (await t.request('GET', '/api/user/donations?limit=100', { token })).json().items;
    const kinds = new Set(mine.map((d: { type: number }) => d.type));
    expect([...kinds].sort()).toEqual([2, 3, 4, 5]);
    const statuses = new Set(mine.map((d: { status: number }) => d.status));
    for (const status of [30, 40, 80, 85]) expect(statuses).toContain(status);
    expect(mine.some((d: { gift_aid: boolean }) => d.gift_aid)).toBe(true);
    const subscriptions = (await t.request('GET', '/api/user/donation_subscriptions', { token })).json()
      .items;
    expect(subscriptions.map((s: { status: string }) => s.status).sort()).toEqual(['active', 'paused']);
    const declaration = (await t.request('GET', '/api/user/gift_aid_declaration', { token })).json()
      .declaration;
    expect(declaration).toMatchObject({ first_name: 'Dana' });
  });

  it('shows live projects with progress that is what was given, and a declined gift with its reason', async () => {
    const explore = (await t.request('GET', '/api/explore/project/list?limit=100')).json().items;
    const raised = explore.filter((p: { funds_raised: number }) => p.funds_raised > 0);
    expect(raised.length).toBeGreaterThan(3);
    const projectId = raised[0].id as number;
    const project = (await t.request('GET', `/api/project/${projectId}`)).json();
    const wall = (await t.request('GET', `/api/project/${projectId}/all-donations?limit=100`)).json().items;
    const fromWall = wall
      .filter((s: { type: number; amount: number | null }) => s.type === 2)
      .reduce((sum: number, s: { amount: number | null }) => sum + (s.amount ?? 0), 0);
    // Anonymous gifts hide their amount on the wall, so the wall never shows more than was raised.
    expect(fromWall).toBeLessThanOrEqual(project.funds_raised);
    expect(project.donors_count).toBeGreaterThan(0);
  });

  it('gives every project a cover picture and every charity and public group a logo, served in their variants', async () => {
    const explore = (await t.request('GET', '/api/explore/project/list?limit=100')).json().items;
    expect(explore.length).toBeGreaterThan(10);
    for (const card of explore) {
      expect(card.cover, card.title).toMatch(/^\/api\/files\/gallery\//);
      expect(card.charity.logo, card.title).toMatch(/^\/api\/files\/logos\//);
    }
    // Each project has its own copy: deleting one project's picture leaves the others'.
    expect(new Set(explore.map((card: { cover: string }) => card.cover)).size).toBe(explore.length);
    const charities = (await t.request('GET', '/api/explore/charity/list?limit=100')).json().items;
    expect(charities.every((c: { logo: string | null }) => c.logo?.startsWith('/api/files/logos/'))).toBe(
      true,
    );
    // Public groups show theirs on explore too.
    const groups = (await t.request('GET', '/api/explore/group/list?limit=100')).json().items;
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g: { logo: string | null }) => g.logo?.startsWith('/api/files/logos/'))).toBe(true);
    for (const [url, side] of [
      [`${explore[0].cover}_small.webp`, 320],
      [`${explore[0].cover}_big.webp`, 800],
      [`${charities[0].logo}_medium.webp`, 256],
    ] as const) {
      const file = await t.request('GET', url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect((await sharp(file.rawPayload).metadata()).width, url).toBe(side);
    }
  });

  it('loads again after a reset, with the money of the first load gone', async () => {
    await clearDemo(t.ctx.database.db);
    await seedDemo(t.ctx.database.db, t.ctx.storage, t.ctx.config.currency, t.ctx.now());
    const token = await signIn('donor@example.org');
    const wallet = (await t.request('GET', '/api/user/wallet', { token })).json();
    const again = (await t.request('GET', '/api/user/donations?limit=100', { token })).json().items;
    const spent = again
      .filter(
        (d: { type: number; source: string; status: number }) =>
          d.type === 2 && d.source === 'wallet' && [40, 80, 85].includes(d.status),
      )
      .reduce((sum: number, d: { amount: number }) => sum + d.amount, 0);
    const held = again
      .filter((d: { status: number }) => d.status === 40)
      .reduce((sum: number, d: { amount: number }) => sum + d.amount, 0);
    // One load's deposits (2,500,000 and 6,000,000) less what the donor gave or has held.
    expect(wallet.wallet_amount).toBe(8_500_000 - spent);
    expect(wallet.held).toBe(held);
  });
});
