import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { manageToken } from '../modules/donations/manage-links.js';
import { useTestApp } from '../testing/helpers.js';
import { clearDemo, DEMO_PASSWORD, seedDemo } from './demo.js';

const t = useTestApp();
const signIn = async (email: string) => {
  const res = await t.request('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().token as string;
};

/** Loads the demo as the app's first start does. */
const seed = () =>
  seedDemo(t.ctx.database.db, t.ctx.storage, t.ctx.config.currency, t.ctx.now(), t.ctx.config.jwtSecret);

beforeAll(seed);
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
    expect(subscriptions.map((s: { status: string }) => s.status).sort()).toEqual([
      'active',
      'active',
      'paused',
    ]);
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

  it('gives the donor two saved cards and Acme Ltd one, which the sandbox charges for a gift', async () => {
    const token = await signIn('donor@example.org');
    const cards = (await t.request('GET', '/api/user/payment_methods', { token })).json().items;
    expect(cards.map((c: { label: string; is_default: boolean }) => [c.label, c.is_default])).toEqual([
      ['Visa ending 4242', true],
      ['Mastercard ending 4444', false],
    ]);
    const business = await signIn('business@example.org');
    const acme = (await t.request('GET', '/api/business/list', { token: business }))
      .json()
      .items.find((b: { name: string }) => b.name === 'Acme Ltd');
    const acmeCards = (
      await t.request('GET', `/api/business/${acme.id}/payment_methods`, { token: business })
    ).json().items;
    expect(acmeCards).toEqual([expect.objectContaining({ is_default: true, last4: '5556' })]);
    // A saved card of the demo is one the sandbox knows: giving with it is charged at once.
    const project = (await t.request('GET', '/api/explore/project/list?limit=100'))
      .json()
      .items.find((p: { funds_target: number | null }) => p.funds_target);
    const res = await t.request('POST', `/api/user/donate/project/${project.id}`, {
      token,
      headers: { 'idempotency-key': 'demo-saved-card' },
      body: { type: 2, amount: 1_000, source: 'card', payment_method_id: cards[1].id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().donation).toMatchObject({ source: 'card', status: 80 });
  });

  it('shows the donor past gifts paid by card and a monthly gift on her Mastercard with a month paid', async () => {
    const token = await signIn('donor@example.org');
    const mine = (await t.request('GET', '/api/user/donations?limit=100', { token })).json().items as Array<{
      source: string | null;
      status: number;
      payment_id: number | null;
      subscription_id: number | null;
      created_at: string;
      receipt_number: string | null;
    }>;
    const byCard = mine.filter((d) => d.source === 'card');
    expect(byCard.length).toBeGreaterThanOrEqual(4);
    expect(byCard.filter((d) => d.status === 90)).toHaveLength(1);
    for (const gift of byCard) {
      // All given, one of them since refunded by a dispute the bank decided for her.
      expect([80, 90]).toContain(gift.status);
      expect(gift.payment_id).not.toBeNull();
      expect(gift.receipt_number).not.toBeNull();
    }
    // Made in the past, on the seed's clock.
    expect(byCard.some((d) => Date.parse(d.created_at) < t.ctx.now().getTime() - 2 * 86_400_000)).toBe(true);
    const cards = (await t.request('GET', '/api/user/payment_methods', { token })).json().items;
    const mastercard = cards.find((c: { label: string }) => c.label === 'Mastercard ending 4444');
    const subscriptions = (await t.request('GET', '/api/user/donation_subscriptions', { token })).json()
      .items as Array<{
      id: number;
      source: string;
      status: string;
      payment_method_id: number | null;
      missed: unknown;
      next_date: string | null;
    }>;
    const monthly = subscriptions.find((s) => s.source === 'card');
    expect(monthly).toMatchObject({ status: 'active', payment_method_id: mastercard.id, missed: null });
    expect(monthly?.next_date && monthly.next_date > t.ctx.now().toISOString().slice(0, 10)).toBe(true);
    expect(byCard.filter((d) => d.subscription_id === monthly?.id)).toHaveLength(1);
  });

  it('shows Tom a monthly gift by card that could not be made this month, tried again in two days', async () => {
    const token = await signIn('tom.evans@example.org');
    const [plan, ...others] = (await t.request('GET', '/api/user/donation_subscriptions', { token })).json()
      .items as Array<{
      id: number;
      source: string;
      status: string;
      missed: { period: string; next_try_at: string | null } | null;
    }>;
    expect(others).toEqual([]);
    const now = t.ctx.now();
    const today = now.toISOString().slice(0, 10);
    expect(plan).toMatchObject({ source: 'card', status: 'active', missed: { period: today } });
    const nextTry = Date.parse(plan?.missed?.next_try_at ?? '');
    expect(nextTry).toBeGreaterThan(now.getTime());
    expect(nextTry).toBeLessThanOrEqual(now.getTime() + 2 * 86_400_000);
    const cards = (await t.request('GET', '/api/user/payment_methods', { token })).json().items;
    expect(cards.map((c: { label: string }) => c.label)).toEqual(['Visa ending 0341']);
    // No gift was made for the declined period.
    const gifts = (await t.request('GET', '/api/user/donations?limit=100', { token })).json().items;
    expect(gifts.filter((d: { subscription_id: number | null }) => d.subscription_id === plan?.id)).toEqual(
      [],
    );
    // The plan's manage page, from the mail's link, shows the same missed gift and its card.
    const link = manageToken(t.ctx.config.jwtSecret, { kind: 'subscription', id: plan?.id ?? 0 }, now);
    const page = (await t.request('GET', `/api/manage/${link}`)).json();
    expect(page.subscription.missed).toMatchObject({ period: today });
    expect(page.payment_method.label).toBe('Visa ending 0341');
  });

  it('shows River Trust and its project page gifts by guests, one with Gift Aid', async () => {
    const token = await signIn('charity@example.org');
    const session = (await t.request('GET', '/api/user/get', { token })).json();
    const river = session.charity_membership[0].charity_id;
    const inbox = (await t.request('GET', `/api/charity/${river}/donations?limit=100`, { token })).json()
      .items as Array<{
      donor: { kind: string; name: string };
      project: { id: number } | null;
      source: string;
      gift_aid: boolean;
    }>;
    const guests = inbox.filter((d) => d.donor.kind === 'guest');
    expect(guests.map((d) => d.donor.name).sort()).toEqual(['Jo Bennett', 'Morgan Lee']);
    expect(guests.every((d) => d.source === 'card')).toBe(true);
    expect(guests.find((d) => d.donor.name === 'Morgan Lee')?.gift_aid).toBe(true);
    const projectId = guests[0]?.project?.id;
    const ofProject = (
      await t.request('GET', `/api/project/${projectId}/donations?limit=100`, { token })
    ).json().items as Array<{ donor: { kind: string; name: string } }>;
    expect(
      ofProject
        .filter((d) => d.donor.kind === 'guest')
        .map((d) => d.donor.name)
        .sort(),
    ).toEqual(['Jo Bennett', 'Morgan Lee']);
    const wall = (await t.request('GET', `/api/project/${projectId}/all-donations?limit=100`)).json().items;
    expect(wall.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Jo Bennett', 'Morgan Lee']),
    );
    // The guest's Gift Aid is the charity's to claim, with the donor's: gifts of 2,500 and 20,000,
    // a third of the second refunded (6,600), its Gift Aid with it.
    const unclaimed = (await t.request('GET', `/api/charity/${river}/gift_aid/unclaimed`, { token })).json();
    expect(unclaimed).toMatchObject({ donations: 2, total: 15_900, gift_aid: 625 + 3_350 });
  });

  it('shows money back and out: a refund, requests, disputes, payouts paid and waiting, a reconciliation', async () => {
    const token = await signIn('charity@example.org');
    const session = (await t.request('GET', '/api/user/get', { token })).json();
    const river = session.charity_membership[0].charity_id;
    const inbox = (await t.request('GET', `/api/charity/${river}/donations?limit=100`, { token })).json()
      .items as Array<{ refunded_amount: number; status: number; dispute: { status: string } | null }>;
    expect(inbox.filter((d) => d.refunded_amount > 0 && d.status === 80)).toHaveLength(1);
    expect(inbox.map((d) => d.dispute?.status).filter(Boolean)).toEqual(['open']);
    const donor = await signIn('donor@example.org');
    const mine = (await t.request('GET', '/api/user/donations?limit=100', { token: donor })).json().items;
    expect(
      mine.filter((d: { dispute: { status: string } | null }) => d.dispute?.status === 'lost'),
    ).toMatchObject([{ status: 90, source: 'card' }]);
    const requests = (await t.request('GET', `/api/charity/${river}/refund_requests`, { token })).json()
      .items;
    expect(requests.map((r: { status: string }) => r.status).sort()).toEqual(['declined', 'open']);
    const payouts = (await t.request('GET', `/api/charity/${river}/payouts`, { token })).json().items;
    expect(payouts.map((p: { status: string }) => p.status)).toEqual(['requested', 'paid']);
    const funds = (await t.request('GET', `/api/charity/funds/${river}`, { token })).json();
    expect(funds.paid_out).toBeGreaterThan(0);
    expect(funds.payouts_waiting).toBeGreaterThan(0);
    expect(funds.held).toBeGreaterThan(0);
    const admin = await signIn('admin@example.org');
    const accounts = (
      await t.request('GET', '/api/admin/payout_accounts?verified=false', { token: admin })
    ).json();
    expect(accounts.items.map((a: { charity: { name: string } }) => a.charity.name)).toEqual([
      'Paws & Whiskers Rescue',
    ]);
    const books = (await t.request('GET', '/api/admin/reconciliation', { token: admin })).json();
    expect(books.last_run).toMatchObject({ provider: 'sandbox', mismatches: 0 });
    expect(books.mismatches).toEqual([]);
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

  it('rings every demo person’s bell, and gives River Trust and Acme a webhook with its log and an API token', async () => {
    for (const email of [
      'donor@example.org',
      'charity@example.org',
      'signoff@example.org',
      'employee@example.org',
    ]) {
      const token = await signIn(email);
      const unread = (await t.request('GET', '/api/notifications/unread_count', { token })).json().count;
      expect(unread, email).toBeGreaterThan(0);
    }
    const token = await signIn('charity@example.org');
    const riverId = (await t.request('GET', '/api/charity/list?q=River%20Trust', { token })).json().items[0]
      .id;
    const hooks = (await t.request('GET', `/api/charity/${riverId}/webhooks`, { token })).json().items;
    expect(hooks).toHaveLength(1);
    const log = (
      await t.request('GET', `/api/charity/${riverId}/webhooks/${hooks[0].id}/deliveries`, { token })
    ).json();
    expect(log.items.map((d: { status: string }) => d.status).sort()).toEqual([
      'delivered',
      'delivered',
      'failed',
    ]);
    const tokens = (await t.request('GET', `/api/charity/${riverId}/api_tokens`, { token })).json().items;
    expect(tokens[0]).toMatchObject({
      name: 'Finance spreadsheet',
      scopes: ['reports:read', 'payouts:read'],
    });
  });

  it('opens fundraising pages whose figures are the gifts made through them, with a team in the giving circle', async () => {
    const token = await signIn('donor@example.org');
    const mine = (await t.request('GET', '/api/user/fundraisers?limit=10', { token })).json().items;
    const swim = mine.find((f: { title: string }) => f.title === 'Dana swims the harbour');
    expect(swim).toMatchObject({ raised: 19_500, gifts: 4, ended: false });
    expect(swim.picture).toMatch(/^\/api\/files\/fundraisers\//);
    expect((await t.request('GET', `${swim.picture}_medium.webp`)).statusCode).toBe(200);
    const wall = (await t.request('GET', `/api/fundraiser/${swim.id}/donations`)).json().items;
    expect(wall).toHaveLength(4);
    const updates = (await t.request('GET', `/api/fundraiser/${swim.id}/updates`)).json().items;
    expect(updates).toHaveLength(2);
    const circle = mine.find(
      (f: { group: { name: string } | null }) => f.group?.name === 'Bristol Giving Circle',
    );
    const team = (await t.request('GET', `/api/group/${circle.group.id}/fundraisers`, { token })).json();
    expect(team.items.map((f: { raised: number }) => f.raised)).toEqual([10_000, 7_000, 1_200]);
    expect(team.raised).toBe(18_200);
  });

  it('loads again after a reset, with the money of the first load gone', async () => {
    await clearDemo(t.ctx.database.db);
    await seed();
    const token = await signIn('donor@example.org');
    const wallet = (await t.request('GET', '/api/user/wallet', { token })).json();
    const again = (await t.request('GET', '/api/user/donations?limit=100', { token })).json().items;
    const spent = again
      .filter(
        (d: { type: number; source: string; status: number }) =>
          d.type === 2 && d.source === 'wallet' && [40, 80, 85].includes(d.status),
      )
      .reduce(
        (sum: number, d: { amount: number; refunded_amount: number }) => sum + d.amount - d.refunded_amount,
        0,
      );
    const held = again
      .filter((d: { status: number }) => d.status === 40)
      .reduce((sum: number, d: { amount: number }) => sum + d.amount, 0);
    // One load's deposits (2,500,000 and 6,000,000) less what the donor gave or has held (and got
    // back of a refunded gift); gifts by card passed through the wallet and left it as it was.
    expect(wallet.wallet_amount).toBe(8_500_000 - spent);
    expect(wallet.held).toBe(held);
    // One load's cards, and no guest of the first load left to claim.
    const cards = (await t.request('GET', '/api/user/payment_methods', { token })).json().items;
    expect(cards).toHaveLength(2);
    const charity = await signIn('charity@example.org');
    const river = (await t.request('GET', '/api/user/get', { token: charity })).json().charity_membership[0]
      .charity_id;
    const inbox = (
      await t.request('GET', `/api/charity/${river}/donations?limit=100`, { token: charity })
    ).json().items;
    expect(inbox.filter((d: { donor: { kind: string } }) => d.donor.kind === 'guest')).toHaveLength(2);
  });
});
