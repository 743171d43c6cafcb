import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/helpers.js';
import { clearDemo, DEMO_PASSWORD, seedDemo } from './demo.js';

const t = useTestApp();
const signIn = async (email: string) => {
  const res = await t.request('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().token as string;
};

beforeAll(async () => {
  await seedDemo(t.ctx.database.db, t.ctx.storage, t.ctx.config.currency, t.ctx.now());
});
// close() runs the ledger check: the demo's money balances.

describe('the demo data', () => {
  it('gives the donor donations of every kind and status, subscriptions and a Gift Aid declaration for River Trust', async () => {
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
    // Her declaration names River Trust; the earlier one naming no charity is kept as a record.
    const declarations = (await t.request('GET', '/api/user/gift_aid_declarations', { token })).json().items;
    expect(
      declarations.map((d: { charity: { name: string } | null; first_name: string }) => [
        d.charity?.name ?? null,
        d.first_name,
      ]),
    ).toEqual([
      ['River Trust', 'Dana'],
      [null, 'Dana'],
    ]);
    const aided = mine.find((d: { gift_aid: boolean }) => d.gift_aid);
    expect(aided.charity.name).toBe('River Trust');
  });

  it('gives the donor and River Trust message threads in every folder, some unread', async () => {
    const token = await signIn('donor@example.org');
    const session = (await t.request('GET', '/api/user/get', { token })).json();
    expect(session.unread_messages).toBe(2);
    const me = session.user.id;
    const folder = async (name: string, owner: string, as = token) =>
      (await t.request('GET', `/api/message/get_all_${name}/${owner}`, { token: as })).json().items;
    expect((await folder('inbox', `1/${me}`)).length).toBeGreaterThanOrEqual(3);
    expect((await folder('sent', `1/${me}`)).length).toBeGreaterThanOrEqual(2);
    expect((await folder('draft', `1/${me}`)).length).toBe(1);
    expect((await folder('archive', `1/${me}`)).length).toBe(1);
    const charity = await signIn('charity@example.org');
    const charitySession = (await t.request('GET', '/api/user/get', { token: charity })).json();
    const river = charitySession.charity_membership[0];
    expect(river).toMatchObject({ name: 'River Trust', unread_messages: 1 });
    const inbox = await folder('inbox', `3/${river.charity_id}`, charity);
    const thread = (
      await t.request('GET', `/api/replay/get/3/${river.charity_id}/${inbox[0].id}`, { token: charity })
    ).json().items;
    expect(thread.length).toBe(3);
  });

  it('gives Acme matching with matched gifts, months of giving for its reports, and sub-businesses', async () => {
    const token = await signIn('business@example.org');
    const acme = (await t.request('GET', '/api/business/list', { token }))
      .json()
      .items.find((b: { name: string }) => b.name === 'Acme Ltd');
    const matching = (await t.request('GET', `/api/business/${acme.id}/matching`, { token })).json();
    expect(matching).toMatchObject({ configured: true, active: true, budget_used: 50_000, matched_count: 2 });
    const matched = (await t.request('GET', `/api/business/${acme.id}/matching/donations`, { token })).json()
      .items;
    expect(matched.map((d: { status: number }) => d.status).sort()).toEqual([20, 80]);
    const stats = (await t.request('GET', `/api/business/total_statistics/${acme.id}`, { token })).json();
    expect(stats.includes_sub_businesses).toBe(true);
    expect(stats.by_month.length).toBeGreaterThanOrEqual(4);
    expect(stats.volunteering_hours).toBeGreaterThan(0);
    expect(stats.rejected_count).toBe(1);
    const tree = (await t.request('GET', `/api/organisation/${acme.id}`, { token })).json();
    expect(tree.tree.children.map((c: { name: string }) => c.name).sort()).toEqual([
      'Acme North',
      'Acme South',
    ]);
    const employee = await signIn('employee@example.org');
    const mine = (
      await t.request('GET', `/api/business/${acme.id}/matching/mine`, { token: employee })
    ).json();
    expect(mine).toMatchObject({ matched_this_year: 50_000, cap_left: 50_000 });
  });

  it('shows Acme’s Super Admin a gift its sign-off admins can never approve, theirs to end', async () => {
    const token = await signIn('business@example.org');
    const acme = (await t.request('GET', '/api/business/list', { token }))
      .json()
      .items.find((b: { name: string }) => b.name === 'Acme Ltd');
    const waiting = (await t.request('GET', `/api/business/${acme.id}/donations`, { token })).json()
      .items as Array<{
      amount: number;
      signoff: { stuck: boolean; can_resolve: boolean; can_approve: boolean };
    }>;
    expect(waiting.find((d) => d.amount === 1_500_000)?.signoff).toMatchObject({
      stuck: true,
      can_resolve: true,
      can_approve: false,
    });
    expect(waiting.filter((d) => d.signoff.stuck)).toHaveLength(1);
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
    // Acme and its sub-businesses wear a logo on their dashboard and profile.
    const token = await signIn('business@example.org');
    const mine = (await t.request('GET', '/api/business/list', { token })).json().items;
    expect(
      mine.map((b: { name: string; logo: string | null }) => [
        b.name,
        b.logo?.startsWith('/api/files/logos/'),
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Acme Ltd', true],
        ['Acme North', true],
        ['Acme South', true],
      ]),
    );
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

  it('gives Acme a monthly subscription with paid invoices, and offers plans and a discount code', async () => {
    const token = await signIn('business@example.org');
    const mine = (await t.request('GET', '/api/business/list', { token })).json().items;
    const acme = mine.find((b: { name: string }) => b.name === 'Acme Ltd');
    const current = (await t.request('GET', `/api/business/${acme.id}/subscription`, { token })).json();
    expect(current.subscription).toMatchObject({ status: 'active', plan: { name: 'Business' } });
    const invoices = (await t.request('GET', `/api/business/${acme.id}/invoices`, { token })).json().items;
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    expect(invoices.every((i: { status: string }) => i.status === 'paid')).toBe(true);
    const preview = await t.request('POST', `/api/business/${acme.id}/subscription/preview`, {
      token,
      body: { plan_id: current.subscription.plan.id, discount_code: 'WELCOME20' },
    });
    expect(preview.json().discount).toBeGreaterThan(0);
  });

  it("gives the donor's group members, statistics and a request waiting for the donor as its admin", async () => {
    const token = await signIn('donor@example.org');
    const me = (await t.request('GET', '/api/user/get', { token })).json();
    const mine = (
      await t.request('GET', `/api/group/individual/${me.user.id}/list_with_total_stats`, { token })
    ).json().items;
    const circle = mine.find((g: { name: string }) => g.name === 'Bristol Giving Circle');
    expect(circle).toMatchObject({ is_admin: true, members: 3 });
    expect(circle.totals.funds).toBeGreaterThan(0);
    const board = (
      await t.request('GET', `/api/group/members_total_statistics/${circle.id}`, { token })
    ).json();
    expect(board.items.length).toBe(3);
    const requests = (await t.request('GET', `/api/group/${circle.id}/requests`, { token })).json().items;
    expect(requests).toEqual([expect.objectContaining({ status: 1 })]);
    // The asker sees it among their own requests.
    const asker = await signIn('employee@example.org');
    const employee = (await t.request('GET', '/api/user/get', { token: asker })).json();
    const own = (await t.request('GET', `/api/user/requests/${employee.user.id}`, { token: asker })).json();
    expect(own.group_requests).toEqual([expect.objectContaining({ group_name: 'Bristol Giving Circle' })]);
  });

  it('gives River Trust a request to join for its admin to answer', async () => {
    const token = await signIn('charity@example.org');
    const session = (await t.request('GET', '/api/user/get', { token })).json();
    const river = session.charity_membership[0].charity_id;
    const requests = (await t.request('GET', `/api/charity/requests/${river}`, { token })).json().items;
    expect(requests.map((r: { email: string }) => r.email)).toEqual(['aisha.khan@example.org']);
  });

  it('gives Acme Ltd employee groups with members, a request to join and a waiting invitation', async () => {
    const token = await signIn('business@example.org');
    const [acme] = (await t.request('GET', '/api/business/list', { token })).json().items;
    const groups = (await t.request('GET', `/api/business/${acme.id}/employees-group`, { token })).json()
      .items;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['Engineering', 'Operations']);
    const platform = groups[0].sub_groups.find((s: { name: string }) => s.name === 'Platform');
    expect(platform.member_count).toBe(2);
    const requests = (await t.request('GET', `/api/business/requests/${acme.id}`, { token })).json().items;
    expect(requests.map((r: { email: string }) => r.email)).toEqual(['aisha.khan@example.org']);
    const invited = (await t.request('GET', `/api/invitation/pending/business/${acme.id}`, { token })).json();
    expect(invited.items.map((i: { email: string }) => i.email)).toEqual(['new.starter@example.org']);
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
