import { imageUrl } from '@kindred/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessMemberships, cities, projectMemberships, projects } from '../../db/schema.js';
import { isoDay } from '../../lib/periods.js';
import { giveToProject, makeCharity, type Person } from '../../testing/factories.js';
import { sortedUserIds, useTestApp } from '../../testing/helpers.js';
import { solidImage } from '../../testing/images.js';
import { createBusiness, topUp } from '../../testing/money.js';
import { multipartFile } from '../../testing/multipart.js';
import { addCharityMember } from '../../testing/organisations.js';
import { ledgerService } from '../ledger/ledger.service.js';

let clock = new Date();
const t = useTestApp({}, { now: () => clock });
let platform: Person;

const DAY = 86_400_000;
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * DAY));
const READY = {
  description: 'Clean the river banks with the neighbourhood.',
  funds_target: 50_000,
};

const approvedCharity = (name = 'Riverside Trust') => makeCharity(t, { name, platform });

async function create(token: string, body: Record<string, unknown>) {
  const res = await t.request('POST', '/api/project/create', {
    token,
    body: { title: 'River clean-up', ...body },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: number; [key: string]: unknown };
}

async function setStatus(token: string, id: number, status: number) {
  const res = await t.request('PATCH', `/api/project/update/${id}`, { token, body: { status } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json();
}

async function liveProject(charityId: number, token: string, body: Record<string, unknown> = {}) {
  const project = await create(token, { charity_id: charityId, end_date: day(30), ...READY, ...body });
  await setStatus(token, project.id, 2);
  return project.id;
}

/** An edit of a project's details, asked by the person with the token. */
const editProject = (projectId: number, token: string, body: Record<string, unknown>) =>
  t.request('PATCH', `/api/project/${projectId}`, { token, body });

async function donate(donor: Person, projectId: number, amount: number) {
  await topUp(t, donor.token, amount);
  await giveToProject(t, donor, projectId, amount);
}

const ids = (page: { items: Array<{ id: number }> }) => page.items.map((p) => p.id);

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
});

describe('creating a project', () => {
  it("makes a Draft of a charity for its admins and project managers, and no one else's", async () => {
    const { id: charityId, admin } = await approvedCharity();
    const res = await t.request('POST', '/api/project/create', {
      token: admin.token,
      body: {
        title: 'Winter coats',
        charity_id: charityId,
        summary: 'Coats for the winter',
        charity_types: [4, 3],
        start_date: day(1),
        end_date: day(40),
        funds_target: 100_000,
        volunteering_hours: 40,
        skill_needs: [{ type: 5, hours: 10 }],
        gift_needs: [{ type: 3, description: 'Warm coats', quantity: 50 }],
        post_code: 'm1 1ae',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Winter coats',
      status: 1,
      owner_type: 3,
      owner_id: charityId,
      charity_id: charityId,
      charity: { id: charityId, name: 'Riverside Trust', logo: null },
      association_status: 5,
      charity_types: [3, 4],
      giving_kinds: [2, 3, 4, 5],
      post_code: 'M1 1AE',
      funds_raised: 0,
      can_manage: true,
      published_at: null,
    });
    const admins = (
      await t.request('GET', `/api/project/admins/${res.json().id}`, { token: admin.token })
    ).json();
    expect(admins.items.map((a: { user_id: number }) => a.user_id)).toEqual([admin.id]);

    const manager = await t.createUser();
    await addCharityMember(t, charityId, manager, 99, ['manage_projects']);
    const byManager = await t.request('POST', '/api/project/create', {
      token: manager.token,
      body: { title: 'Spring seeds', charity_id: charityId },
    });
    expect(byManager.statusCode).toBe(201);

    const member = await t.createUser();
    await addCharityMember(t, charityId, member, 99, ['view_finance']);
    const stranger = await t.createUser();
    for (const token of [member.token, stranger.token]) {
      const refused = await t.request('POST', '/api/project/create', {
        token,
        body: { title: 'Not yours', charity_id: charityId },
      });
      expect(refused.statusCode).toBe(403);
    }
    const unknown = await t.request('POST', '/api/project/create', {
      token: admin.token,
      body: { title: 'Nowhere', charity_id: 999_999 },
    });
    // Access comes first: nobody manages the projects of a charity that does not exist.
    expect(unknown.statusCode).toBe(403);
    expect((await t.request('POST', '/api/project/create', { body: { title: 'Anon' } })).statusCode).toBe(
      401,
    );
  });

  it('makes a Draft of an organisation for its admins, and of the person by default', async () => {
    const owner = await t.createUser();
    const businessId = await createBusiness(t, owner.id, { name: 'Giving Ltd' });
    const org = await t.request('POST', '/api/project/create', {
      token: owner.token,
      body: { title: 'Office food drive', business_id: businessId },
    });
    expect(org.statusCode).toBe(201);
    expect(org.json()).toMatchObject({
      owner_type: 2,
      owner_id: businessId,
      charity_id: null,
      association_status: 1,
    });

    const employee = await t.createUser();
    await t.ctx.database.db
      .insert(businessMemberships)
      .values({ createdAt: t.ctx.now(), businessId, userId: employee.id, adminType: 99 });
    const refused = await t.request('POST', '/api/project/create', {
      token: employee.token,
      body: { title: 'Not allowed', business_id: businessId },
    });
    expect(refused.statusCode).toBe(403);

    const person = await t.createUser();
    const mine = await t.request('POST', '/api/project/create', {
      token: person.token,
      body: { title: 'Street party' },
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      owner_type: 1,
      owner_id: person.id,
      charity_id: null,
      association_status: 1,
    });
  });

  it('sets the coordinates from a town, and answers bad input with 400 naming the field', async () => {
    const person = await t.createUser();
    const [leeds] = await t.ctx.database.db.select().from(cities).where(eq(cities.name, 'Leeds'));
    const placed = await create(person.token, { city_id: leeds?.id });
    expect(placed).toMatchObject({ city: 'Leeds', latitude: leeds?.latitude, longitude: leeds?.longitude });
    const pinned = await create(person.token, { city: 'My village', latitude: 52.1, longitude: -1.2 });
    expect(pinned).toMatchObject({ city: 'My village', latitude: 52.1, longitude: -1.2 });

    // Its managers get the stored town's region and id back, so the form can offer the region's towns.
    const read = await t.request('GET', `/api/project/${placed.id}`, { token: person.token });
    expect(read.json()).toMatchObject({ city: 'Leeds', city_id: leeds?.id, state_id: leeds?.stateId });
    const village = await t.request('GET', `/api/project/${pinned.id}`, { token: person.token });
    expect(village.json()).toMatchObject({ city: 'My village', city_id: null, state_id: null });

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'ab' }, 'title'],
      [{ title: 'No dates', start_date: day(10), end_date: day(5) }, 'end_date'],
      [{ title: 'Bad date', end_date: '2026-02-30' }, 'end_date'],
      [{ title: 'Year zero', end_date: '0000-01-01' }, 'end_date'],
      [{ title: 'Bad money', funds_target: -5 }, 'funds_target'],
      [{ title: 'Half penny', funds_target: 10.5 }, 'funds_target'],
      [{ title: 'Bad skill', skill_needs: [{ type: 17, hours: 2 }] }, 'skill_needs.0.type'],
      [
        { title: 'Bad gift', gift_needs: [{ type: 1, description: '', quantity: 1 }] },
        'gift_needs.0.description',
      ],
      [{ title: 'Both', charity_id: 1, business_id: 1 }, 'business_id'],
      [
        { title: 'Volunteers', volunteering_hours: 5, volunteering_start: day(9), volunteering_end: day(3) },
        'volunteering_end',
      ],
      [{ title: 'Lonely latitude', latitude: 51 }, 'latitude'],
      [{ title: 'No such town', city_id: 9_999_999 }, 'city_id'],
      [{ title: 'Huge town', city_id: 2 ** 40 }, 'city_id'],
      [{ title: 'Bad post code', post_code: 'XYZ' }, 'post_code'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/api/project/create', { token: person.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.details?.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('seeing a project', () => {
  it('shows a Draft only to those who run it (and platform admins), a Live one to everyone', async () => {
    const { id: charityId, admin } = await approvedCharity();
    const draft = await create(admin.token, { charity_id: charityId, end_date: day(30), ...READY });
    const stranger = await t.createUser();
    const member = await t.createUser();
    await addCharityMember(t, charityId, member, 99);
    const manager = await t.createUser();
    await addCharityMember(t, charityId, manager, 99, ['manage_projects']);

    expect((await t.request('GET', `/api/project/${draft.id}`)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/project/${draft.id}`, { token: stranger.token })).statusCode).toBe(
      404,
    );
    expect((await t.request('GET', `/api/project/${draft.id}`, { token: member.token })).statusCode).toBe(
      404,
    );
    expect((await t.request('GET', `/api/project/${draft.id}/summary`)).statusCode).toBe(404);
    const own = await t.request('GET', `/api/project/${draft.id}`, { token: admin.token });
    expect(own.json()).toMatchObject({ status: 1, can_manage: true });
    expect(
      (await t.request('GET', `/api/project/${draft.id}`, { token: manager.token })).json().can_manage,
    ).toBe(true);
    const byPlatform = await t.request('GET', `/api/project/${draft.id}`, { token: platform.token });
    expect(byPlatform.json()).toMatchObject({ status: 1, can_manage: false });

    await setStatus(admin.token, draft.id, 2);
    const open = await t.request('GET', `/api/project/${draft.id}`);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ status: 2, can_manage: false });
    expect(open.json().published_at).not.toBeNull();
    expect(
      (await t.request('GET', `/api/project/${draft.id}`, { token: stranger.token })).json().can_manage,
    ).toBe(false);
    // A stale token does not stand in the way of a public page.
    expect(
      (await t.request('GET', `/api/project/${draft.id}`, { headers: { authorization: 'Bearer nonsense' } }))
        .statusCode,
    ).toBe(200);

    await t.request('POST', `/api/project/${draft.id}/cancel`, { token: admin.token });
    expect((await t.request('GET', `/api/project/${draft.id}`)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/project/${draft.id}`, { token: admin.token })).json().status).toBe(
      0,
    );
    expect((await t.request('GET', '/api/project/999999')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/project/-1')).statusCode).toBe(400);
  });
});

describe('editing a project', () => {
  it('changes a Draft freely and keeps the derived needs in step', async () => {
    const person = await t.createUser();
    const project = await create(person.token, {});
    const res = await editProject(project.id, person.token, {
      title: 'River clean-up 2',
      gift_needs: [{ type: 2, description: 'Gloves', quantity: 30 }],
      volunteering_hours: 12,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'River clean-up 2', giving_kinds: [3, 5] });
    const cleared = await editProject(project.id, person.token, {
      gift_needs: [],
      volunteering_hours: null,
      summary: '',
    });
    expect(cleared.json()).toMatchObject({ giving_kinds: [], summary: null, gift_needs: [] });

    const stranger = await t.createUser();
    expect((await editProject(project.id, stranger.token, { title: 'Mine' })).statusCode).toBe(403);
    expect(
      (await t.request('PATCH', `/api/project/${project.id}`, { body: { title: 'Mine' } })).statusCode,
    ).toBe(401);
    const unknownField = await editProject(project.id, person.token, { charity_id: 3 });
    expect(unknownField.statusCode).toBe(400);
    const badDates = await editProject(project.id, person.token, { start_date: day(20), end_date: day(10) });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json().error.details.fields).toHaveProperty('end_date');
    expect(
      (await t.request('PATCH', '/api/project/999999', { token: person.token, body: { title: 'Ghost' } }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps a Live project publishable, and refuses edits once it is closed', async () => {
    const { id: charityId, admin } = await approvedCharity();
    const id = await liveProject(charityId, admin.token);
    const edit = await t.request('PATCH', `/api/project/${id}`, {
      token: admin.token,
      body: { summary: 'Now with a summary', volunteering_hours: 20 },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ status: 2, giving_kinds: [2, 3] });

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ funds_target: null, volunteering_hours: null }, 'needs'],
      [{ description: null }, 'description'],
      [{ end_date: null }, 'end_date'],
      [{ end_date: day(-1) }, 'end_date'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('PATCH', `/api/project/${id}`, { token: admin.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().error.code).toBe('NOT_READY_TO_PUBLISH');
      expect(Object.keys(res.json().error.details.fields)).toEqual([field]);
    }
    expect((await t.request('GET', `/api/project/${id}`)).json()).toMatchObject({
      funds_target: 50_000,
      volunteering_hours: 20,
      description: READY.description,
    });

    await t.request('POST', `/api/project/${id}/complete`, { token: admin.token });
    const closed = await t.request('PATCH', `/api/project/${id}`, {
      token: admin.token,
      body: { title: 'Later' },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('PROJECT_CLOSED');
    const draft = await create(admin.token, { charity_id: charityId });
    await t.request('POST', `/api/project/${draft.id}/cancel`, { token: admin.token });
    const cancelled = await editProject(draft.id, admin.token, { title: 'Later' });
    expect(cancelled.statusCode).toBe(409);
  });
});

describe('deleting a project', () => {
  it('deletes only a Draft, for those who run it', async () => {
    const { id: charityId, admin } = await approvedCharity();
    const draft = await create(admin.token, { charity_id: charityId });
    const stranger = await t.createUser();
    expect(
      (await t.request('DELETE', `/api/project/${draft.id}`, { token: stranger.token })).statusCode,
    ).toBe(403);
    const removed = await t.request('DELETE', `/api/project/${draft.id}`, { token: admin.token });
    expect(removed.statusCode).toBe(200);
    expect((await t.request('GET', `/api/project/${draft.id}`, { token: admin.token })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/project/${draft.id}`, { token: admin.token })).statusCode).toBe(
      404,
    );

    const live = await liveProject(charityId, admin.token);
    const refused = await t.request('DELETE', `/api/project/${live}`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVALID_TRANSITION');
    expect((await t.request('GET', `/api/project/${live}`)).statusCode).toBe(200);
  });
});

describe('cloning a project', () => {
  it('copies any project it may manage into a new Draft with its counters at zero', async () => {
    const { id: charityId, admin } = await approvedCharity();
    const id = await liveProject(charityId, admin.token, {
      title: 'Food bank',
      skill_needs: [{ type: 2, hours: 8 }],
    });
    await t.ctx.database.db
      .update(projects)
      .set({
        fundsRaised: 40_000,
        donorsCount: 7,
        volunteeringPledged: 3,
        skilledPledged: 2,
        giftsPledged: 9,
      })
      .where(eq(projects.id, id));
    const manager = await t.createUser();
    await addCharityMember(t, charityId, manager, 99, ['manage_projects']);
    const res = await t.request('POST', '/api/project/clone', {
      token: manager.token,
      body: { project_id: id },
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({
      title: 'Copy of Food bank',
      status: 1,
      charity_id: charityId,
      association_status: 5,
      owner_type: 3,
      description: READY.description,
      funds_target: 50_000,
      skill_needs: [{ type: 2, hours: 8 }],
      giving_kinds: [2, 4],
      funds_raised: 0,
      donors_count: 0,
      volunteering_pledged: 0,
      skilled_pledged: 0,
      gifts_pledged: 0,
      published_at: null,
      finished_reason: null,
    });
    const admins = (
      await t.request('GET', `/api/project/admins/${copy.id}`, { token: manager.token })
    ).json();
    expect(admins.items.map((a: { user_id: number }) => a.user_id)).toEqual([manager.id]);
    expect((await t.request('GET', `/api/project/${id}`)).json().funds_raised).toBe(40_000);

    await t.request('POST', `/api/project/${id}/cancel`, { token: admin.token });
    const ofCancelled = await t.request('POST', '/api/project/clone', {
      token: admin.token,
      body: { project_id: id },
    });
    expect(ofCancelled.statusCode).toBe(201);

    const stranger = await t.createUser();
    expect(
      (await t.request('POST', '/api/project/clone', { token: stranger.token, body: { project_id: id } }))
        .statusCode,
    ).toBe(403);
    const live = await liveProject(charityId, admin.token);
    expect(
      (await t.request('POST', '/api/project/clone', { token: stranger.token, body: { project_id: live } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request('POST', '/api/project/clone', { token: admin.token, body: { project_id: 999_999 } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request('POST', '/api/project/clone', { token: admin.token, body: {} })).statusCode).toBe(
      400,
    );
  });

  it('gives a clone of a project a charity accepted a new association: the copy cannot be published under its name unreviewed', async () => {
    const { id: charityId, admin } = await approvedCharity();
    const person = await t.createUser();
    const project = await create(person.token, { title: 'Accepted', ...READY });
    await t.request('POST', `/api/project/associate/${project.id}/${charityId}`, { token: person.token });
    const approve = await t.request('POST', '/api/charity/associated_approve', {
      token: admin.token,
      body: { project_id: project.id, charity_id: charityId },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(
      (await t.request('GET', `/api/project/${project.id}`, { token: person.token })).json()
        .association_status,
    ).toBe(4);

    const copy = await t.request('POST', '/api/project/clone', {
      token: person.token,
      body: { project_id: project.id },
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ charity_id: null, association_status: 1, owner_id: person.id });
    const publish = await t.request('PATCH', `/api/project/update/${copy.json().id}`, {
      token: person.token,
      body: { status: 2 },
    });
    expect(publish.statusCode).not.toBe(200);
    expect(
      (await t.request('GET', `/api/project/${copy.json().id}`, { token: person.token })).json().status,
    ).toBe(1);
  });

  it('leaves a clone of a project that only asked a charity without that charity', async () => {
    const { id: charityId } = await approvedCharity();
    const person = await t.createUser();
    const project = await create(person.token, { title: 'Asking' });
    await t.request('POST', `/api/project/associate/${project.id}/${charityId}`, { token: person.token });
    const copy = await t.request('POST', '/api/project/clone', {
      token: person.token,
      body: { project_id: project.id },
    });
    expect(copy.json()).toMatchObject({
      charity_id: null,
      association_status: 1,
      owner_type: 1,
      owner_id: person.id,
    });
  });
});

describe("a project's summary", () => {
  it('adds up each need, the funds held, the posts and the days left', async () => {
    const { id: charityId, admin } = await approvedCharity();
    const id = await liveProject(charityId, admin.token, {
      end_date: day(10),
      volunteering_hours: 100,
      skill_needs: [
        { type: 1, hours: 10 },
        { type: 4, hours: 15 },
      ],
      gift_needs: [
        { type: 2, description: 'Gloves', quantity: 30 },
        { type: 5, description: 'Bags', quantity: 20 },
      ],
    });
    const donor = await t.createUser();
    await donate(donor, id, 7_000);
    // The gift's progress folded into the row first (docs/product/projects-and-charities.md#where-the-progress-is-kept), then set.
    await t.jobs.find((job) => job.name === 'project progress')?.run();
    await t.ctx.database.db
      .update(projects)
      .set({ fundsRaised: 7_000, donorsCount: 1, volunteeringPledged: 6, skilledPledged: 5, giftsPledged: 4 })
      .where(eq(projects.id, id));
    await t.request('POST', '/api/project/updates', {
      token: admin.token,
      body: { project_id: id, title: 'We started', body: 'First bags filled.' },
    });
    const res = await t.request('GET', `/api/project/${id}/summary`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      project_id: id,
      status: 2,
      funds_target: 50_000,
      funds_raised: 7_000,
      funds_held: 7_000,
      donors_count: 1,
      volunteering_hours: 100,
      volunteering_pledged: 6,
      skilled_hours: 25,
      skilled_pledged: 5,
      gifts_needed: 50,
      gifts_pledged: 4,
      updates_count: 1,
      impacts_count: 0,
      days_left: 11,
      currency: t.ctx.config.currency,
    });
    await t.request('POST', `/api/project/${id}/complete`, { token: admin.token });
    const after = (await t.request('GET', `/api/project/${id}/summary`)).json();
    expect(after).toMatchObject({ status: 3, funds_held: 0, funds_raised: 7_000, days_left: null });
  });
});

describe('asking a charity to take a project', () => {
  it('goes from New to Pending to Accepted; then the charity runs it and it can be published', async () => {
    const { id: charityId, admin } = await approvedCharity('Taking Trust');
    const person = await t.createUser();
    const project = await create(person.token, { end_date: day(20), ...READY });
    const early = await t.request('PATCH', `/api/project/update/${project.id}`, {
      token: person.token,
      body: { status: 2 },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('NEEDS_CHARITY');

    const ask = await t.request('POST', `/api/project/associate/${project.id}/${charityId}`, {
      token: person.token,
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.json()).toMatchObject({ association_status: 2, charity_id: charityId, status: 1 });
    const stillEarly = await t.request('PATCH', `/api/project/update/${project.id}`, {
      token: person.token,
      body: { status: 2 },
    });
    expect(stillEarly.json().error.code).toBe('NEEDS_CHARITY');
    // The charity cannot change it before it accepts it.
    expect((await editProject(project.id, admin.token, { title: 'Ours' })).statusCode).toBe(403);

    const requests = await t.request('GET', `/api/charity/associated_requests/${charityId}`, {
      token: admin.token,
    });
    expect(requests.statusCode).toBe(200);
    expect(ids(requests.json())).toEqual([project.id]);
    const member = await t.createUser();
    await addCharityMember(t, charityId, member, 99, ['view_finance']);
    expect(
      (await t.request('GET', `/api/charity/associated_requests/${charityId}`, { token: member.token }))
        .statusCode,
    ).toBe(403);
    // A request is not yet one of the charity's projects.
    expect(
      ids((await t.request('GET', `/api/charity/projects/${charityId}`, { token: admin.token })).json()),
    ).toEqual([]);

    const stranger = await t.createUser();
    for (const token of [member.token, stranger.token, person.token]) {
      const refused = await t.request('POST', '/api/charity/associated_approve', {
        token,
        body: { project_id: project.id, charity_id: charityId },
      });
      expect(refused.statusCode).toBe(403);
    }
    const manager = await t.createUser();
    await addCharityMember(t, charityId, manager, 99, ['manage_projects']);
    const approve = await t.request('POST', '/api/charity/associated_approve', {
      token: manager.token,
      body: { project_id: project.id, charity_id: charityId },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ association_status: 4, charity_id: charityId, owner_type: 1 });
    const twice = await t.request('POST', '/api/charity/associated_approve', {
      token: manager.token,
      body: { project_id: project.id, charity_id: charityId },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('NO_PENDING_REQUEST');
    expect(
      ids(
        (
          await t.request('GET', `/api/charity/associated_requests/${charityId}`, { token: admin.token })
        ).json(),
      ),
    ).toEqual([]);
    expect(
      ids((await t.request('GET', `/api/charity/projects/${charityId}`, { token: admin.token })).json()),
    ).toEqual([project.id]);

    const edit = await editProject(project.id, admin.token, { summary: 'Taken on by the trust' });
    expect(edit.statusCode).toBe(200);
    const publish = await t.request('PATCH', `/api/project/update/${project.id}`, {
      token: person.token,
      body: { status: 2 },
    });
    expect(publish.statusCode).toBe(200);
    expect((await t.request('GET', `/api/project/${project.id}`)).json().charity.name).toBe('Taking Trust');
    const again = await t.request('POST', `/api/project/associate/${project.id}/${charityId}`, {
      token: person.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_ASSOCIATED');
  });

  it('goes from Pending to Rejected, and the project may ask elsewhere', async () => {
    const { id: charityId, admin } = await approvedCharity();
    const { id: otherId } = await approvedCharity('Second Chance');
    const owner = await t.createUser();
    const businessId = await createBusiness(t, owner.id, { name: 'Asking Ltd' });
    const project = await create(owner.token, { business_id: businessId });
    await t.request('POST', `/api/project/associate/${project.id}/${charityId}`, { token: owner.token });
    const reject = await t.request('POST', '/api/charity/associated_reject', {
      token: admin.token,
      body: { project_id: project.id, charity_id: charityId, reason: 'Not our area' },
    });
    expect(reject.statusCode).toBe(200);
    expect(reject.json()).toMatchObject({ association_status: 3, charity_id: null });
    const approveAfter = await t.request('POST', '/api/charity/associated_approve', {
      token: admin.token,
      body: { project_id: project.id, charity_id: charityId },
    });
    expect(approveAfter.statusCode).toBe(409);
    const elsewhere = await t.request('POST', `/api/project/associate/${project.id}/${otherId}`, {
      token: owner.token,
    });
    expect(elsewhere.json()).toMatchObject({ association_status: 2, charity_id: otherId });
  });

  it('asks only approved, unlocked charities, and only for Drafts the asker runs', async () => {
    const person = await t.createUser();
    const project = await create(person.token, {});
    const applicant = await t.createUser();
    const pending = (
      await t.request('POST', '/api/user/add/charity', {
        token: applicant.token,
        body: { name: 'Not Yet Trust', charity_types: [1] },
      })
    ).json().id;
    const { id: locked } = await approvedCharity('Locked Trust');
    await t.request('PATCH', `/api/admin/charity/${locked}/lock`, {
      token: platform.token,
      body: { lock_status: true, reason: 'Under review' },
    });
    for (const charityId of [pending, locked, 999_999]) {
      const res = await t.request('POST', `/api/project/associate/${project.id}/${charityId}`, {
        token: person.token,
      });
      expect(res.statusCode).toBe(404);
    }
    const { id: charityId, admin } = await approvedCharity();
    const stranger = await t.createUser();
    expect(
      (
        await t.request('POST', `/api/project/associate/${project.id}/${charityId}`, {
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(403);
    const own = await create(admin.token, { charity_id: charityId });
    const { id: another } = await approvedCharity('Another Trust');
    const charityOwned = await t.request('POST', `/api/project/associate/${own.id}/${another}`, {
      token: admin.token,
    });
    expect(charityOwned.statusCode).toBe(409);
    expect(charityOwned.json().error.code).toBe('ALREADY_ASSOCIATED');
    await t.request('POST', `/api/project/${project.id}/cancel`, { token: person.token });
    const cancelled = await t.request('POST', `/api/project/associate/${project.id}/${charityId}`, {
      token: person.token,
    });
    expect(cancelled.statusCode).toBe(409);
    const wrongCharity = await t.request('POST', '/api/charity/associated_approve', {
      token: admin.token,
      body: { project_id: project.id, charity_id: charityId },
    });
    expect(wrongCharity.statusCode).toBe(409);
  });
});

describe('a platform admin returning a project', () => {
  /** Returns a project to its charity as Draft, with the reason mailed to its admins. */
  const returnProject = (token: string, projectId: number, reason: string) =>
    t.request('POST', '/api/admin/return', { token, body: { project_id: projectId, reason } });

  it('turns a Live project back into a Draft and mails the charity admins why', async () => {
    const { id: charityId, admin } = await approvedCharity('Returned Trust');
    const id = await liveProject(charityId, admin.token, { title: 'Too good to be true' });
    const manager = await t.createUser();
    await addCharityMember(t, charityId, manager, 99, ['manage_projects']);
    for (const token of [admin.token, manager.token]) {
      const res = await returnProject(token, id, 'Check the photos.');
      expect(res.statusCode).toBe(403);
    }
    const employee = await t.createUser({ isIicAdmin: true, adminType: 99 });
    expect((await returnProject(employee.token, id, 'Check the photos.')).statusCode).toBe(403);
    const noReason = await returnProject(platform.token, id, 'x');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details.fields).toHaveProperty('reason');

    const res = await returnProject(platform.token, id, 'The photos belong to another charity.');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(1);
    expect((await t.request('GET', `/api/project/${id}`)).statusCode).toBe(404);
    // The subject has quotes, so it arrives encoded; the text says the same.
    const mails = (await t.outbox()).filter((m) => m.text.includes('Kindred returned "Too good to be true"'));
    expect(mails.map((m) => m.to)).toEqual([admin.email]);
    expect(mails[0]?.text).toContain('Reason: The photos belong to another charity.');

    const again = await returnProject(platform.token, id, 'Once more please.');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVALID_TRANSITION');
    expect((await returnProject(platform.token, 999_999, 'Nothing here.')).statusCode).toBe(404);
    expect(
      (await t.request('PATCH', `/api/project/update/${id}`, { token: admin.token, body: { status: 2 } }))
        .statusCode,
    ).toBe(200);
  });
});

describe("a project's admins", () => {
  it('are listed to those who run it, and removed by them or leave by themselves', async () => {
    const person = await t.createUser();
    const project = await create(person.token, {});
    const [helper, other] = [await t.createUser(), await t.createUser()];
    await t.ctx.database.db.insert(projectMemberships).values([
      { createdAt: t.ctx.now(), projectId: project.id, userId: helper.id },
      { createdAt: t.ctx.now(), projectId: project.id, userId: other.id },
    ]);
    const list = await t.request('GET', `/api/project/admins/${project.id}`, { token: helper.token });
    expect(list.statusCode).toBe(200);
    expect(sortedUserIds(list)).toEqual([person.id, helper.id, other.id].sort());
    const stranger = await t.createUser();
    expect(
      (await t.request('GET', `/api/project/admins/${project.id}`, { token: stranger.token })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('DELETE', `/api/membership/project/${project.id}/${other.id}`, {
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(403);
    const leave = await t.request('DELETE', `/api/membership/project/${project.id}/${helper.id}`, {
      token: helper.token,
    });
    expect(leave.statusCode).toBe(200);
    expect(
      (await t.request('GET', `/api/project/admins/${project.id}`, { token: helper.token })).statusCode,
    ).toBe(403);
    const removed = await t.request('DELETE', `/api/membership/project/${project.id}/${other.id}`, {
      token: person.token,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.request('DELETE', `/api/membership/project/${project.id}/${other.id}`, {
      token: person.token,
    });
    expect(gone.statusCode).toBe(404);
    expect(
      (await t.request('DELETE', `/api/membership/project/999999/${other.id}`, { token: person.token }))
        .statusCode,
    ).toBe(404);
    const left = (
      await t.request('GET', `/api/project/admins/${project.id}`, { token: person.token })
    ).json();
    expect(left.items.map((a: { user_id: number }) => a.user_id)).toEqual([person.id]);
  });
});

describe("a charity's lists of projects", () => {
  it('show its projects newest first, by status, to its members, in keyset pages', async () => {
    const { id: charityId, admin } = await approvedCharity();
    const draftA = await create(admin.token, { charity_id: charityId, title: 'Draft A' });
    const liveA = await liveProject(charityId, admin.token, { title: 'Live A' });
    const liveB = await liveProject(charityId, admin.token, { title: 'Live B' });
    const cancelled = await create(admin.token, { charity_id: charityId, title: 'Cancelled' });
    await t.request('POST', `/api/project/${cancelled.id}/cancel`, { token: admin.token });
    const completed = await liveProject(charityId, admin.token, { title: 'Completed' });
    await t.request('POST', `/api/project/${completed}/complete`, { token: admin.token });
    const { id: otherCharity, admin: otherAdmin } = await approvedCharity('Other Trust');
    await create(otherAdmin.token, { charity_id: otherCharity });

    const member = await t.createUser();
    await addCharityMember(t, charityId, member, 99);
    const all = await t.request('GET', `/api/charity/projects/${charityId}`, { token: member.token });
    expect(all.statusCode).toBe(200);
    expect(ids(all.json())).toEqual([completed, cancelled.id, liveB, liveA, draftA.id]);
    // A member who does not manage projects is not offered to manage them; the admin is.
    expect(all.json().items.map((p: { can_manage: boolean }) => p.can_manage)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    const forAdmin = (
      await t.request('GET', `/api/charity/projects/${charityId}`, { token: admin.token })
    ).json();
    expect(forAdmin.items.every((p: { can_manage: boolean }) => p.can_manage)).toBe(true);
    const byStatus = async (status: number | string) =>
      t.request('GET', `/api/charity/projects/${charityId}/${status}`, { token: member.token });
    expect(ids((await byStatus(2)).json())).toEqual([liveB, liveA]);
    expect(ids((await byStatus(1)).json())).toEqual([draftA.id]);
    expect(ids((await byStatus(0)).json())).toEqual([cancelled.id]);
    expect(ids((await byStatus(3)).json())).toEqual([completed]);
    expect(ids((await byStatus(9)).json())).toEqual([]);
    expect((await byStatus(5)).statusCode).toBe(400);
    expect((await byStatus('live')).statusCode).toBe(400);

    const first = (
      await t.request('GET', `/api/charity/projects/${charityId}?limit=2`, { token: member.token })
    ).json();
    const second = (
      await t.request('GET', `/api/charity/projects/${charityId}?limit=2&cursor=${first.next_cursor}`, {
        token: member.token,
      })
    ).json();
    const third = (
      await t.request('GET', `/api/charity/projects/${charityId}?limit=2&cursor=${second.next_cursor}`, {
        token: member.token,
      })
    ).json();
    expect(third.next_cursor).toBeNull();
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(ids(all.json()));
    const back = (
      await t.request(
        'GET',
        `/api/charity/projects/${charityId}?limit=2&direction=before&cursor=${second.prev_cursor}`,
        {
          token: member.token,
        },
      )
    ).json();
    expect(ids(back)).toEqual(ids(first));
    const crafted = Buffer.from(JSON.stringify(['yesterday', 1])).toString('base64url');
    expect(
      (
        await t.request('GET', `/api/charity/projects/${charityId}?cursor=${crafted}`, {
          token: member.token,
        })
      ).statusCode,
    ).toBe(400);

    const stranger = await t.createUser();
    expect(
      (await t.request('GET', `/api/charity/projects/${charityId}`, { token: stranger.token })).statusCode,
    ).toBe(403);
    expect((await t.request('GET', `/api/charity/projects/${charityId}/2`)).statusCode).toBe(401);
  });

  it('list the projects Finished by their end date, which can be extended', async () => {
    const { id: charityId, admin } = await approvedCharity();
    const expiring = await liveProject(charityId, admin.token, { end_date: day(2) });
    const lasting = await liveProject(charityId, admin.token, { end_date: day(60) });
    const impact = await liveProject(charityId, admin.token, { end_date: day(2) });
    await t.request('POST', `/api/project/${impact}/impact`, {
      token: admin.token,
      body: { title: 'We did it', body: 'All clean.' },
    });
    const saved = clock;
    clock = new Date(clock.getTime() + 5 * DAY);
    try {
      await t.signIn(admin);
      await t.jobs.find((job) => job.name === 'finish expired projects')?.run();
      const expired = await t.request('GET', `/api/charity/${charityId}/expired_projects`, {
        token: admin.token,
      });
      expect(expired.statusCode).toBe(200);
      expect(ids(expired.json())).toEqual([expiring]);
      expect(expired.json().items[0]).toMatchObject({ status: 9, finished_reason: 'end_date' });
      expect((await t.request('GET', `/api/project/${lasting}`)).json().status).toBe(2);
      const stranger = await t.createUser();
      expect(
        (await t.request('GET', `/api/charity/${charityId}/expired_projects`, { token: stranger.token }))
          .statusCode,
      ).toBe(403);
    } finally {
      clock = saved;
    }
  });
});

describe("a person's and an organisation's projects", () => {
  it('lists the projects a person owns or runs', async () => {
    const person = await t.createUser();
    const own = await create(person.token, { title: 'My own' });
    const { id: charityId, admin } = await approvedCharity();
    const helped = await create(admin.token, { charity_id: charityId, title: 'Helped' });
    await t.ctx.database.db
      .insert(projectMemberships)
      .values({ createdAt: t.ctx.now(), projectId: helped.id, userId: person.id });
    await create(admin.token, { charity_id: charityId, title: 'Not mine' });
    const res = await t.request('GET', '/api/project/individual', { token: person.token });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([helped.id, own.id]);
    expect(res.json().items.every((p: { can_manage: boolean }) => p.can_manage)).toBe(true);
    expect((await t.request('GET', '/api/project/individual')).statusCode).toBe(401);
  });

  it("lists an organisation's projects to its members", async () => {
    const owner = await t.createUser();
    const businessId = await createBusiness(t, owner.id, { name: 'Listing Ltd' });
    const a = await create(owner.token, { business_id: businessId, title: 'Org one' });
    const b = await create(owner.token, { business_id: businessId, title: 'Org two' });
    await create(owner.token, { title: 'Personal one' });
    const employee = await t.createUser();
    await t.ctx.database.db
      .insert(businessMemberships)
      .values({ createdAt: t.ctx.now(), businessId, userId: employee.id, adminType: 99 });
    const res = await t.request('GET', `/api/project/business/${businessId}`, { token: employee.token });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([b.id, a.id]);
    expect(res.json().items.map((p: { can_manage: boolean }) => p.can_manage)).toEqual([false, false]);
    const forOwner = (
      await t.request('GET', `/api/project/business/${businessId}`, { token: owner.token })
    ).json();
    expect(forOwner.items.map((p: { can_manage: boolean }) => p.can_manage)).toEqual([true, true]);
    const stranger = await t.createUser();
    expect(
      (await t.request('GET', `/api/project/business/${businessId}`, { token: stranger.token })).statusCode,
    ).toBe(403);
  });
});

describe('where the money goes when a project ends', () => {
  const charityFunds = (charityId: number) =>
    ledgerService(t.ctx.config.currency, t.ctx.now)
      .balances(t.ctx.database.db, { ownerType: 'charity', ownerId: charityId })
      .then((b) => b.charityFunds);

  it('pays a Live project out to its charity when its impact statement is published', async () => {
    const { id: charityId, admin } = await approvedCharity('Impact Trust');
    const projectId = await liveProject(charityId, admin.token);
    await donate(await t.createUser(), projectId, 4_000);
    const res = await t.request('POST', `/api/project/${projectId}/impact`, {
      token: admin.token,
      body: { title: 'We did it', body: 'Two miles of river bank are clean.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await charityFunds(charityId)).toBe(4_000);
    const summary = (
      await t.request('GET', `/api/project/${projectId}/summary`, { token: admin.token })
    ).json();
    expect(summary).toMatchObject({ status: 9, funds_held: 0 });
  });

  it('completes a project Finished by its end date, paying what it raised to the charity', async () => {
    const { id: charityId, admin } = await approvedCharity('Expired Trust');
    const projectId = await liveProject(charityId, admin.token, { end_date: day(1) });
    await donate(await t.createUser(), projectId, 2_500);
    const later = clock;
    clock = new Date(clock.getTime() + 3 * DAY);
    try {
      await t.signIn(admin);
      await t.jobs.find((job) => job.name === 'finish expired projects')?.run();
      expect(
        (await t.request('GET', `/api/project/${projectId}`, { token: admin.token })).json(),
      ).toMatchObject({
        status: 9,
        finished_reason: 'end_date',
      });
      const res = await t.request('POST', `/api/project/${projectId}/complete`, { token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 3, finished_reason: null });
      expect(await charityFunds(charityId)).toBe(2_500);
    } finally {
      clock = later;
    }
  });
});

describe('a charity asked to take a project', () => {
  it('may read the Draft while the request is pending, and no longer once it turns it down', async () => {
    const { id: charityId, admin } = await approvedCharity('Asked Trust');
    const owner = await t.createUser();
    const project = await create(owner.token, { ...READY });
    const before = await t.request('GET', `/api/project/${project.id}`, { token: admin.token });
    expect(before.statusCode).toBe(404);
    const ask = await t.request('POST', `/api/project/associate/${project.id}/${charityId}`, {
      token: owner.token,
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const read = await t.request('GET', `/api/project/${project.id}`, { token: admin.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ title: 'River clean-up', association_status: 2, can_manage: false });
    const edit = await editProject(project.id, admin.token, { title: 'Mine now' });
    expect(edit.statusCode).toBe(403);
    await t.request('POST', '/api/charity/associated_reject', {
      token: admin.token,
      body: { project_id: project.id, charity_id: charityId },
    });
    expect((await t.request('GET', `/api/project/${project.id}`, { token: admin.token })).statusCode).toBe(
      404,
    );
  });
});

describe('deleting a Draft with pictures and documents', () => {
  it('removes their files too', async () => {
    const { id: charityId, admin } = await approvedCharity('Tidy Trust');
    const project = await create(admin.token, { charity_id: charityId });
    const png = await solidImage('png', { width: 40, height: 40, background: '#30d68f' });
    const image = await t.request('POST', `/api/project/image/${project.id}`, {
      token: admin.token,
      ...multipartFile(png, 'a.png', 'image/png'),
    });
    expect(image.statusCode, image.body).toBe(201);
    const document = await t.request('POST', `/api/project/document/${project.id}`, {
      token: admin.token,
      ...multipartFile(Buffer.from('Budget: 100 spades'), 'budget.txt', 'text/plain'),
    });
    expect(document.statusCode, document.body).toBe(201);
    // The links the admin got are signed for them (a Draft's files are not public, decision 035).
    const small = imageUrl(image.json().url, 'small');
    expect((await t.request('GET', small)).statusCode).toBe(200);
    expect((await t.request('GET', document.json().url)).statusCode).toBe(200);
    expect((await t.request('DELETE', `/api/project/${project.id}`, { token: admin.token })).statusCode).toBe(
      200,
    );
    expect((await t.request('GET', small)).statusCode).toBe(404);
    expect((await t.request('GET', document.json().url)).statusCode).toBe(404);
    // Gone from the storage, not only refused.
    const key = (url: string) => (url.split('?')[0] ?? '').slice('/api/files/'.length);
    expect(await t.ctx.storage.get(key(small))).toBeUndefined();
    expect(await t.ctx.storage.get(key(document.json().url))).toBeUndefined();
  });
});
