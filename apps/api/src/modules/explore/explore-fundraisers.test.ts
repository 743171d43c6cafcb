import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fundraisers, users } from '../../db/schema.js';
import { makeCharity, makeGivingSetUp, makeProject, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { guestGift } from '../../testing/money.js';

/**
 * Explore's fundraisers (docs/product/fundraising-pages.md, "Lists"): open, visible pages of public
 * causes, found by their title, their cause or their fundraiser's name, in three orders, keyset paged.
 */

const clock = new Date('2026-06-10T10:00:00Z');
const t = useTestApp({}, { now: () => clock });

type Card = {
  id: number;
  title: string;
  raised: number;
  gifts: number;
  end_date: string;
  ended: boolean;
  hidden: boolean;
  fundraiser: { id: number; name: string };
  project: { id: number; name: string } | null;
  charity: { id: number; name: string };
  group: { id: number; name: string } | null;
};
type Page = { items: Card[]; next_cursor: string | null; prev_cursor: string | null };

/** The pages made in beforeAll, by name. */
const p = {} as Record<'swim' | 'bake' | 'marathon' | 'cruises' | 'ended' | 'locked' | 'fair', number>;
let charityAdmin: Person;
let riverProject: number;
let hillCharity: number;

async function person(firstName: string, lastName: string) {
  const made = await t.createUser();
  await t.ctx.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, made.id));
  return made;
}

async function open(who: Person, body: Record<string, unknown>) {
  const res = await t.request('POST', '/api/fundraiser/create', {
    token: who.token,
    body: {
      story: 'Please help me raise money for a cause I care about a great deal.',
      target: 100_000,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** A guest's gift by card through a page. */
async function giveThrough(pageId: number, cause: string, amount: number) {
  const res = await guestGift(t, cause, amount, { fundraiser_id: pageId });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** GET the list with `query` (100 a page unless it says otherwise). */
const get = async (query = '') => {
  const limit = query.includes('limit=') ? '' : 'limit=100';
  const res = await t.request(
    'GET',
    `/api/explore/fundraiser/list?${[limit, query].filter(Boolean).join('&')}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const titles = async (query = '') => (await get(query)).items.map((card) => card.title);

beforeAll(async () => {
  const river = await makeGivingSetUp(t, 'River Trust', { title: 'Clean the river' });
  charityAdmin = river.admin;
  riverProject = river.projectId;
  hillCharity = (await makeCharity(t, { name: 'Hill Aid', platform: river.platform })).id;
  const shelter = await makeCharity(t, { name: 'Shut Shelter', platform: river.platform });
  const finishing = await makeProject(t, river.admin, {
    charityId: river.charityId,
    title: 'Last year’s fair',
  });

  const ana = await person('Ana', 'Lee');
  const ben = await person('Ben', 'Ode');
  const cal = await person('Cal', 'Ray');
  const dan = await person('Dan', 'Roe');

  p.swim = await open(ana, { title: 'Swim the lake', project_id: riverProject, end_date: '2026-07-31' });
  p.bake = await open(ben, {
    title: 'Bake sale for the hills',
    charity_id: hillCharity,
    end_date: '2026-06-20',
  });
  p.marathon = await open(cal, {
    title: 'Marathon in May',
    project_id: riverProject,
    end_date: '2026-08-31',
  });
  p.cruises = await open(dan, { title: 'Free cruises', project_id: riverProject, end_date: '2026-08-01' });
  p.ended = await open(dan, { title: 'Ended walk', project_id: riverProject, end_date: '2026-06-10' });
  p.locked = await open(dan, { title: 'Shelter sleep-out', charity_id: shelter.id, end_date: '2026-07-01' });
  p.fair = await open(dan, { title: 'Fair games', project_id: finishing, end_date: '2026-07-01' });

  await giveThrough(p.swim, `project/${riverProject}`, 3_000);
  await giveThrough(p.bake, `charity/${hillCharity}`, 1_000);

  // Hidden by the charity; ended yesterday; its charity locked; its project no longer Live.
  const hide = await t.request('POST', `/api/fundraiser/${p.cruises}/hide`, {
    token: charityAdmin.token,
    body: { reason: 'We run no cruises.' },
  });
  expect(hide.statusCode, hide.body).toBe(200);
  await t.ctx.database.db
    .update(fundraisers)
    .set({ endDate: '2026-06-09' })
    .where(eq(fundraisers.id, p.ended));
  const lock = await t.request('PATCH', `/api/admin/charity/${shelter.id}/lock`, {
    token: river.platform.token,
    body: { lock_status: true, reason: 'Under review' },
  });
  expect(lock.statusCode, lock.body).toBe(200);
  const complete = await t.request('POST', `/api/project/${finishing}/complete`, {
    token: river.admin.token,
  });
  expect(complete.statusCode, complete.body).toBe(200);
});

describe('explore: fundraisers', () => {
  it('lists open, visible pages of public causes only, most raised first', async () => {
    const page = await get();
    expect(page.items.map((card) => card.title)).toEqual([
      'Swim the lake',
      'Bake sale for the hills',
      'Marathon in May',
    ]);
    expect(page.next_cursor).toBeNull();
    expect(page.prev_cursor).toBeNull();
    expect(page.items[0]).toMatchObject({
      id: p.swim,
      raised: 3_000,
      gifts: 1,
      ended: false,
      hidden: false,
      fundraiser: { name: 'Ana Lee' },
      project: { id: riverProject, name: 'Clean the river' },
      charity: { name: 'River Trust' },
    });
    expect(page.items[1]).toMatchObject({ project: null, charity: { id: hillCharity, name: 'Hill Aid' } });
  });

  it('sorts by the end date or the newest first on request', async () => {
    expect(await titles('sort=ending')).toEqual([
      'Bake sale for the hills',
      'Swim the lake',
      'Marathon in May',
    ]);
    expect(await titles('sort=newest')).toEqual([
      'Marathon in May',
      'Bake sale for the hills',
      'Swim the lake',
    ]);
    expect(await titles('sort=raised')).toEqual(await titles());
  });

  it('finds pages by the start of the words of their title, cause or fundraiser', async () => {
    expect(await titles('q=swim')).toEqual(['Swim the lake']);
    // The cause: the charity's name, the project's title.
    expect(await titles('q=hill%20aid')).toEqual(['Bake sale for the hills']);
    expect(await titles('q=clean%20riv')).toEqual(['Swim the lake', 'Marathon in May']);
    // The fundraiser's name, and words spread over the name and the title.
    expect(await titles('q=cal')).toEqual(['Marathon in May']);
    expect(await titles('q=ben%20bake')).toEqual(['Bake sale for the hills']);
    expect(await titles('q=ANA%20lake&sort=newest')).toEqual(['Swim the lake']);
    // Never in the middle of a word; a hidden, ended or locked page is not found by its words.
    expect(await titles('q=ake')).toEqual([]);
    expect(await titles('q=cruises')).toEqual([]);
    expect(await titles('q=ended')).toEqual([]);
    expect(await titles('q=shelter')).toEqual([]);
    // Words of nothing but punctuation look for nothing.
    expect(await titles('q=%21%21%21')).toEqual([]);
  });

  it('walks every order forwards and back, a page at a time', async () => {
    for (const sort of ['raised', 'ending', 'newest']) {
      const all = (await get(`sort=${sort}`)).items.map((card) => card.id);
      const pages: Page[] = [await get(`sort=${sort}&limit=1`)];
      while (pages.at(-1)?.next_cursor) {
        pages.push(await get(`sort=${sort}&limit=1&cursor=${pages.at(-1)?.next_cursor}`));
        expect(pages.length).toBeLessThan(10);
      }
      expect(
        pages.flatMap((page) => page.items.map((card) => card.id)),
        sort,
      ).toEqual(all);
      for (let i = pages.length - 1; i > 0; i--) {
        const back = await get(`sort=${sort}&limit=1&direction=before&cursor=${pages[i]?.prev_cursor}`);
        expect(
          back.items.map((card) => card.id),
          `${sort}: page ${i - 1} again`,
        ).toEqual(pages[i - 1]?.items.map((card) => card.id));
        if (i === 1) expect(back.prev_cursor).toBeNull();
      }
    }
  });

  it('refuses an unknown order, a cursor of another order and a limit out of range, naming the field', async () => {
    const badSort = await t.request('GET', '/api/explore/fundraiser/list?sort=cheapest');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.details.fields.sort).toBeTruthy();
    const newest = await get('sort=newest&limit=1');
    const mixed = await t.request(
      'GET',
      `/api/explore/fundraiser/list?sort=raised&cursor=${newest.next_cursor}`,
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error).toMatchObject({
      message: 'The cursor is not valid.',
      details: { fields: { cursor: 'Not a cursor from this list.' } },
    });
    const limit = await t.request('GET', '/api/explore/fundraiser/list?limit=0');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().error.details.fields.limit).toBeTruthy();
    const long = await t.request('GET', `/api/explore/fundraiser/list?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });

  it('moves a page up as gifts count, and shows a hidden page again once put back', async () => {
    await giveThrough(p.marathon, `project/${riverProject}`, 5_000);
    expect(await titles()).toEqual(['Marathon in May', 'Swim the lake', 'Bake sale for the hills']);
    const unhide = await t.request('POST', `/api/fundraiser/${p.cruises}/unhide`, {
      token: charityAdmin.token,
    });
    expect(unhide.statusCode, unhide.body).toBe(200);
    expect(await titles('q=cruises')).toEqual(['Free cruises']);
    expect(await titles()).toContain('Free cruises');
  });
});
