import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../db/schema.js';
import { isoDay } from '../../lib/periods.js';
import { giveToProject, makeCharity, makeProject, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { solidImage } from '../../testing/images.js';
import { topUp } from '../../testing/money.js';
import { multipartFile } from '../../testing/multipart.js';
import { addCharityMember } from '../../testing/organisations.js';

let clock = new Date();
const t = useTestApp({}, { now: () => clock });
let platform: { id: number; email: string; token: string };
let employee: { id: number; email: string; token: string };

const DAY = 86_400_000;
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * DAY));
const png = (width = 40, height = 30) => solidImage('png', { width, height });
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(400, 0x90)]);

/** A change of a member's role or permissions, asked by the person with the token. */
const changeMember = (charityId: number, userId: number, token: string, body: Record<string, unknown>) =>
  t.request('PATCH', `/api/membership/charity/${charityId}/${userId}`, { token, body });

async function cityId(name: string) {
  const [row] = await t.ctx.database.db.select().from(cities).where(eq(cities.name, name));
  if (!row) throw new Error(`no town ${name}`);
  return row;
}

/** An approved charity added by a platform admin, with a new person as its admin. */
const approvedCharity = (fields: Record<string, unknown> = {}) =>
  makeCharity(t, { name: 'Helping Hands', platform, fields });

/** A person's application to add a charity: pending, with them as its admin. */
const apply = async (applicant: Person, name: string) =>
  (await makeCharity(t, { status: 'pending', admin: applicant, name, charityTypes: [4] })).id;

/** A decision on a pending charity, sent with the caller's token. */
const decide = (token: string, body: { charity_id: number; status: string; reason?: string }) =>
  t.request('POST', '/api/admin/charity/pending/update', { token, body });

/** The platform's list of charities by approval status, as a platform admin (or the caller given) reads it. */
const pendingList = (query = '', token = platform.token) =>
  t.request('GET', `/api/admin/charity/pending/list${query}`, { token });

/** The ids on one page of that list, as a platform admin reads it. */
const listedIds = async (query: string): Promise<number[]> =>
  (await pendingList(query)).json().items.map((c: { id: number }) => c.id);

/** Locks (with a reason) or unlocks a charity, as the caller; a platform admin unless another is given. */
const setLock = (
  charityId: number,
  body: { lock_status?: boolean; reason?: string },
  token = platform.token,
) => t.request('PATCH', `/api/admin/charity/${charityId}/lock`, { token, body });

/** A charity admin publishes their Draft project. */
const publish = (projectId: number, token: string) =>
  t.request('PATCH', `/api/project/update/${projectId}`, { token, body: { status: 2 } });

const READY = {
  description: 'Clean the river banks with the neighbourhood.',
  funds_target: 50_000,
};

const liveProject = (charityId: number, token: string, title = 'River clean-up') =>
  makeProject(t, { token }, { title, charityId, fields: { end_date: day(30), ...READY } });

/** Money from a person's wallet into a project's funds, as a donation would move it. */
async function donate(donor: Person, projectId: number, amount: number) {
  await topUp(t, donor.token, amount);
  await giveToProject(t, donor, projectId, amount);
}

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  employee = await t.createUser({ isIicAdmin: true, adminType: 99 });
});

describe('applying to add a charity', () => {
  it('keeps an application pending, with the applicant as its admin, hidden from the public', async () => {
    const applicant = await t.createUser();
    const res = await t.request('POST', '/api/user/add/charity', {
      token: applicant.token,
      body: {
        name: 'Pending Paws',
        registration_number: 'sc012345',
        charity_types: [5, 2, 5],
        post_code: 'eh1 1yz',
        website: 'https://pendingpaws.example.org',
      },
    });
    expect(res.statusCode).toBe(201);
    const charity = res.json();
    expect(charity).toMatchObject({
      name: 'Pending Paws',
      approval_status: 'pending',
      lock_status: false,
      registration_number: 'SC012345',
      post_code: 'EH1 1YZ',
      charity_types: [2, 5],
      live_projects: 0,
    });
    const members = await t.request('GET', `/api/charity/users/${charity.id}`, { token: applicant.token });
    expect(members.json().items).toEqual([
      expect.objectContaining({
        user_id: applicant.id,
        admin_type: 1,
        permissions: ['manage_projects', 'approve_donations', 'manage_members', 'view_finance'],
      }),
    ]);

    expect((await t.request('GET', `/api/charity/${charity.id}`)).statusCode).toBe(404);
    const stranger = await t.createUser();
    expect((await t.request('GET', `/api/charity/${charity.id}`, { token: stranger.token })).statusCode).toBe(
      404,
    );
    const own = await t.request('GET', `/api/charity/${charity.id}`, { token: applicant.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().approval_status).toBe('pending');
    expect((await t.request('GET', `/api/charity/${charity.id}`, { token: employee.token })).statusCode).toBe(
      200,
    );
    const list = await t.request('GET', '/api/charity/list?q=Pending%20Paws');
    expect(list.json().items).toEqual([]);
  });

  it('answers bad applications with 400 naming the field, and anonymous ones with 401', async () => {
    const applicant = await t.createUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'No Types', charity_types: [] }, 'charity_types'],
      [{ name: 'Bad Number', charity_types: [1], registration_number: '12AB' }, 'registration_number'],
      [{ name: 'Bad Site', charity_types: [1], website: 'not a web address' }, 'website'],
      [{ name: 'Bad Code', charity_types: [1], post_code: '12345' }, 'post_code'],
      [{ name: 'Bad Type', charity_types: [19] }, 'charity_types.0'],
      [{ charity_types: [1] }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/api/user/add/charity', { token: applicant.token, body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().error.details.fields), field).toContain(field);
    }
    const anonymous = await t.request('POST', '/api/user/add/charity', {
      body: { name: 'Anon', charity_types: [1] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a platform admin approve it once: the applicant is mailed and the public sees it', async () => {
    const applicant = await t.createUser();
    const id = await apply(applicant, 'Approved Acorns');

    const pending = await pendingList('', employee.token);
    expect(pending.statusCode).toBe(200);
    const ids = pending.json().items.map((c: { id: number }) => c.id);
    expect(ids).toContain(id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await pendingList('', applicant.token)).statusCode).toBe(403);

    const byEmployee = await decide(employee.token, { charity_id: id, status: 'approved' });
    expect(byEmployee.statusCode).toBe(403);
    const byApplicant = await decide(applicant.token, { charity_id: id, status: 'approved' });
    expect(byApplicant.statusCode).toBe(403);

    const approve = await decide(platform.token, { charity_id: id, status: 'approved' });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ id, approval_status: 'approved', rejection_reason: null });
    const mail = (await t.outbox()).filter((m) => m.to === applicant.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Approved Acorns is approved on Kindred');

    const again = await decide(platform.token, {
      charity_id: id,
      status: 'rejected',
      reason: 'Changed our mind',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_DECIDED');

    expect((await t.request('GET', `/api/charity/${id}`)).json().approval_status).toBe('approved');
    const list = (await t.request('GET', '/api/charity/list?q=approved%20acorns')).json();
    expect(list.items.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(await listedIds('?limit=100')).not.toContain(id);
    expect(await listedIds('?status=approved&limit=100')).toContain(id);
  });

  it('rejects with a reason that the applicant reads in the mail', async () => {
    const applicant = await t.createUser();
    const id = await apply(applicant, 'Rejected Rowan');
    const noReason = await decide(platform.token, { charity_id: id, status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details.fields).toHaveProperty('reason');
    const badStatus = await decide(platform.token, { charity_id: id, status: 'maybe' });
    expect(badStatus.statusCode).toBe(400);

    const reject = await decide(platform.token, {
      charity_id: id,
      status: 'rejected',
      reason: 'The charity number is not on the register.',
    });
    expect(reject.statusCode).toBe(200);
    expect(reject.json()).toMatchObject({
      approval_status: 'rejected',
      rejection_reason: 'The charity number is not on the register.',
    });
    const mail = (await t.outbox()).filter((m) => m.to === applicant.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Rejected Rowan was not approved on Kindred');
    expect(mail[0]?.text).toContain('Reason: The charity number is not on the register.');
    expect((await t.request('GET', `/api/charity/${id}`)).statusCode).toBe(404);

    expect(await listedIds('?status=rejected')).toContain(id);
    const twice = await decide(platform.token, { charity_id: id, status: 'approved' });
    expect(twice.statusCode).toBe(409);
    const unknown = await decide(platform.token, { charity_id: 999_999, status: 'approved' });
    expect(unknown.statusCode).toBe(404);
  });

  it('pages the pending list by id, forwards and back', async () => {
    const applicant = await t.createUser();
    for (const name of ['Queue One', 'Queue Two', 'Queue Three', 'Queue Four', 'Queue Five']) {
      await t.request('POST', '/api/user/add/charity', {
        token: applicant.token,
        body: { name, charity_types: [1] },
      });
    }
    const all = await listedIds('?limit=100');
    const seen: number[] = [];
    let page = (await pendingList('?limit=2')).json();
    const pages = [page];
    seen.push(...page.items.map((c: { id: number }) => c.id));
    while (page.next_cursor) {
      page = (await pendingList(`?limit=2&cursor=${page.next_cursor}`)).json();
      pages.push(page);
      seen.push(...page.items.map((c: { id: number }) => c.id));
    }
    expect(seen).toEqual(all);
    const back = (await pendingList(`?limit=2&direction=before&cursor=${pages[1]?.prev_cursor}`)).json();
    expect(back.items).toEqual(pages[0]?.items);
    expect((await pendingList('?status=gone')).statusCode).toBe(400);
  });
});

describe('a platform admin adding a charity', () => {
  it('creates it approved, with the named person as its admin', async () => {
    const person = await t.createUser();
    const res = await t.request('POST', '/api/charity', {
      token: platform.token,
      body: { name: 'Direct Dogs', charity_types: [2], admin_email: person.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Direct Dogs', approval_status: 'approved' });
    const members = (
      await t.request('GET', `/api/charity/users/${res.json().id}`, { token: person.token })
    ).json();
    expect(members.items).toEqual([expect.objectContaining({ user_id: person.id, admin_type: 1 })]);
    expect((await t.request('GET', `/api/charity/${res.json().id}`)).statusCode).toBe(200);
  });

  it('refuses an unknown admin email, a missing one, and callers who are not money admins', async () => {
    for (const adminEmail of [{ admin_email: 'nobody-here@example.org' }, {}]) {
      const res = await t.request('POST', '/api/charity', {
        token: platform.token,
        body: { name: 'Nobody Trust', charity_types: [2], ...adminEmail },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toHaveProperty('admin_email');
    }
    const person = await t.createUser();
    for (const caller of [employee, person]) {
      const res = await t.request('POST', '/api/charity', {
        token: caller.token,
        body: { name: 'Sneaky Trust', charity_types: [2], admin_email: person.email },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe("a charity's profile", () => {
  it('is edited by its admins; a town sets the coordinates', async () => {
    const { id, admin } = await approvedCharity({ name: 'Edinburgh Aid' });
    const edinburgh = await cityId('Edinburgh');
    const res = await t.request('PATCH', `/api/charity/${id}`, {
      token: admin.token,
      body: {
        city_id: edinburgh.id,
        post_code: 'eh1 1yz',
        description: 'Warm meals.',
        website: 'https://edinburgh-aid.example.org',
        registration_number: 'sc054321',
        phone: '+44 131 496 0000',
        charity_types: [7, 3],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      city: 'Edinburgh',
      latitude: edinburgh.latitude,
      longitude: edinburgh.longitude,
      post_code: 'EH1 1YZ',
      registration_number: 'SC054321',
      charity_types: [3, 7],
      description: 'Warm meals.',
    });
    const publicView = (await t.request('GET', `/api/charity/${id}`)).json();
    expect(publicView).toMatchObject({ city: 'Edinburgh', description: 'Warm meals.' });
    // The region and town of the list are for the charity's form: its admins get them, visitors not.
    expect(publicView).not.toHaveProperty('state_id');
    expect(res.json()).toMatchObject({ city_id: edinburgh.id, state_id: edinburgh.stateId });
    expect((await t.request('GET', `/api/charity/${id}`, { token: admin.token })).json()).toMatchObject({
      city: 'Edinburgh',
      city_id: edinburgh.id,
      state_id: edinburgh.stateId,
    });
    const cleared = await t.request('PATCH', `/api/charity/${id}`, {
      token: admin.token,
      body: { website: '', description: null },
    });
    expect(cleared.json()).toMatchObject({ website: null, description: null, city: 'Edinburgh' });

    const deputy = await t.createUser();
    await addCharityMember(t, id, deputy, 2);
    const byDeputy = await t.request('PATCH', `/api/charity/${id}`, {
      token: deputy.token,
      body: { description: 'By the deputy.' },
    });
    expect(byDeputy.statusCode).toBe(200);
  });

  it('answers bad fields with 400 naming the field', async () => {
    const { id, admin } = await approvedCharity();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ post_code: 'NOT A CODE' }, 'post_code'],
      [{ website: 'ftp//nowhere' }, 'website'],
      [{ registration_number: 'ABC123' }, 'registration_number'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: 'call me' }, 'phone'],
      [{ name: 'x' }, 'name'],
      [{ city_id: 9_999_999 }, 'city_id'],
      [{ city_id: 2 ** 40 }, 'city_id'],
      [{ latitude: 51.5 }, 'latitude'],
      [{ latitude: 95, longitude: 0 }, 'latitude'],
      [{ lock_status: true, reason: 'Under review' }, 'lock_status'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('PATCH', `/api/charity/${id}`, { token: admin.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.details?.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it('is not edited by members, strangers or anonymous callers', async () => {
    const { id } = await approvedCharity();
    const member = await t.createUser();
    await addCharityMember(t, id, member, 99, ['manage_projects', 'manage_members']);
    const stranger = await t.createUser();
    for (const token of [member.token, stranger.token]) {
      expect(
        (await t.request('PATCH', `/api/charity/${id}`, { token, body: { description: 'x' } })).statusCode,
      ).toBe(403);
    }
    expect((await t.request('PATCH', `/api/charity/${id}`, { body: { description: 'x' } })).statusCode).toBe(
      401,
    );
    expect((await t.request('GET', '/api/charity/999999')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/charity/abc')).statusCode).toBe(400);
  });

  it('takes a logo checked by its content', async () => {
    const { id, admin } = await approvedCharity();
    const uploadLogo = async (data: Buffer, name: string, type: string, token = admin.token) =>
      t.request('POST', `/api/charity/logo/${id}`, { token, ...multipartFile(data, name, type) });
    const upload = await uploadLogo(await png(), 'logo.png', 'image/png');
    expect(upload.statusCode).toBe(200);
    const logo = upload.json().logo as string;
    expect(logo).toMatch(/^\/api\/files\/logos\//);
    const file = await t.request('GET', `${logo}_small.webp`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await t.request('GET', `/api/charity/${id}`)).json().logo).toBe(logo);

    const jpeg = await solidImage('jpeg', { width: 20, height: 20, background: '#fff' });
    const replaced = await uploadLogo(jpeg, 'logo.jpg', 'image/jpeg');
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().logo).not.toBe(logo);
    expect((await t.request('GET', `${logo}_small.webp`)).statusCode).toBe(404);

    const refused: Array<[Buffer, string, string]> = [
      [EXE, 'logo.png', 'image/png'],
      [Buffer.from('just some words'), 'logo.png', 'image/png'],
      [Buffer.from('%PDF-1.4\n%%EOF\n'), 'logo.jpg', 'image/jpeg'],
    ];
    for (const [data, name, type] of refused) {
      expect((await uploadLogo(data, name, type)).statusCode, name).toBe(415);
    }
    const notMultipart = await t.request('POST', `/api/charity/logo/${id}`, {
      token: admin.token,
      body: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    const tooBig = await uploadLogo(Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'logo.png', 'image/png');
    expect(tooBig.statusCode).toBe(413);
    const member = await t.createUser();
    await addCharityMember(t, id, member, 99);
    const byMember = await uploadLogo(await png(), 'logo.png', 'image/png', member.token);
    expect(byMember.statusCode).toBe(403);
  });
});

describe('the public list of charities', () => {
  it('shows approved, unlocked charities by name, with a search and keyset pages', async () => {
    const names = ['Listed Lantern', 'Listed Ash', 'Listed Cedar', 'Listed Birch', 'Listed Damson'];
    const ids: number[] = [];
    for (const name of names) ids.push((await approvedCharity({ name })).id);
    const locked = (await approvedCharity({ name: 'Listed Locked' })).id;
    await setLock(locked, { lock_status: true, reason: 'Under review' });
    const applicant = await t.createUser();
    await t.request('POST', '/api/user/add/charity', {
      token: applicant.token,
      body: { name: 'Listed Pending', charity_types: [1] },
    });

    const all = (await t.request('GET', '/api/charity/list?q=listed&limit=100')).json();
    expect(all.items.map((c: { name: string }) => c.name).sort()).toEqual([...names].sort());
    expect(all.next_cursor).toBeNull();
    expect(all.prev_cursor).toBeNull();

    const first = (await t.request('GET', '/api/charity/list?q=listed&limit=2')).json();
    const second = (
      await t.request('GET', `/api/charity/list?q=listed&limit=2&cursor=${first.next_cursor}`)
    ).json();
    const third = (
      await t.request('GET', `/api/charity/list?q=listed&limit=2&cursor=${second.next_cursor}`)
    ).json();
    expect(third.next_cursor).toBeNull();
    expect([...first.items, ...second.items, ...third.items]).toEqual(all.items);
    const back = (
      await t.request(
        'GET',
        `/api/charity/list?q=listed&limit=2&direction=before&cursor=${second.prev_cursor}`,
      )
    ).json();
    expect(back.items).toEqual(first.items);
    expect(back.prev_cursor).toBeNull();

    expect((await t.request('GET', '/api/charity/list?cursor=nonsense')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/charity/list?limit=101')).statusCode).toBe(400);
    const crafted = Buffer.from(JSON.stringify(['Listed', 'not-an-id'])).toString('base64url');
    expect((await t.request('GET', `/api/charity/list?cursor=${crafted}`)).statusCode).toBe(400);
    // The client's cache-busting timestamp is ignored.
    expect((await t.request('GET', `/api/charity/list?q=listed&t=${Date.now()}`)).statusCode).toBe(200);
  });
});

describe("a charity's members", () => {
  it('are listed to members only', async () => {
    const { id, admin } = await approvedCharity();
    const member = await t.createUser();
    await addCharityMember(t, id, member, 99);
    const list = await t.request('GET', `/api/charity/users/${id}`, { token: member.token });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().items.map((m: { user_id: number; admin_type: number }) => [m.user_id, m.admin_type]),
    ).toEqual([
      [admin.id, 1],
      [member.id, 99],
    ]);
    const stranger = await t.createUser();
    expect((await t.request('GET', `/api/charity/users/${id}`, { token: stranger.token })).statusCode).toBe(
      403,
    );
    expect((await t.request('GET', `/api/charity/users/${id}`)).statusCode).toBe(401);
  });

  it('have permissions changed by those who manage members', async () => {
    const { id, admin } = await approvedCharity();
    const manager = await t.createUser();
    const member = await t.createUser();
    await addCharityMember(t, id, manager, 99);
    await addCharityMember(t, id, member, 99);

    const notYet = await changeMember(id, member.id, manager.token, { permissions: ['view_finance'] });
    expect(notYet.statusCode).toBe(403);
    const grant = await changeMember(id, manager.id, admin.token, { permissions: ['manage_members'] });
    expect(grant.statusCode).toBe(200);
    const byManager = await changeMember(id, member.id, manager.token, {
      permissions: ['view_finance', 'manage_projects'],
    });
    expect(byManager.statusCode).toBe(200);
    const members = (await t.request('GET', `/api/charity/users/${id}`, { token: member.token })).json()
      .items;
    expect(members.find((m: { user_id: number }) => m.user_id === member.id).permissions).toEqual([
      'view_finance',
      'manage_projects',
    ]);
    expect((await t.request('GET', `/api/charity/funds/${id}`, { token: member.token })).statusCode).toBe(
      200,
    );

    const badPermission = await changeMember(id, member.id, admin.token, { permissions: ['rule_the_world'] });
    expect(badPermission.statusCode).toBe(400);
    const badType = await changeMember(id, member.id, admin.token, { admin_type: 3 });
    expect(badType.statusCode).toBe(400);
    const notMember = await changeMember(id, platform.id, admin.token, { permissions: [] });
    expect(notMember.statusCode).toBe(404);
  });

  it('keep at least one admin: the last admin is neither demoted nor removed', async () => {
    const { id, admin } = await approvedCharity();
    const demote = await changeMember(id, admin.id, admin.token, { admin_type: 99 });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('LAST_ADMIN');
    const leave = await t.request('DELETE', `/api/membership/charity/${id}/${admin.id}`, {
      token: admin.token,
    });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().error.code).toBe('LAST_ADMIN');

    const second = await t.createUser();
    await addCharityMember(t, id, second, 99);
    const promote = await changeMember(id, second.id, admin.token, { admin_type: 1 });
    expect(promote.statusCode).toBe(200);
    let members = (await t.request('GET', `/api/charity/users/${id}`, { token: admin.token })).json().items;
    expect(members.find((m: { user_id: number }) => m.user_id === second.id)).toMatchObject({
      admin_type: 1,
      permissions: ['manage_projects', 'approve_donations', 'manage_members', 'view_finance'],
    });

    const demoteFirst = await changeMember(id, admin.id, second.token, { admin_type: 99 });
    expect(demoteFirst.statusCode).toBe(200);
    members = (await t.request('GET', `/api/charity/users/${id}`, { token: admin.token })).json().items;
    // A demoted admin no longer holds an admin's permissions.
    expect(members.find((m: { user_id: number }) => m.user_id === admin.id)).toMatchObject({
      admin_type: 99,
      permissions: [],
    });
    expect((await t.request('GET', `/api/charity/funds/${id}`, { token: admin.token })).statusCode).toBe(403);
    const lastLeaves = await t.request('DELETE', `/api/membership/charity/${id}/${second.id}`, {
      token: second.token,
    });
    expect(lastLeaves.statusCode).toBe(409);
  });

  it('only admins make or unmake admins', async () => {
    const { id, admin } = await approvedCharity();
    const manager = await t.createUser();
    await addCharityMember(t, id, manager, 99, ['manage_members']);
    const selfPromote = await changeMember(id, manager.id, manager.token, { admin_type: 1 });
    expect(selfPromote.statusCode).toBe(403);
    const second = await t.createUser();
    await addCharityMember(t, id, second, 1, [
      'manage_projects',
      'approve_donations',
      'manage_members',
      'view_finance',
    ]);
    const demoteAdmin = await changeMember(id, admin.id, manager.token, { admin_type: 99 });
    expect(demoteAdmin.statusCode).toBe(403);
    const members = (await t.request('GET', `/api/charity/users/${id}`, { token: admin.token })).json().items;
    expect(members.filter((m: { admin_type: number }) => m.admin_type === 1)).toHaveLength(2);
  });

  it('are removed by those who manage members, or leave by themselves', async () => {
    const { id, admin } = await approvedCharity();
    const [plain, other, manager] = [await t.createUser(), await t.createUser(), await t.createUser()];
    await addCharityMember(t, id, plain, 99);
    await addCharityMember(t, id, other, 99);
    await addCharityMember(t, id, manager, 99, ['manage_members']);

    const byPlain = await t.request('DELETE', `/api/membership/charity/${id}/${other.id}`, {
      token: plain.token,
    });
    expect(byPlain.statusCode).toBe(403);
    const stranger = await t.createUser();
    expect(
      (await t.request('DELETE', `/api/membership/charity/${id}/${other.id}`, { token: stranger.token }))
        .statusCode,
    ).toBe(403);
    const leave = await t.request('DELETE', `/api/membership/charity/${id}/${plain.id}`, {
      token: plain.token,
    });
    expect(leave.statusCode).toBe(200);
    expect((await t.request('GET', `/api/charity/users/${id}`, { token: plain.token })).statusCode).toBe(403);
    const removed = await t.request('DELETE', `/api/membership/charity/${id}/${other.id}`, {
      token: manager.token,
    });
    expect(removed.statusCode).toBe(200);
    const again = await t.request('DELETE', `/api/membership/charity/${id}/${other.id}`, {
      token: admin.token,
    });
    expect(again.statusCode).toBe(404);
    const lastAdmin = await t.request('DELETE', `/api/membership/charity/${id}/${admin.id}`, {
      token: manager.token,
    });
    expect(lastAdmin.statusCode).toBe(409);
    const members = (await t.request('GET', `/api/charity/users/${id}`, { token: admin.token })).json().items;
    expect(members.map((m: { user_id: number }) => m.user_id).sort()).toEqual([admin.id, manager.id].sort());
  });
});

describe("a charity's funds", () => {
  it("show the charity's own funds and its projects' funds to those who view finance", async () => {
    const { id, admin } = await approvedCharity();
    const projectId = await liveProject(id, admin.token);
    const donor = await t.createUser();
    await donate(donor, projectId, 12_500);
    const funds = await t.request('GET', `/api/charity/funds/${id}`, { token: admin.token });
    expect(funds.statusCode).toBe(200);
    expect(funds.json()).toEqual({
      charity_id: id,
      charity_funds: 0,
      project_funds: 12_500,
      // Money in a project's funds is not the charity's to be paid out until the project completes.
      available: 0,
      held: 0,
      refunded: 0,
      paid_out: 0,
      payouts_waiting: 0,
      currency: t.ctx.config.currency,
    });
    const complete = await t.request('POST', `/api/project/${projectId}/complete`, { token: admin.token });
    expect(complete.statusCode).toBe(200);
    expect((await t.request('GET', `/api/charity/funds/${id}`, { token: admin.token })).json()).toMatchObject(
      {
        charity_funds: 12_500,
        project_funds: 0,
        available: 12_500,
      },
    );
    const member = await t.createUser();
    await addCharityMember(t, id, member, 99, ['manage_projects']);
    expect((await t.request('GET', `/api/charity/funds/${id}`, { token: member.token })).statusCode).toBe(
      403,
    );
    expect((await t.request('GET', `/api/charity/funds/${id}`, { token: donor.token })).statusCode).toBe(403);
  });
});

describe('deleting a charity', () => {
  it('is refused while it runs live projects or holds funds, and then only by its Super Admin', async () => {
    const { id, admin } = await approvedCharity({ name: 'Deleted Daffodil' });
    const projectId = await liveProject(id, admin.token);
    const live = await t.request('DELETE', `/api/charity/${id}`, { token: admin.token });
    expect(live.statusCode).toBe(409);
    expect(live.json().error.code).toBe('CHARITY_HAS_PROJECTS');

    const donor = await t.createUser();
    await donate(donor, projectId, 5_000);
    await t.request('POST', `/api/project/${projectId}/complete`, { token: admin.token });
    const funds = await t.request('DELETE', `/api/charity/${id}`, { token: admin.token });
    expect(funds.statusCode).toBe(409);
    expect(funds.json().error.code).toBe('CHARITY_HAS_FUNDS');

    const deputy = await t.createUser();
    await addCharityMember(t, id, deputy, 2);
    const { id: clean, admin: cleanAdmin } = await approvedCharity({ name: 'Deleted Dandelion' });
    await addCharityMember(t, clean, deputy, 2);
    expect((await t.request('DELETE', `/api/charity/${clean}`, { token: deputy.token })).statusCode).toBe(
      403,
    );
    await makeProject(t, cleanAdmin, { title: 'Never published', charityId: clean, status: 'draft' });
    // A Completed project without funds left does not stand in the way, as the refusal suggests.
    const done = await liveProject(clean, cleanAdmin.token, 'Done and dusted');
    expect(
      (await t.request('DELETE', `/api/charity/${clean}`, { token: cleanAdmin.token })).json().error.code,
    ).toBe('CHARITY_HAS_PROJECTS');
    await t.request('POST', `/api/project/${done}/complete`, { token: cleanAdmin.token });
    const removed = await t.request('DELETE', `/api/charity/${clean}`, { token: cleanAdmin.token });
    expect(removed.statusCode).toBe(200);
    expect((await t.request('GET', `/api/charity/${clean}`)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/charity/${clean}`, { token: cleanAdmin.token })).statusCode).toBe(
      404,
    );
    expect((await t.request('GET', '/api/charity/list?q=deleted%20dandelion')).json().items).toEqual([]);
    expect((await t.request('GET', '/api/explore/charity/list?q=dandelion')).json().items).toEqual([]);
    expect(await listedIds('?status=approved&limit=100')).not.toContain(clean);
    expect((await t.request('DELETE', `/api/charity/${clean}`, { token: cleanAdmin.token })).statusCode).toBe(
      404,
    );
  });

  it('is refused while a project that finished by its date still holds funds', async () => {
    const { id, admin } = await approvedCharity({ name: 'Finished Fern' });
    const projectId = await liveProject(id, admin.token);
    const donor = await t.createUser();
    await donate(donor, projectId, 3_000);
    const saved = clock;
    clock = new Date(clock.getTime() + 40 * DAY);
    try {
      await t.signIn(admin);
      await t.jobs.find((job) => job.name === 'finish expired projects')?.run();
      expect((await t.request('GET', `/api/project/${projectId}`)).json()).toMatchObject({
        status: 9,
        finished_reason: 'end_date',
      });
      const res = await t.request('DELETE', `/api/charity/${id}`, { token: admin.token });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CHARITY_HAS_FUNDS');
    } finally {
      clock = saved;
    }
  });
});

describe('locking a charity', () => {
  it('hides it and its projects, stops publishing and moving money, until unlocked', async () => {
    const { id, admin } = await approvedCharity({ name: 'Locked Larch' });
    const liveId = await liveProject(id, admin.token, 'Larch lanterns');
    const draftId = await makeProject(t, admin, {
      title: 'Larch later',
      charityId: id,
      status: 'draft',
      fields: { end_date: day(20), ...READY },
    });
    const inExplore = async () =>
      (await t.request('GET', `/api/explore/project/list?charity_id=${id}`))
        .json()
        .items.map((p: { id: number }) => p.id);
    expect(await inExplore()).toEqual([liveId]);

    const member = await t.createUser();
    await addCharityMember(t, id, member, 99);
    const byMember = await setLock(id, { lock_status: true, reason: 'Under review' }, admin.token);
    expect(byMember.statusCode).toBe(403);
    expect(
      (await setLock(id, { lock_status: true, reason: 'Under review' }, employee.token)).statusCode,
    ).toBe(403);
    expect((await setLock(id, {})).statusCode).toBe(400);

    const lock = await setLock(id, { lock_status: true, reason: 'Under review' });
    expect(lock.statusCode).toBe(200);
    expect(lock.json().lock_status).toBe(true);
    expect(await inExplore()).toEqual([]);
    expect((await t.request('GET', `/api/project/${liveId}`)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/charity/${id}`)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/charity/${id}`, { token: member.token })).json().lock_status).toBe(
      true,
    );
    expect((await t.request('GET', '/api/charity/list?q=locked%20larch')).json().items).toEqual([]);
    expect((await t.request('GET', '/api/explore/charity/list?q=larch')).json().items).toEqual([]);

    const published = await publish(draftId, admin.token);
    expect(published.statusCode).toBe(409);
    expect(published.json().error.code).toBe('CHARITY_LOCKED');
    const complete = await t.request('POST', `/api/project/${liveId}/complete`, { token: admin.token });
    expect(complete.statusCode).toBe(409);
    expect(complete.json().error.code).toBe('CHARITY_LOCKED');
    // Its members still sign in for their own accounts.
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: admin.email, password: 'Correct-Horse-9' },
    });
    expect(login.statusCode).toBe(200);

    const unlock = await setLock(id, { lock_status: false });
    expect(unlock.json().lock_status).toBe(false);
    expect(await inExplore()).toEqual([liveId]);
    expect((await publish(draftId, admin.token)).statusCode).toBe(200);
    expect((await setLock(999_999, { lock_status: true, reason: 'Under review' })).statusCode).toBe(404);
  });
});
