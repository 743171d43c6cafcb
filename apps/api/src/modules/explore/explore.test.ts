import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities, groupMemberships, groups, projects } from '../../db/schema.js';
import { isoDay } from '../../lib/periods.js';
import type { Person as User } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';

const clock = new Date();
const t = useTestApp({}, { now: () => clock });
type Card = { id: number; distance_km: number | null; end_date: string | null; [key: string]: unknown };
type Page = { items: Card[]; next_cursor: string | null; prev_cursor: string | null };

const DAY = 86_400_000;
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * DAY));
const town: Record<string, { id: number; latitude: number; longitude: number }> = {};

/** The catalogue every test reads: names for the projects and charities made in beforeAll. */
const p: Record<string, number> = {};
const c: Record<string, number> = {};
let platform: User;

async function ok(method: 'POST' | 'PATCH', url: string, token: string, body?: unknown) {
  const res = await t.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.body}`);
  return res.json();
}

async function charity(name: string, fields: Record<string, unknown>) {
  const admin = await t.createUser();
  const { id } = await ok('POST', '/api/charity', platform.token, {
    name,
    admin_email: admin.email,
    ...fields,
  });
  return { id: id as number, admin };
}

async function project(token: string, body: Record<string, unknown>, publish = true) {
  const { id } = await ok('POST', '/api/project/create', token, {
    description: 'A project that needs you.',
    end_date: day(30),
    ...body,
  });
  if (publish) await ok('PATCH', `/api/project/update/${id}`, token, { status: 2 });
  return id as number;
}

const get = async (url: string) => {
  const res = await t.request('GET', url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json() as Page;
};
const list = async (query = '') => (await get(`/api/explore/project/list?limit=100&${query}`)).items;
const idsOf = (items: Array<{ id: number }>) => items.map((item) => item.id);

/** Walks a list forwards and then back with small pages: every row once, in the same order. */
async function walk(base: string, limit = 2) {
  const all = (await get(`${base}${base.includes('?') ? '&' : '?'}limit=100`)).items;
  const join = base.includes('?') ? '&' : '?';
  const pages: Page[] = [await get(`${base}${join}limit=${limit}`)];
  expect(pages[0]?.prev_cursor).toBeNull();
  while (pages.at(-1)?.next_cursor) {
    pages.push(await get(`${base}${join}limit=${limit}&cursor=${pages.at(-1)?.next_cursor}`));
    expect(pages.length).toBeLessThan(100);
  }
  expect(pages.flatMap((page) => idsOf(page.items))).toEqual(idsOf(all));
  for (let i = pages.length - 1; i > 0; i--) {
    const back = await get(`${base}${join}limit=${limit}&direction=before&cursor=${pages[i]?.prev_cursor}`);
    expect(idsOf(back.items), `page ${i - 1} again`).toEqual(idsOf(pages[i - 1]?.items ?? []));
    expect(back.next_cursor).not.toBeNull();
    if (i === 1) expect(back.prev_cursor).toBeNull();
  }
  return all;
}

beforeAll(async () => {
  for (const name of ['London', 'Manchester', 'Salford', 'Edinburgh', 'Oxford', 'Cardiff']) {
    const [row] = await t.ctx.database.db.select().from(cities).where(eq(cities.name, name));
    if (!row) throw new Error(name);
    town[name] = row;
  }
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  const thames = await charity('Thames Trust', {
    charity_types: [3],
    city_id: town.London?.id,
    description: 'Keeping the river clean.',
  });
  const pennine = await charity('Pennine Aid', { charity_types: [7], city_id: town.Manchester?.id });
  const locked = await charity('Locked Lantern', { charity_types: [3], city_id: town.London?.id });
  c.thames = thames.id;
  c.pennine = pennine.id;
  c.locked = locked.id;
  const applicant = await t.createUser();
  c.pending = (
    await ok('POST', '/api/user/add/charity', applicant.token, {
      name: 'Pending Poppy',
      charity_types: [3],
      city_id: town.London?.id,
    })
  ).id;

  const A = thames.admin.token;
  /** A Live project of the Pennine charity (a type 7 cause). */
  const pennineProject = (body: Record<string, unknown>) =>
    project(pennine.admin.token, { charity_id: c.pennine, charity_types: [7], ...body });
  /** A project of the Thames charity, Live unless asked otherwise. */
  const thamesProject = (body: Record<string, unknown>, publish = true) =>
    project(A, { charity_id: c.thames, ...body }, publish);
  p.a1 = await thamesProject({
    title: 'River clean-up on the Thames',
    description: 'Pick litter from the foreshore.',
    charity_types: [3],
    city_id: town.London?.id,
    funds_target: 100_000,
    end_date: day(60),
  });
  p.a2 = await thamesProject({
    title: 'Coding club mentors',
    charity_types: [3, 8],
    city_id: town.Salford?.id,
    volunteering_hours: 50,
    skill_needs: [{ type: 5, hours: 20 }],
    end_date: day(10),
  });
  p.b1 = await pennineProject({
    title: 'Warm coats for winter',
    city_id: town.Manchester?.id,
    gift_needs: [{ type: 3, description: 'Coats', quantity: 80 }],
    end_date: day(20),
  });
  p.b2 = await pennineProject({
    title: 'Festival stewards',
    city_id: town.Edinburgh?.id,
    funds_target: 20_000,
    skill_needs: [{ type: 2, hours: 10 }],
    end_date: day(100),
  });
  p.b3 = await pennineProject({
    title: 'Anywhere appeal',
    funds_target: 5_000,
    end_date: day(45),
  });
  // Not on explore: a Draft, a Completed, a Cancelled and a Finished project, a locked charity's project.
  p.draft = await thamesProject({ title: 'Thames draft', funds_target: 1 }, false);
  p.completed = await thamesProject({ title: 'Thames completed', funds_target: 1 });
  await ok('POST', `/api/project/${p.completed}/complete`, A);
  p.cancelled = await thamesProject({ title: 'Thames cancelled', funds_target: 1 });
  await ok('POST', `/api/project/${p.cancelled}/cancel`, A);
  p.finished = await thamesProject({ title: 'Thames finished', funds_target: 1 });
  await ok('POST', `/api/project/${p.finished}/impact`, A, { title: 'Done', body: 'All done.' });
  p.locked = await project(locked.admin.token, {
    title: 'Thames lanterns',
    charity_id: c.locked,
    city_id: town.London?.id,
    funds_target: 1,
  });
  await ok('PATCH', `/api/admin/charity/${c.locked}/lock`, platform.token, {
    lock_status: true,
    reason: 'Under review',
  });
  // A person's project: shown once a charity takes it, not while it only asks.
  const person = await t.createUser();
  p.individual = await project(
    person.token,
    { title: 'Oxford reading corner', city_id: town.Oxford?.id, funds_target: 3_000, charity_types: [3] },
    false,
  );
  await ok('POST', `/api/project/associate/${p.individual}/${c.thames}`, person.token);
  await ok('POST', '/api/charity/associated_approve', A, { project_id: p.individual, charity_id: c.thames });
  await ok('PATCH', `/api/project/update/${p.individual}`, person.token, { status: 2 });
  p.asking = await project(
    person.token,
    { title: 'Cardiff asking', city_id: town.Cardiff?.id, funds_target: 1 },
    false,
  );
  await ok('POST', `/api/project/associate/${p.asking}/${c.thames}`, person.token);
});

const LIVE = () => [p.a1, p.a2, p.b1, p.b2, p.b3, p.individual] as number[];

describe('explore projects', () => {
  it('shows only Live projects of approved, unlocked charities, newest first', async () => {
    const items = await list();
    expect(idsOf(items)).toEqual([...LIVE()].sort((a, b) => b - a));
    const a1 = items.find((card) => card.id === p.a1);
    expect(a1).toEqual({
      id: p.a1,
      title: 'River clean-up on the Thames',
      summary: null,
      logo: null,
      cover: null,
      charity: { id: c.thames, name: 'Thames Trust', logo: null },
      donors_count: 0,
      city: 'London',
      latitude: town.London?.latitude,
      longitude: town.London?.longitude,
      end_date: day(60),
      charity_types: [3],
      giving_kinds: [2],
      funds_target: 100_000,
      funds_raised: 0,
      volunteering_hours: null,
      volunteering_pledged: 0,
      skilled_hours: 0,
      skilled_pledged: 0,
      gifts_needed: 0,
      gifts_pledged: 0,
      distance_km: null,
    });
    expect(items.find((card) => card.id === p.a2)).toMatchObject({ skilled_hours: 20, giving_kinds: [3, 4] });
    expect(items.find((card) => card.id === p.b1)).toMatchObject({ gifts_needed: 80, giving_kinds: [5] });
    expect(items.find((card) => card.id === p.individual)?.charity).toEqual({
      id: c.thames,
      name: 'Thames Trust',
      logo: null,
    });
  });

  it('filters by text, charity type, kind of giving, skill, gift and charity', async () => {
    const ids = async (query: string) => idsOf(await list(query)).sort((a, b) => a - b);
    const sorted = (...values: Array<number | undefined>) => (values as number[]).sort((a, b) => a - b);
    expect(await ids('q=thames')).toEqual(sorted(p.a1));
    expect(await ids('q=litter')).toEqual(sorted(p.a1));
    expect(await ids('q=coats%20winter')).toEqual(sorted(p.b1));
    expect(await ids('q=river%20-thames')).toEqual([]);
    expect(await ids('q=%22reading%20corner%22')).toEqual(sorted(p.individual));
    expect(await ids('q=zebra')).toEqual([]);
    expect(await ids('charity_type=3')).toEqual(sorted(p.a1, p.a2, p.individual));
    expect(await ids('charity_type=8')).toEqual(sorted(p.a2));
    expect(await ids('giving_kind=2')).toEqual(sorted(p.a1, p.b2, p.b3, p.individual));
    expect(await ids('giving_kind=3')).toEqual(sorted(p.a2));
    expect(await ids('giving_kind=4')).toEqual(sorted(p.a2, p.b2));
    expect(await ids('giving_kind=5')).toEqual(sorted(p.b1));
    expect(await ids('skill_type=5')).toEqual(sorted(p.a2));
    expect(await ids('skill_type=2')).toEqual(sorted(p.b2));
    expect(await ids('skill_type=9')).toEqual([]);
    expect(await ids('gift_type=3')).toEqual(sorted(p.b1));
    expect(await ids('gift_type=4')).toEqual([]);
    expect(await ids(`charity_id=${c.pennine}`)).toEqual(sorted(p.b1, p.b2, p.b3));
    expect(await ids(`charity_id=${c.locked}`)).toEqual([]);
    expect(await ids(`charity_id=${c.pennine}&giving_kind=2`)).toEqual(sorted(p.b2, p.b3));
    expect(await ids('charity_type=3&giving_kind=2&q=oxford')).toEqual(sorted(p.individual));
  });

  it('finds projects ending soon, soonest first', async () => {
    const items = await list('ending_soon=true');
    // Within 30 days, the last day included.
    expect(idsOf(items)).toEqual([p.a2, p.b1, p.individual]);
    expect(idsOf(await list('ending_soon=1'))).toEqual([p.a2, p.b1, p.individual]);
    expect(idsOf(await list('ending_soon=false'))).toEqual(idsOf(await list()));
  });

  it('finds projects near a town or a point, nearest first with the distance', async () => {
    const nearManchester = await list(`city_id=${town.Manchester?.id}`);
    expect(idsOf(nearManchester)).toEqual([p.b1, p.a2]);
    expect(nearManchester[0]?.distance_km).toBe(0);
    expect(nearManchester[1]?.distance_km).toBeGreaterThan(2);
    expect(nearManchester[1]?.distance_km).toBeLessThan(6);

    const nearLondon = await list(`lat=${town.London?.latitude}&lng=${town.London?.longitude}&radius_km=10`);
    expect(idsOf(nearLondon)).toEqual([p.a1]);
    const wide = await list(`lat=${town.London?.latitude}&lng=${town.London?.longitude}&radius_km=1000`);
    expect(idsOf(wide)).toEqual([p.a1, p.individual, p.b1, p.a2, p.b2]);
    const distances = wide.map((card) => card.distance_km ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[1]).toBeGreaterThan(70);
    expect(distances[1]).toBeLessThan(90);
    // Within 70 km of London there is only London.
    expect(idsOf(await list(`city_id=${town.London?.id}&radius_km=70`))).toEqual([p.a1]);
    // A place can be combined with a sort by date.
    const byNewest = await list(`city_id=${town.Manchester?.id}&sort=newest`);
    expect(idsOf(byNewest)).toEqual([p.b1, p.a2].sort((a, b) => (b ?? 0) - (a ?? 0)));
    expect(byNewest.every((card) => card.distance_km !== null)).toBe(true);
  });

  it('sorts by end date and by distance on request', async () => {
    const ending = await list('sort=ending');
    expect(idsOf(ending)).toEqual([p.a2, p.b1, p.individual, p.b3, p.a1, p.b2]);
    expect(ending.map((card) => card.end_date)).toEqual([
      day(10),
      day(20),
      day(30),
      day(45),
      day(60),
      day(100),
    ]);
    const nearest = await list(`sort=nearest&city_id=${town.Edinburgh?.id}&radius_km=1000`);
    expect(idsOf(nearest)[0]).toBe(p.b2);
    expect(idsOf(nearest).at(-1)).toBe(p.a1);
  });

  it('pages forwards and back without gaps or repeats, in every sort', async () => {
    expect(idsOf(await walk('/api/explore/project/list'))).toHaveLength(6);
    expect(idsOf(await walk('/api/explore/project/list?sort=ending', 2))).toHaveLength(6);
    expect(idsOf(await walk('/api/explore/project/list?sort=ending', 4))).toHaveLength(6);
    expect(
      idsOf(
        await walk(
          `/api/explore/project/list?sort=nearest&lat=${town.London?.latitude}&lng=${town.London?.longitude}&radius_km=1000`,
        ),
      ),
    ).toHaveLength(5);
    expect(idsOf(await walk('/api/explore/project/list?giving_kind=2', 1))).toHaveLength(4);
    expect(idsOf(await walk('/api/explore/project/list', 5))).toHaveLength(6);
  });

  it('answers bad input with 400 naming the field', async () => {
    const bad: Array<[string, string]> = [
      [`lat=${town.London?.latitude}`, 'lat'],
      [`lng=${town.London?.longitude}`, 'lat'],
      ['lat=91&lng=0', 'lat'],
      ['lat=0&lng=181', 'lng'],
      ['lat=abc&lng=0', 'lat'],
      [`city_id=${town.London?.id}&radius_km=0`, 'radius_km'],
      [`city_id=${town.London?.id}&radius_km=5000`, 'radius_km'],
      ['city_id=9999999', 'city_id'],
      [`city_id=${2 ** 40}`, 'city_id'],
      ['city_id=london', 'city_id'],
      ['sort=nearest', 'sort'],
      ['sort=popular', 'sort'],
      ['giving_kind=1', 'giving_kind'],
      ['giving_kind=6', 'giving_kind'],
      ['skill_type=17', 'skill_type'],
      ['gift_type=13', 'gift_type'],
      ['charity_type=19', 'charity_type'],
      ['ending_soon=maybe', 'ending_soon'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['direction=sideways', 'direction'],
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('[1,2,3]').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from(JSON.stringify(['yesterday', 5])).toString('base64url')}`, 'cursor'],
      [
        `cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 'x'])).toString('base64url')}`,
        'cursor',
      ],
      [`sort=ending&cursor=${Buffer.from(JSON.stringify(['soon', 5])).toString('base64url')}`, 'cursor'],
      [
        `sort=nearest&city_id=${town.London?.id}&cursor=${Buffer.from(JSON.stringify(['far', 5])).toString('base64url')}`,
        'cursor',
      ],
    ];
    for (const [query, field] of bad) {
      const res = await t.request('GET', `/api/explore/project/list?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().error.details?.fields ?? {}), query).toContain(field);
    }
    // A cursor from one sort used with another is refused, not misread.
    const newest = await get('/api/explore/project/list?limit=1');
    expect(
      (await t.request('GET', `/api/explore/project/list?sort=ending&cursor=${newest.next_cursor}`))
        .statusCode,
    ).toBe(400);
    // Unknown parameters (the client's timestamp) are ignored.
    expect((await t.request('GET', `/api/explore/project/list?t=${Date.now()}&colour=blue`)).statusCode).toBe(
      200,
    );
  });
});

describe('explore project locations', () => {
  it('gives points for the projects in view, with the same filters as the list', async () => {
    const all = await t.request('GET', '/api/explore/project/locations');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.clusters).toEqual([]);
    expect(body.total).toBe(5);
    expect(body.items.map((point: { id: number }) => point.id).sort((a: number, b: number) => a - b)).toEqual(
      [p.a1, p.a2, p.b1, p.b2, p.individual].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    expect(body.items.find((point: { id: number }) => point.id === p.a1)).toEqual({
      id: p.a1,
      name: 'River clean-up on the Thames',
      latitude: town.London?.latitude,
      longitude: town.London?.longitude,
    });
    const gifts = (await t.request('GET', '/api/explore/project/locations?giving_kind=5')).json();
    expect(gifts.items.map((point: { id: number }) => point.id)).toEqual([p.b1]);
    const north = (await t.request('GET', '/api/explore/project/locations?bbox=-3,53,-2,54')).json();
    expect(north.items.map((point: { id: number }) => point.id).sort()).toEqual([p.a2, p.b1].sort());
    const near = (
      await t.request('GET', `/api/explore/project/locations?city_id=${town.Edinburgh?.id}`)
    ).json();
    expect(near.items.map((point: { id: number }) => point.id)).toEqual([p.b2]);
    for (const query of ['bbox=1,2,3', 'bbox=0,60,1,50', 'bbox=a,b,c,d', 'zoom=23', `lat=51`]) {
      expect((await t.request('GET', `/api/explore/project/locations?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('explore charities', () => {
  it('shows approved, unlocked charities by name, with their live projects and filters', async () => {
    const res = await get('/api/explore/charity/list');
    expect(res.items.map((card) => card.name)).toEqual(['Pennine Aid', 'Thames Trust']);
    expect(res.items.find((card) => card.id === c.thames)).toEqual({
      id: c.thames,
      name: 'Thames Trust',
      description: 'Keeping the river clean.',
      logo: null,
      charity_types: [3],
      city: 'London',
      latitude: town.London?.latitude,
      longitude: town.London?.longitude,
      live_projects: 3,
      distance_km: null,
    });
    expect(res.items.find((card) => card.id === c.pennine)?.live_projects).toBe(3);
    expect(idsOf((await get('/api/explore/charity/list?q=river')).items)).toEqual([c.thames]);
    expect(idsOf((await get('/api/explore/charity/list?charity_type=7')).items)).toEqual([c.pennine]);
    expect(idsOf((await get('/api/explore/charity/list?charity_type=3')).items)).toEqual([c.thames]);
    const near = (await get(`/api/explore/charity/list?city_id=${town.Salford?.id}&radius_km=20`)).items;
    expect(idsOf(near)).toEqual([c.pennine]);
    expect(near[0]?.distance_km).toBeGreaterThan(2);
    expect(near[0]?.distance_km).toBeLessThan(6);
    await walk('/api/explore/charity/list', 1);
    expect((await t.request('GET', '/api/explore/charity/list?lng=1')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/explore/charity/list?radius_km=2000&city_id=1')).statusCode).toBe(
      400,
    );
    const crafted = Buffer.from(JSON.stringify(['Pennine Aid', 'x'])).toString('base64url');
    expect((await t.request('GET', `/api/explore/charity/list?cursor=${crafted}`)).statusCode).toBe(400);
  });

  it('gives the map points of those charities', async () => {
    const res = (await t.request('GET', '/api/explore/charity/locations')).json();
    expect(res.total).toBe(2);
    expect(res.items.map((point: { name: string }) => point.name).sort()).toEqual([
      'Pennine Aid',
      'Thames Trust',
    ]);
    const south = (await t.request('GET', '/api/explore/charity/locations?bbox=-1,51,1,52')).json();
    expect(south.items.map((point: { id: number }) => point.id)).toEqual([c.thames]);
    expect((await t.request('GET', '/api/explore/charity/locations?charity_type=7')).json().total).toBe(1);
    expect((await t.request('GET', '/api/explore/charity/locations?bbox=nonsense')).statusCode).toBe(400);
  });
});

describe('explore groups', () => {
  it('shows public groups by name, with filters, member counts and pages', async () => {
    const db = t.ctx.database.db;
    const made = await db
      .insert(groups)
      .values([
        {
          createdAt: t.ctx.now(),
          name: 'Walkers of Wigan',
          groupType: 2,
          pin: '1111',
          description: 'We walk.',
        },
        {
          createdAt: t.ctx.now(),
          name: 'Runners Ltd team',
          groupType: 1,
          pin: '2222',
          requiresApproval: true,
        },
        { createdAt: t.ctx.now(), name: 'Secret society', groupType: 2, pin: '3333', isPublic: false },
        { createdAt: t.ctx.now(), name: 'Franchise friends', groupType: 3, pin: '4444' },
        { createdAt: t.ctx.now(), name: 'Walk_and_talk 100%', groupType: 2, pin: '5555' },
      ])
      .returning({ id: groups.id, name: groups.name });
    const id = (name: string) => made.find((g) => g.name === name)?.id ?? 0;
    const [x, y] = [await t.createUser(), await t.createUser()];
    await db.insert(groupMemberships).values([
      { createdAt: t.ctx.now(), groupId: id('Walkers of Wigan'), userId: x.id, isAdmin: true },
      { createdAt: t.ctx.now(), groupId: id('Walkers of Wigan'), userId: y.id },
      { createdAt: t.ctx.now(), groupId: id('Runners Ltd team'), userId: x.id },
    ]);
    const all = await walk('/api/explore/group/list', 2);
    expect(all.map((g) => g.name).sort()).toEqual(
      ['Franchise friends', 'Runners Ltd team', 'Walk_and_talk 100%', 'Walkers of Wigan'].sort(),
    );
    expect(all.find((g) => g.id === id('Walkers of Wigan'))).toEqual({
      id: id('Walkers of Wigan'),
      name: 'Walkers of Wigan',
      description: 'We walk.',
      group_type: 2,
      logo: null,
      members: 2,
      requires_approval: false,
    });
    expect(all.find((g) => g.id === id('Runners Ltd team'))).toMatchObject({
      members: 1,
      requires_approval: true,
    });
    const names = async (query: string) =>
      (await get(`/api/explore/group/list?${query}`)).items.map((g) => g.name as string).sort();
    expect(await names('q=walk')).toEqual(['Walk_and_talk 100%', 'Walkers of Wigan']);
    expect(await names('q=100%25')).toEqual(['Walk_and_talk 100%']);
    expect(await names('q=k_a')).toEqual(['Walk_and_talk 100%']);
    expect(await names('q=secret')).toEqual([]);
    expect(await names('group_type=1')).toEqual(['Runners Ltd team']);
    expect(await names('group_type=3')).toEqual(['Franchise friends']);
    expect((await t.request('GET', '/api/explore/group/list?group_type=4')).statusCode).toBe(400);
    const crafted = Buffer.from(JSON.stringify([5, 5])).toString('base64url');
    expect((await t.request('GET', `/api/explore/group/list?cursor=${crafted}`)).statusCode).toBe(400);

    // A visitor opens a public group from the list: its card, never its PIN or its members.
    const page = await t.request('GET', `/api/explore/group/${id('Walkers of Wigan')}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual(all.find((g) => g.id === id('Walkers of Wigan')));
    expect(page.body).not.toContain('1111');
    // A private group is not found, as one that does not exist.
    for (const missing of [id('Secret society'), 999_999]) {
      const res = await t.request('GET', `/api/explore/group/${missing}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret');
    }
    expect((await t.request('GET', '/api/explore/group/abc')).statusCode).toBe(400);
  });
});

describe('explore locations when many projects are in view', () => {
  it('gives clusters above 500 markers, and points again when zoomed in to a few', async () => {
    const db = t.ctx.database.db;
    const rows = Array.from({ length: 600 }, (_, i) => ({
      charityId: c.pennine,
      ownerType: 3,
      ownerId: c.pennine as number,
      title: `Bulk project ${i}`,
      status: 2,
      associationStatus: 5,
      endDate: day(30),
      latitude: 50.5 + (i % 30) * 0.15,
      longitude: -4 + Math.floor(i / 30) * 0.2,
      fundsTarget: 1_000,
      givingKinds: [2],
      createdAt: clock,
      updatedAt: clock,
    }));
    await db.insert(projects).values(rows);
    // Not in view: Draft rows of the same charity, and live rows of the locked charity.
    await db.insert(projects).values(
      Array.from({ length: 20 }, (_, i) => ({
        charityId: i % 2 ? c.pennine : c.locked,
        ownerType: 3,
        ownerId: c.pennine as number,
        title: `Hidden ${i}`,
        createdAt: clock,
        updatedAt: clock,
        status: i % 2 ? 1 : 2,
        associationStatus: 5,
        latitude: 52,
        longitude: -1,
      })),
    );

    const wide = (await t.request('GET', '/api/explore/project/locations?zoom=5')).json();
    expect(wide.total).toBe(605);
    expect(wide.items).toEqual([]);
    expect(wide.clusters.length).toBeGreaterThan(1);
    expect(wide.clusters.reduce((sum: number, cluster: { count: number }) => sum + cluster.count, 0)).toBe(
      605,
    );
    for (const cluster of wide.clusters) {
      expect(cluster.latitude).toBeGreaterThanOrEqual(50.4);
      expect(cluster.latitude).toBeLessThanOrEqual(56);
    }
    const closer = (await t.request('GET', '/api/explore/project/locations?zoom=8')).json();
    expect(closer.clusters.length).toBeGreaterThan(wide.clusters.length);
    expect(closer.clusters.reduce((sum: number, cluster: { count: number }) => sum + cluster.count, 0)).toBe(
      605,
    );

    const few = (
      await t.request('GET', '/api/explore/project/locations?bbox=-4.05,50.45,-3.75,50.85&zoom=12')
    ).json();
    expect(few.clusters).toEqual([]);
    expect(few.total).toBe(few.items.length);
    expect(few.items.length).toBeGreaterThan(0);
    expect(few.items.length).toBeLessThanOrEqual(500);
    expect(few.items.every((point: { name: string }) => point.name.startsWith('Bulk project'))).toBe(true);

    // After the scheduler recounts the map cells, a map of everything reads them: the same clusters.
    await t.jobs.find((job) => job.name === 'map cells')?.run();
    const fromCells = (await t.request('GET', '/api/explore/project/locations?zoom=5')).json();
    expect(fromCells.total).toBe(605);
    expect(fromCells.items).toEqual([]);
    expect(
      fromCells.clusters.reduce((sum: number, cluster: { count: number }) => sum + cluster.count, 0),
    ).toBe(605);
    expect(fromCells.clusters.length).toBe(wide.clusters.length);
    const ukView = (await t.request('GET', '/api/explore/project/locations?bbox=-8,49,2,59&zoom=6')).json();
    expect(ukView.total).toBe(605);

    const filtered = (await t.request('GET', `/api/explore/project/locations?charity_id=${c.thames}`)).json();
    expect(filtered.clusters).toEqual([]);
    expect(filtered.items.map((point: { id: number }) => point.id).sort()).toEqual(
      [p.a1, p.a2, p.individual].sort(),
    );
    // The list pages through them all the same.
    const first = await get('/api/explore/project/list?limit=100&giving_kind=2');
    expect(first.items).toHaveLength(100);
    expect(first.next_cursor).not.toBeNull();
  });
});
