import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../db/schema.js';
import { isoDay } from '../../lib/periods.js';
import { makeProject, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { solidImage } from '../../testing/images.js';
import { topUp } from '../../testing/money.js';
import { multipartFile } from '../../testing/multipart.js';

const clock = new Date();
const t = useTestApp({}, { now: () => clock });
const DAY = 86_400_000;
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * DAY));
type Card = { id: number; title: string; cover: string | null; donors_count: number; [key: string]: unknown };

let platform: Person;
let admin: Person;
let charityId: number;
const town: Record<string, { id: number }> = {};
const p: Record<string, number> = {};

async function ok(method: 'POST' | 'PATCH', url: string, token: string, body?: unknown) {
  const res = await t.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.body}`);
  return res.json();
}

const project = (title: string, body: Record<string, unknown>, publish = true) =>
  makeProject(t, admin, {
    title,
    charityId,
    status: publish ? 'live' : 'draft',
    fields: { description: 'A project that needs you.', funds_target: 100_000, ...body },
  });

async function give(projectId: number, body: Record<string, unknown>) {
  const donor = await t.createUser();
  if (body.type === 2) await topUp(t, donor.token, Number(body.amount));
  const res = await t.request('POST', `/api/user/donate/project/${projectId}`, { token: donor.token, body });
  if (res.statusCode !== 201) throw new Error(res.body);
}

const summary = async (query = '') => {
  const res = await t.request('GET', `/api/explore/summary${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    totals: Record<string, number | string>;
    ending_soon: Card[];
    near: Card[] | null;
    most_supported: Card[];
  };
};
const titles = (cards: Card[] | null) => cards?.map((card) => card.title) ?? null;

beforeAll(async () => {
  for (const name of ['London', 'Manchester', 'Edinburgh']) {
    const [row] = await t.ctx.database.db.select().from(cities).where(eq(cities.name, name));
    if (!row) throw new Error(name);
    town[name] = row;
  }
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  admin = await t.createUser();
  charityId = (
    await ok('POST', '/api/charity', platform.token, {
      name: 'Summary Trust',
      admin_email: admin.email,
      charity_types: [3],
      city_id: town.London?.id,
    })
  ).id;
  p.soonest = await project('Soonest in London', { city_id: town.London?.id, end_date: day(3) });
  p.soon = await project('Soon in Manchester', {
    city_id: town.Manchester?.id,
    end_date: day(8),
    volunteering_hours: 40,
  });
  p.later = await project('Later in London', {
    city_id: town.London?.id,
    end_date: day(40),
    gift_needs: [{ type: 3, description: 'Coats', quantity: 30 }],
  });
  p.latest = await project('Latest in Edinburgh', { city_id: town.Edinburgh?.id, end_date: day(90) });
  p.last = await project('Last anywhere', { end_date: day(120) });
  p.draft = await project('Draft never shown', { end_date: day(1) }, false);
  p.cancelled = await project('Cancelled appeal', { end_date: day(2) });
  p.completed = await project('Completed appeal', { end_date: day(2) });

  // Gifts through the real giving flow, which keeps the projects' counters.
  await give(p.later, { type: 2, amount: 20_000 });
  await give(p.later, { type: 2, amount: 5_000 });
  await give(p.later, { type: 5, gift_type: 3, quantity: 4, description: 'Coats' });
  await give(p.soon, { type: 3, hours: 6 });
  await give(p.soon, { type: 2, amount: 1_000 });
  await give(p.latest, { type: 2, amount: 700 });
  await give(p.completed, { type: 2, amount: 3_000 });
  await ok('POST', `/api/project/${p.completed}/complete`, admin.token);
  await give(p.cancelled, { type: 2, amount: 9_000 });
  await ok('POST', `/api/project/${p.cancelled}/cancel`, admin.token);
  // Lists sort by the projects' rows, which the scheduler's round brings up to the gifts'
  // progress (docs/product/projects-and-charities.md#where-the-progress-is-kept); the figures they show are exact before it.
  await t.jobs.find((job) => job.name === 'project progress')?.run();
});

describe('GET /explore/summary', () => {
  it('totals what was given through projects, from their counters, leaving out cancelled ones', async () => {
    const { totals } = await summary();
    const counters = await Promise.all(
      [p.soonest, p.soon, p.later, p.latest, p.last, p.completed].map(async (id) =>
        (await t.request('GET', `/api/project/${id}`)).json(),
      ),
    );
    const sum = (field: string) => counters.reduce((total, row) => total + row[field], 0);
    expect(totals).toEqual({
      funds_given: sum('funds_raised'),
      currency: t.ctx.config.currency,
      hours_given: sum('volunteering_pledged') + sum('skilled_pledged'),
      gifts_given: sum('gifts_pledged'),
      live_projects: 5,
    });
    // The gifts above: funds 20,000 + 5,000 + 1,000 + 700 + 3,000 (the cancelled 9,000 went back).
    expect(totals.funds_given).toBe(29_700);
    expect(totals.hours_given).toBe(6);
    expect(totals.gifts_given).toBe(4);
  });

  it('features Live projects ending soonest and most supported, and near a place only when given', async () => {
    const all = await summary();
    expect(titles(all.ending_soon)).toEqual([
      'Soonest in London',
      'Soon in Manchester',
      'Later in London',
      'Latest in Edinburgh',
    ]);
    expect(all.near).toBeNull();
    // Most supporters first (three, two, one), then the newest.
    expect(all.most_supported.map((card) => [card.title, card.donors_count])).toEqual([
      ['Later in London', 3],
      ['Soon in Manchester', 2],
      ['Latest in Edinburgh', 1],
      ['Last anywhere', 0],
    ]);
    expect(all.ending_soon[0]).toMatchObject({
      id: p.soonest,
      charity: { id: charityId, name: 'Summary Trust', logo: null },
      cover: null,
    });

    const london = await summary(`?city_id=${town.London?.id}`);
    expect(titles(london.near)).toEqual(['Soonest in London', 'Later in London']);
    const wide = await summary(`?city_id=${town.London?.id}&radius_km=400`);
    expect(titles(wide.near)).toEqual(['Soonest in London', 'Later in London', 'Soon in Manchester']);
  });

  it('shows covers on the featured cards and charity logos', async () => {
    const png = await solidImage('png', { background: '#2f9e44' });
    const picture = await t.request('POST', `/api/project/image/${p.later}`, {
      token: admin.token,
      ...multipartFile(png, 'coats.png', 'image/png'),
    });
    expect(picture.statusCode).toBe(201);
    const logo = await t.request('POST', `/api/charity/logo/${charityId}`, {
      token: admin.token,
      ...multipartFile(png, 'logo.png', 'image/png'),
    });
    expect(logo.statusCode).toBe(200);
    const { most_supported } = await summary();
    // The uploader's answer is signed for them; the public summary shows the file's public address.
    expect(most_supported[0]?.cover).toBe(picture.json().url.split('?')[0]);
    expect(most_supported[0]?.charity).toMatchObject({
      logo: expect.stringMatching(/^\/api\/files\/logos\//),
    });
    expect(most_supported[1]?.cover).toBeNull();
  });

  it('refuses a place that is not valid, without failing', async () => {
    expect((await t.request('GET', '/api/explore/summary?city_id=999999999')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/explore/summary?lat=51.5')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/explore/summary?lat=95&lng=0')).statusCode).toBe(400);
  });

  it('pages the explore list by most supporters, forwards and back', async () => {
    const first = (await t.request('GET', '/api/explore/project/list?sort=supported&limit=2')).json();
    expect(first.items.map((card: Card) => card.id)).toEqual([p.later, p.soon]);
    const second = (
      await t.request('GET', `/api/explore/project/list?sort=supported&limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(second.items.map((card: Card) => card.id)).toEqual([p.latest, p.last]);
    const back = (
      await t.request(
        'GET',
        `/api/explore/project/list?sort=supported&limit=2&direction=before&cursor=${second.prev_cursor}`,
      )
    ).json();
    expect(back.items.map((card: Card) => card.id)).toEqual([p.later, p.soon]);
  });
});
