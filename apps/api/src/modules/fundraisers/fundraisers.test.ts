import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeCharity,
  makeDonor,
  makeGivingSetUp,
  makeProject,
  type Person,
} from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { solidImage } from '../../testing/images.js';
import { guestGift as giveAsGuest } from '../../testing/money.js';
import { multipartFile } from '../../testing/multipart.js';

let clock = new Date('2026-06-10T10:00:00Z');
const t = useTestApp({}, { now: () => clock });

let projectId: number;
let otherProjectId: number;
let charityId: number;
let charityAdmin: Person;
let fundraiser: Person;

const page = (overrides: Record<string, unknown> = {}) => ({
  title: 'Swim the lake for the river',
  story: 'I am swimming two miles of the lake to clean our river. Please help me get there.',
  target: 50_000,
  end_date: '2026-07-31',
  ...overrides,
});

async function open(person: Person, body: Record<string, unknown>) {
  const res = await t.request('POST', '/api/fundraiser/create', { token: person.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; raised: number; gifts: number };
}

const read = async (id: number, token?: string) =>
  (await t.request('GET', `/api/fundraiser/${id}`, token ? { token } : {})).json();

/** A guest's gift to a project through a fundraising page. */
const guestGift = (id: number, fundraiserId: number, amount = 2_500, extra: Record<string, unknown> = {}) =>
  giveAsGuest(t, `project/${id}`, amount, { fundraiser_id: fundraiserId, ...extra });

beforeAll(async () => {
  const set = await makeGivingSetUp(t, 'River Trust', { title: 'Clean the river' });
  projectId = set.projectId;
  charityId = set.charityId;
  charityAdmin = set.admin;
  otherProjectId = await makeProject(t, set.admin, { charityId, title: 'Plant the banks' });
  fundraiser = await t.createUser();
});

describe('opening a fundraising page', () => {
  it('opens a page for a live project, which anyone can read', async () => {
    const made = await open(fundraiser, page({ project_id: projectId }));
    const seen = await read(made.id);
    expect(seen).toMatchObject({
      title: 'Swim the lake for the river',
      target: 50_000,
      raised: 0,
      gifts: 0,
      end_date: '2026-07-31',
      ended: false,
      project: { id: projectId, name: 'Clean the river' },
      charity: { id: charityId, name: 'River Trust' },
      fundraiser: { id: fundraiser.id },
      group: null,
      business: null,
      hidden: false,
      can_edit: false,
      can_hide: false,
    });
    expect((await read(made.id, fundraiser.token)).can_edit).toBe(true);
    expect((await read(made.id, charityAdmin.token)).can_hide).toBe(true);
  });

  it('refuses a page without one cause, with an end date past or too far, or for a draft project', async () => {
    const bad = async (body: Record<string, unknown>) =>
      t.request('POST', '/api/fundraiser/create', { token: fundraiser.token, body });
    const both = await bad(page({ project_id: projectId, charity_id: charityId }));
    expect(both.statusCode).toBe(400);
    expect(both.json().error.details.fields.project_id).toMatch(/project or the charity/);
    const past = await bad(page({ project_id: projectId, end_date: '2026-06-09' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.fields.end_date).toBe('From today to 2027-06-11.');
    expect((await bad(page({ project_id: projectId, end_date: '2027-06-12' }))).statusCode).toBe(400);
    const draft = await makeProject(t, charityAdmin, { charityId, status: 'draft' });
    expect((await bad(page({ project_id: draft }))).statusCode).toBe(404);
    const shortStory = await bad(page({ project_id: projectId, story: 'Too short' }));
    expect(shortStory.json().error.details.fields.story).toMatch(/at least 20/);
    expect(
      (await t.request('POST', '/api/fundraiser/create', { body: page({ project_id: projectId }) }))
        .statusCode,
    ).toBe(401);
  });

  it('lets only its fundraiser edit it, change its picture and post updates', async () => {
    const made = await open(fundraiser, page({ charity_id: charityId }));
    const stranger = await t.createUser();
    const edit = (token: string) =>
      t.request('PATCH', `/api/fundraiser/${made.id}`, { token, body: { target: 80_000 } });
    expect((await edit(stranger.token)).statusCode).toBe(403);
    const edited = await edit(fundraiser.token);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ target: 80_000, project: null, charity: { id: charityId } });

    const picture = await t.request('POST', `/api/fundraiser/${made.id}/picture`, {
      token: fundraiser.token,
      ...multipartFile(await solidImage('jpeg', { width: 1200, height: 630 }), 'swim.jpg', 'image/jpeg'),
    });
    expect(picture.statusCode, picture.body).toBe(200);
    const url: string = picture.json().picture;
    expect(url).toMatch(/^\/api\/files\/fundraisers\//);
    const file = await t.request('GET', `${url}_medium.webp`);
    expect(file.statusCode).toBe(200);
    const notPicture = await t.request('POST', `/api/fundraiser/${made.id}/picture`, {
      token: fundraiser.token,
      ...multipartFile(Buffer.from('<html><script>alert(1)</script></html>'), 'x.jpg', 'image/jpeg'),
    });
    expect(notPicture.statusCode).toBe(415);

    const post = (token: string, body: string) =>
      t.request('POST', `/api/fundraiser/${made.id}/updates`, { token, body: { body } });
    expect((await post(stranger.token, 'Not mine')).statusCode).toBe(403);
    expect((await post(fundraiser.token, 'Halfway across!')).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 60_000);
    expect((await post(fundraiser.token, 'Made it!')).statusCode).toBe(201);
    const updates = (await t.request('GET', `/api/fundraiser/${made.id}/updates`)).json();
    expect(updates.items.map((u: { body: string }) => u.body)).toEqual(['Made it!', 'Halfway across!']);
  });
});

describe('giving through a page', () => {
  it('counts a guest’s and a person’s gifts toward the page and the project, and tells the fundraiser', async () => {
    const made = await open(fundraiser, page({ project_id: projectId }));
    const before = (await t.request('GET', `/api/project/${projectId}`)).json();
    const guest = await guestGift(projectId, made.id, 2_500, { message: 'Go Sam!' });
    expect(guest.statusCode, guest.body).toBe(201);
    expect(guest.json().donation.fundraiser).toEqual({ id: made.id, title: 'Swim the lake for the river' });

    const donor = await makeDonor(t, 10_000);
    const wallet = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 1_000, anonymous: true, fundraiser_id: made.id },
    });
    expect(wallet.statusCode, wallet.body).toBe(201);

    const seen = await read(made.id);
    expect(seen).toMatchObject({ raised: 3_500, gifts: 2 });
    const after = (await t.request('GET', `/api/project/${projectId}`)).json();
    expect(after.funds_raised - before.funds_raised).toBe(3_500);

    const wall = (await t.request('GET', `/api/fundraiser/${made.id}/donations`)).json();
    expect(wall.items).toMatchObject([
      { name: 'Anonymous', anonymous: true, amount: null },
      { name: 'Gia Guest', amount: 2_500, message: 'Go Sam!' },
    ]);

    await t.settle();
    const told = (await t.request('GET', '/api/notifications?limit=50', { token: fundraiser.token })).json();
    const titles = told.items
      .filter((n: { kind: string }) => n.kind === 'fundraiser')
      .map((n: { title: string }) => n.title);
    expect(titles).toContain('Gia Guest gave ₹25 through your page');
    expect(titles).toContain('Someone gave ₹10 through your page');

    // The charity sees which page brought each gift.
    const inbox = (
      await t.request('GET', `/api/charity/${charityId}/donations?limit=50`, { token: charityAdmin.token })
    ).json();
    const mine = inbox.items.filter(
      (d: { fundraiser: { id: number } | null }) => d.fundraiser?.id === made.id,
    );
    expect(mine).toHaveLength(2);
  });

  it('takes a refunded gift off the page', async () => {
    const made = await open(fundraiser, page({ project_id: projectId }));
    const gift = (await guestGift(projectId, made.id, 4_000)).json().donation;
    const part = await t.request('POST', `/api/donation/${gift.id}/refund`, {
      token: charityAdmin.token,
      body: { amount: 1_000, reason: 'Given twice by mistake' },
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(await read(made.id)).toMatchObject({ raised: 3_000, gifts: 1 });
    const rest = await t.request('POST', `/api/donation/${gift.id}/refund`, {
      token: charityAdmin.token,
      body: { reason: 'The giver asked for it back' },
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await read(made.id)).toMatchObject({ raised: 0, gifts: 0 });
  });

  it('refuses a gift naming a page for something else, a recurring gift, or a gift of time', async () => {
    const made = await open(fundraiser, page({ project_id: projectId }));
    const other = await guestGift(otherProjectId, made.id);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.details.fields.fundraiser_id).toBe(
      'This fundraising page raises money for something else.',
    );
    const donor = await makeDonor(t, 10_000);
    const recurring = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 1_000, frequency: 3, fundraiser_id: made.id },
    });
    expect(recurring.statusCode).toBe(400);
    expect(recurring.json().error.details.fields.fundraiser_id).toMatch(/given once/);
    const time = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 3, hours: 3, fundraiser_id: made.id },
    });
    expect(time.statusCode).toBe(400);
    expect(time.json().error.details.fields.fundraiser_id).toBe(
      'A fundraising page collects gifts of funds.',
    );
    expect(await read(made.id)).toMatchObject({ raised: 0, gifts: 0 });
  });

  it('closes a page after its end date', async () => {
    const made = await open(fundraiser, page({ project_id: projectId, end_date: '2026-06-12' }));
    const saved = clock;
    clock = new Date('2026-06-13T09:00:00Z');
    try {
      const late = await guestGift(projectId, made.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('FUNDRAISER_ENDED');
      expect((await read(made.id)).ended).toBe(true);
      const list = (await t.request('GET', `/api/project/${projectId}/fundraisers?limit=100`)).json();
      expect(list.items.map((f: { id: number }) => f.id)).not.toContain(made.id);
    } finally {
      clock = saved;
    }
  });
});

describe('the charity takes a page down', () => {
  it('hides a page from everyone but its fundraiser and the charity, and tells the fundraiser why', async () => {
    const made = await open(fundraiser, page({ project_id: projectId, title: 'Not what the charity does' }));
    const stranger = await t.createUser();
    const hide = (token: string) =>
      t.request('POST', `/api/fundraiser/${made.id}/hide`, {
        token,
        body: { reason: 'The page says we build houses: we clean rivers.' },
      });
    expect((await hide(stranger.token)).statusCode).toBe(403);
    expect((await hide(fundraiser.token)).statusCode).toBe(403);
    const hidden = await hide(charityAdmin.token);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true });

    expect((await t.request('GET', `/api/fundraiser/${made.id}`)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/fundraiser/${made.id}/donations`)).statusCode).toBe(404);
    expect(await read(made.id, fundraiser.token)).toMatchObject({
      hidden: true,
      hidden_reason: 'The page says we build houses: we clean rivers.',
    });
    const list = (await t.request('GET', `/api/project/${projectId}/fundraisers?limit=100`)).json();
    expect(list.items.map((f: { id: number }) => f.id)).not.toContain(made.id);
    const charityList = (
      await t.request('GET', `/api/charity/${charityId}/fundraisers?limit=100`, { token: charityAdmin.token })
    ).json();
    expect(charityList.items.find((f: { id: number }) => f.id === made.id)).toMatchObject({ hidden: true });
    expect(
      (await t.request('GET', `/api/charity/${charityId}/fundraisers`, { token: stranger.token })).statusCode,
    ).toBe(403);

    const refused = await guestGift(projectId, made.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('FUNDRAISER_HIDDEN');

    await t.settle();
    const told = (await t.request('GET', '/api/notifications?limit=50', { token: fundraiser.token })).json();
    expect(told.items[0]).toMatchObject({
      kind: 'fundraiser',
      title: 'River Trust took down your fundraising page',
      link: `/fundraisers/${made.id}`,
    });
    expect(told.items[0].body).toContain('we clean rivers');

    const back = await t.request('POST', `/api/fundraiser/${made.id}/unhide`, { token: charityAdmin.token });
    expect(back.json()).toMatchObject({ hidden: false, hidden_reason: null });
    expect((await t.request('GET', `/api/fundraiser/${made.id}`)).statusCode).toBe(200);
  });
});

describe('lists', () => {
  it('ranks a group’s team by what each page raised, and keeps a private group’s to its members', async () => {
    const admin = await t.createUser();
    const group = await t.request('POST', '/api/group/create', {
      token: admin.token,
      body: { name: 'Lake swimmers', type: 2, is_public: false },
    });
    expect(group.statusCode, group.body).toBe(201);
    const { id: groupId, pin } = group.json();
    const member = await t.createUser();
    expect(
      (await t.request('POST', '/api/group/join', { token: member.token, body: { pin } })).statusCode,
    ).toBe(200);

    const outsider = await t.createUser();
    const refused = await t.request('POST', '/api/fundraiser/create', {
      token: outsider.token,
      body: page({ project_id: projectId, group_id: groupId }),
    });
    expect(refused.statusCode).toBe(403);

    const first = await open(admin, page({ project_id: projectId, group_id: groupId, title: 'Admin swims' }));
    const second = await open(
      member,
      page({ project_id: projectId, group_id: groupId, title: 'Member swims' }),
    );
    await guestGift(projectId, first.id, 1_000);
    await guestGift(projectId, second.id, 3_000);

    const team = await t.request('GET', `/api/group/${groupId}/fundraisers`, { token: member.token });
    expect(team.json()).toMatchObject({
      group: { id: groupId, name: 'Lake swimmers' },
      raised: 4_000,
      gifts: 2,
      items: [
        { rank: 1, title: 'Member swims', raised: 3_000, group: { id: groupId } },
        { rank: 2, title: 'Admin swims', raised: 1_000 },
      ],
    });
    expect(
      (await t.request('GET', `/api/group/${groupId}/fundraisers`, { token: outsider.token })).statusCode,
    ).toBe(403);
    expect((await t.request('GET', `/api/group/${groupId}/fundraisers`)).statusCode).toBe(401);
  });

  it('lists a project’s open pages most raised first, in pages, and a person’s own newest first', async () => {
    const { id: otherCharity, admin } = await makeCharity(t, { name: 'Quiet Trust' });
    const quiet = await makeProject(t, admin, { charityId: otherCharity, title: 'Quiet project' });
    const person = await t.createUser();
    const made = [];
    for (const title of ['Page one', 'Page two', 'Page three'])
      made.push(await open(person, page({ project_id: quiet, title })));
    await guestGift(quiet, made[1]?.id ?? 0, 5_000);
    await guestGift(quiet, made[2]?.id ?? 0, 2_000);
    const first = (await t.request('GET', `/api/project/${quiet}/fundraisers?limit=2`)).json();
    expect(first.items.map((f: { title: string }) => f.title)).toEqual(['Page two', 'Page three']);
    const rest = (
      await t.request('GET', `/api/project/${quiet}/fundraisers?limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(rest.items.map((f: { title: string }) => f.title)).toEqual(['Page one']);
    expect(rest.next_cursor).toBeNull();

    const mine = (await t.request('GET', '/api/user/fundraisers?limit=10', { token: person.token })).json();
    expect(mine.items.map((f: { title: string }) => f.title)).toEqual(['Page three', 'Page two', 'Page one']);
    expect(mine.items[1]).toMatchObject({ raised: 5_000, gifts: 1, charity: { name: 'Quiet Trust' } });
  });
});
