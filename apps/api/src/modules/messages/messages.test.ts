import { MESSAGE_SEND_LIMIT } from '@kindred/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectMemberships, projects, users } from '../../db/schema.js';
import { makeCharity, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { addBusinessMember, addCharityMember, createOrganisation } from '../../testing/organisations.js';

let clock = new Date('2026-05-04T09:00:00Z');
const t = useTestApp({}, { now: () => clock });
const tick = (ms = 1000) => {
  clock = new Date(clock.getTime() + ms);
};
let platform: Person;
let donor: Person;
let other: Person;
let charity: { id: number; admin: Person; member: Person };
let business: { id: number; owner: Person; employee: Person };
let project: { id: number; admin: Person };

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  donor = await t.createUser();
  other = await t.createUser();
  const made = await makeCharity(t, { name: 'Harbour Lights Trust', platform });
  const charityMember = await t.createUser();
  await addCharityMember(t, made.id, charityMember, 99);
  charity = { id: made.id, admin: made.admin, member: charityMember };

  const org = await createOrganisation(t, platform.token, 'Quayside Works');
  business = { ...org, employee: await addBusinessMember(t, org.id, 99, clock) };

  const projectAdmin = await t.createUser();
  const [row] = await t.ctx.database.db
    .insert(projects)
    .values({
      ownerType: 1,
      ownerId: projectAdmin.id,
      title: 'Beach Clean Week',
      status: 2,
      createdAt: clock,
      updatedAt: clock,
    })
    .returning({ id: projects.id });
  await t.ctx.database.db
    .insert(projectMemberships)
    .values({ projectId: row?.id ?? 0, userId: projectAdmin.id, adminType: 1, createdAt: clock });
  project = { id: row?.id ?? 0, admin: projectAdmin };
});

const personal = (person: Person) => ({ owner_type: 1, owner_id: person.id });

async function send(
  token: string,
  from: { owner_type: number; owner_id: number },
  to: { type: number; id: number },
  fields: Record<string, unknown> = {},
) {
  tick();
  return t.request('POST', '/api/message/create', {
    token,
    body: {
      ...from,
      recipient_type: to.type,
      recipient_id: to.id,
      subject: 'Volunteering in June',
      body: 'Hello, can I help at the June event?',
      status: 2,
      ...fields,
    },
  });
}

const list = async (token: string, folder: string, owner: string) =>
  (await t.request('GET', `/api/message/get_all_${folder}/${owner}`, { token })).json();

describe('a donor writes to a charity', () => {
  it('sends, the charity reads it, replies, and the donor sees the unread reply in the thread', async () => {
    const sent = await send(donor.token, personal(donor), { type: 3, id: charity.id });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({
      status: 2,
      direction: 'out',
      subject: 'Volunteering in June',
      sender: { type: 1, id: donor.id, name: expect.stringContaining('Test Person') },
      recipient: { type: 3, id: charity.id, name: 'Harbour Lights Trust' },
    });
    expect(JSON.stringify(message)).not.toContain(donor.email);

    const inbox = await list(charity.member.token, 'inbox', `3/${charity.id}`);
    expect(inbox.items.map((m: { id: number }) => m.id)).toContain(message.id);
    expect(inbox.items[0]).toMatchObject({ direction: 'in', is_read: false });
    const session = (await t.request('GET', '/api/user/get', { token: charity.admin.token })).json();
    expect(session.charity_membership[0]).toMatchObject({ charity_id: charity.id, unread_messages: 1 });
    expect(session.unread_messages).toBe(1);
    expect(session.user.unread_messages).toBe(1);

    const read = await t.request('POST', '/api/message/mark_read', {
      token: charity.admin.token,
      body: { owner_type: 3, owner_id: charity.id, message_ids: [message.id] },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread_messages: 0 });

    tick();
    const reply = await t.request('POST', '/api/message/reply', {
      token: charity.admin.token,
      body: {
        owner_type: 3,
        owner_id: charity.id,
        message_id: message.id,
        body: 'Yes please! See you there.',
      },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({
      thread_id: message.id,
      subject: 'Re: Volunteering in June',
      recipient: { type: 1, id: donor.id },
      sender: { type: 3, id: charity.id },
    });

    const me = (await t.request('GET', '/api/user/get', { token: donor.token })).json();
    expect(me.unread_messages).toBe(1);
    const thread = await t.request('GET', `/api/replay/get/1/${donor.id}/${message.id}`, {
      token: donor.token,
    });
    expect(thread.statusCode, thread.body).toBe(200);
    expect(thread.json().items.map((m: { body: string }) => m.body)).toEqual([
      'Hello, can I help at the June event?',
      'Yes please! See you there.',
    ]);
    const boxes = (await t.request('GET', '/api/message/mailboxes', { token: donor.token })).json();
    expect(boxes).toMatchObject({
      unread_messages: 1,
      items: [{ owner_type: 1, owner_id: donor.id, unread_messages: 1 }],
    });
  });

  it('mails the person the message, and an account’s admins a notice without the body', async () => {
    const before = (await t.outbox()).length;
    await send(donor.token, personal(donor), { type: 3, id: charity.id }, { body: 'Secret plans for June.' });
    await send(
      charity.admin.token,
      { owner_type: 3, owner_id: charity.id },
      { type: 1, id: other.id },
      {
        subject: 'Thank you',
        body: 'Thank you for your gift.',
      },
    );
    const mail = (await t.outbox()).slice(before);
    const toAdmin = mail.find((m) => m.to.includes(charity.admin.email));
    expect(toAdmin?.subject).toBe('New message for Harbour Lights Trust');
    expect(toAdmin?.text).not.toContain('Secret plans');
    const toPerson = mail.find((m) => m.to.includes(other.email));
    expect(toPerson?.subject).toBe('New message from Harbour Lights Trust: Thank you');
    expect(toPerson?.text).toContain('Thank you for your gift.');
  });
});

describe('folders', () => {
  it('keeps drafts apart, edits them, sends them, and archives each side’s copy on its own', async () => {
    const writer = await t.createUser();
    const draft = await send(
      writer.token,
      personal(writer),
      { type: 2, id: business.id },
      { status: 1, body: '' },
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id;
    expect(
      (await list(writer.token, 'draft', `1/${writer.id}`)).items.map((m: { id: number }) => m.id),
    ).toEqual([id]);
    expect((await list(writer.token, 'sent', `1/${writer.id}`)).items).toEqual([]);
    expect(
      (await list(business.owner.token, 'inbox', `2/${business.id}`)).items.map((m: { id: number }) => m.id),
    ).not.toContain(id);
    // A draft is the writer's alone.
    expect(
      (await t.request('GET', `/api/message/get/2/${business.id}/${id}`, { token: business.owner.token }))
        .statusCode,
    ).toBe(404);

    const empty = await t.request('PATCH', `/api/message/update/1/${writer.id}/${id}`, {
      token: writer.token,
      body: { status: 2 },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fields.body).toBeTruthy();

    const edited = await t.request('PATCH', `/api/message/update/1/${writer.id}/${id}`, {
      token: writer.token,
      body: { subject: 'Sponsorship', body: 'Would you sponsor our run?' },
    });
    expect(edited.json()).toMatchObject({ status: 1, subject: 'Sponsorship' });
    tick();
    const sentNow = await t.request('PATCH', `/api/message/update/1/${writer.id}/${id}`, {
      token: writer.token,
      body: { status: 2 },
    });
    expect(sentNow.statusCode, sentNow.body).toBe(200);
    expect(sentNow.json()).toMatchObject({ status: 2, sent_at: clock.toISOString() });
    const again = await t.request('PATCH', `/api/message/update/1/${writer.id}/${id}`, {
      token: writer.token,
      body: { body: 'Changed after sending' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('MESSAGE_NOT_DRAFT');
    expect(
      (await list(business.employee.token, 'inbox', `2/${business.id}`)).items.map(
        (m: { id: number }) => m.id,
      ),
    ).toContain(id);

    const archived = await t.request('DELETE', `/api/message/archive/2/${business.id}/${id}`, {
      token: business.employee.token,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().status).toBe(9);
    expect(
      (await list(business.owner.token, 'inbox', `2/${business.id}`)).items.map((m: { id: number }) => m.id),
    ).not.toContain(id);
    expect(
      (await list(business.owner.token, 'archive', `2/${business.id}`)).items.map(
        (m: { id: number }) => m.id,
      ),
    ).toContain(id);
    // The writer keeps it in Sent.
    expect(
      (await list(writer.token, 'sent', `1/${writer.id}`)).items.map((m: { id: number }) => m.id),
    ).toEqual([id]);
    const twice = await t.request('DELETE', `/api/message/archive/2/${business.id}/${id}`, {
      token: business.owner.token,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('pages a folder newest first with keyset cursors', async () => {
    const writer = await t.createUser();
    const reader = await t.createUser();
    for (let i = 1; i <= 5; i += 1)
      await send(writer.token, personal(writer), { type: 1, id: reader.id }, { subject: `Note ${i}` });
    const first = await t.request('GET', `/api/message/get_all_inbox/1/${reader.id}?limit=2`, {
      token: reader.token,
    });
    expect(first.json().items.map((m: { subject: string }) => m.subject)).toEqual(['Note 5', 'Note 4']);
    const next = await t.request(
      'GET',
      `/api/message/get_all_inbox/1/${reader.id}?limit=2&cursor=${first.json().next_cursor}`,
      { token: reader.token },
    );
    expect(next.json().items.map((m: { subject: string }) => m.subject)).toEqual(['Note 3', 'Note 2']);
    const back = await t.request(
      'GET',
      `/api/message/get_all_inbox/1/${reader.id}?limit=2&direction=before&cursor=${next.json().prev_cursor}`,
      { token: reader.token },
    );
    expect(back.json().items.map((m: { subject: string }) => m.subject)).toEqual(['Note 5', 'Note 4']);
    const bad = await t.request('GET', `/api/message/get_all_inbox/1/${reader.id}?cursor=nonsense`, {
      token: reader.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a project’s admins read its mailbox', async () => {
    const sent = await send(
      donor.token,
      personal(donor),
      { type: 4, id: project.id },
      { subject: 'Beach clean' },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = await list(project.admin.token, 'inbox', `4/${project.id}`);
    expect(inbox.items[0]).toMatchObject({
      subject: 'Beach clean',
      recipient: { type: 4, name: 'Beach Clean Week' },
    });
    const session = (await t.request('GET', '/api/user/get', { token: project.admin.token })).json();
    expect(session.project_membership[0]).toMatchObject({ project_id: project.id, unread_messages: 1 });
  });
});

describe('who may', () => {
  it('reads only the mailboxes of accounts one belongs to', async () => {
    const stranger = await t.createUser();
    for (const url of [
      `/api/message/get_all_inbox/1/${donor.id}`,
      `/api/message/get_all_sent/3/${charity.id}`,
      `/api/message/get_all_draft/2/${business.id}`,
      `/api/message/get_all_archive/4/${project.id}`,
      `/api/message/get/3/${charity.id}/1`,
      `/api/replay/get/1/${donor.id}/1`,
    ]) {
      const res = await t.request('GET', url, { token: stranger.token });
      expect(res.statusCode, url).toBe(403);
      expect((await t.request('GET', url)).statusCode, url).toBe(401);
    }
    expect(
      (await t.request('GET', `/api/message/get_all_inbox/4/999999`, { token: stranger.token })).statusCode,
    ).toBe(404);
    const patch = await t.request('PATCH', `/api/message/update/3/${charity.id}/1`, {
      token: stranger.token,
      body: {},
    });
    expect(patch.statusCode).toBe(403);
    const del = await t.request('DELETE', `/api/message/archive/2/${business.id}/1`, {
      token: stranger.token,
    });
    expect(del.statusCode).toBe(403);
    // Writing as an account one does not belong to.
    const as = await send(
      stranger.token,
      { owner_type: 2, owner_id: business.id },
      { type: 1, id: donor.id },
    );
    expect(as.statusCode).toBe(403);
    const asPerson = await send(stranger.token, personal(donor), { type: 1, id: other.id });
    expect(asPerson.statusCode).toBe(403);
  });

  it('never shows another mailbox’s message, nor marks it read', async () => {
    const sent = (await send(donor.token, personal(donor), { type: 1, id: other.id })).json();
    const outsider = await t.createUser();
    const get = await t.request('GET', `/api/message/get/1/${outsider.id}/${sent.id}`, {
      token: outsider.token,
    });
    expect(get.statusCode).toBe(404);
    const reply = await t.request('POST', '/api/message/reply', {
      token: outsider.token,
      body: { ...personal(outsider), message_id: sent.id, body: 'Butting in' },
    });
    expect(reply.statusCode).toBe(404);
    const mark = await t.request('POST', '/api/message/mark_read', {
      token: donor.token,
      body: { ...personal(donor), message_ids: [sent.id] },
    });
    // The donor sent it: it is not in the donor's inbox.
    expect(mark.statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('names each bad field and never writes', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject: '' }, 'subject'],
      [{ body: '' }, 'body'],
      [{ body: 'x'.repeat(5001) }, 'body'],
      [{ subject: 's'.repeat(201) }, 'subject'],
      [{ body: 'Bell \u0007 here' }, 'body'],
      [{ status: 9 }, 'status'],
      [{ recipient_type: 7 }, 'recipient_type'],
      [{ recipient_id: -1 }, 'recipient_id'],
      [{ recipient_id: 'abc' }, 'recipient_id'],
      [{ extra: true }, ''],
    ];
    for (const [fields, field] of cases) {
      const res = await send(donor.token, personal(donor), { type: 1, id: other.id }, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      if (field) expect(res.json().error.details.fields[field], JSON.stringify(fields)).toBeTruthy();
    }
    const self = await send(donor.token, personal(donor), { type: 1, id: donor.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.details.fields.recipient_id).toBeTruthy();
    const nobody = await send(donor.token, personal(donor), { type: 3, id: 987654 });
    expect(nobody.statusCode).toBe(400);
    for (const url of [
      '/api/message/get_all_inbox/5/1',
      '/api/message/get_all_inbox/1/abc',
      '/api/message/get/1/1/0',
    ]) {
      expect((await t.request('GET', url, { token: donor.token })).statusCode, url).toBe(400);
    }
    const mark = await t.request('POST', '/api/message/mark_read', {
      token: donor.token,
      body: { ...personal(donor), message_ids: [] },
    });
    expect(mark.statusCode).toBe(400);
    const reply = await t.request('POST', '/api/message/reply', {
      token: donor.token,
      body: { ...personal(donor), message_id: 1, body: '   ' },
    });
    expect(reply.statusCode).toBe(400);
    const search = await t.request('GET', '/api/message/recipients?q=a', { token: donor.token });
    expect(search.statusCode).toBe(400);
  });
});

describe('finding a recipient', () => {
  it('finds people and accounts by name without their emails', async () => {
    const res = await t.request('GET', '/api/message/recipients?q=harbour', { token: donor.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toContainEqual(
      expect.objectContaining({ type: 3, id: charity.id, name: 'Harbour Lights Trust', detail: 'Charity' }),
    );
    const people = await t.request('GET', '/api/message/recipients?q=test%20person', { token: donor.token });
    const items = people.json().items as Array<{ type: number; id: number }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.type === 1 && item.id !== donor.id)).toBe(true);
    expect(people.body).not.toContain('@example.org');
    expect(
      (await t.request('GET', '/api/message/recipients?q=quayside', { token: donor.token })).json().items[0],
    ).toMatchObject({
      type: 2,
      name: 'Quayside Works',
    });
    expect(
      (await t.request('GET', '/api/message/recipients?q=beach', { token: donor.token })).json().items[0],
    ).toMatchObject({
      type: 4,
      name: 'Beach Clean Week',
    });
    expect((await t.request('GET', '/api/message/recipients?q=harbour')).statusCode).toBe(401);
  });

  describe('by the start of the words of a name', () => {
    let dana: Person;
    let river: number;
    let mill: number;
    let orchard: number;
    const search = async (q: string) => {
      const res = await t.request('GET', `/api/message/recipients?q=${encodeURIComponent(q)}`, {
        token: donor.token,
      });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      return res.json().items as Array<{ type: number; id: number; name: string }>;
    };
    const found = async (q: string) => (await search(q)).map((item) => `${item.type}:${item.name}`);

    beforeAll(async () => {
      dana = await t.createUser();
      await t.ctx.database.db
        .update(users)
        .set({ firstName: 'Dana', lastName: 'Donor' })
        .where(eq(users.id, dana.id));
      const dormant = await t.createUser();
      await t.ctx.database.db
        .update(users)
        .set({ firstName: 'Dana', lastName: 'Dormant', isActive: false })
        .where(eq(users.id, dormant.id));
      river = (await makeCharity(t, { name: 'River Trust', charityTypes: [10], platform })).id;
      const org = await t.request('POST', '/api/business', {
        token: platform.token,
        body: { name: 'Old Mill Bakery', admin_email: (await t.createUser()).email },
      });
      if (org.statusCode !== 201) throw new Error(org.body);
      mill = org.json().id;
      const [row] = await t.ctx.database.db
        .insert(projects)
        .values({
          ownerType: 1,
          ownerId: dana.id,
          title: 'Community Orchard Planting',
          status: 2,
          createdAt: clock,
          updatedAt: clock,
        })
        .returning({ id: projects.id });
      orchard = row?.id ?? 0;
    });

    it('finds a person, a charity, an organisation and a project by the start of their words', async () => {
      expect(await search('Dan')).toContainEqual(
        expect.objectContaining({ type: 1, id: dana.id, name: 'Dana Donor' }),
      );
      // Every word must start a word of the name, in any order.
      expect(await found('don dan')).toContain('1:Dana Donor');
      expect(await found('dan dor')).not.toContain('1:Dana Donor');
      expect(await search('riv tr')).toContainEqual(
        expect.objectContaining({ type: 3, id: river, name: 'River Trust' }),
      );
      expect(await search('bakery mi')).toContainEqual(
        expect.objectContaining({ type: 2, id: mill, name: 'Old Mill Bakery' }),
      );
      expect(await search('orch plant')).toContainEqual(
        expect.objectContaining({ type: 4, id: orchard, name: 'Community Orchard Planting' }),
      );
    });

    it('never matches inside a word, and finds no one who cannot be written to', async () => {
      expect(await found('ana')).not.toContain('1:Dana Donor');
      expect(await found('iver')).not.toContain('3:River Trust');
      expect(await found('akery')).not.toContain('2:Old Mill Bakery');
      expect(await found('rchard')).not.toContain('4:Community Orchard Planting');
      // Dana Dormant's account is not active.
      expect(await found('dana')).toEqual(['1:Dana Donor']);
    });

    it('ignores case', async () => {
      expect(await found('DANA')).toEqual(['1:Dana Donor']);
      expect(await found('rIvEr TRUST')).toEqual(['3:River Trust']);
      expect(await found('OLD MILL')).toEqual(['2:Old Mill Bakery']);
      expect(await found('community ORCHARD')).toEqual(['4:Community Orchard Planting']);
    });

    it('reads symbols in the text as spaces between words: no error, and never everything', async () => {
      for (const q of [
        '%%',
        '__',
        '%_',
        '::',
        ':*',
        '&&',
        '||',
        '!!',
        "''",
        '""',
        '\\\\',
        '()',
        '<->',
        '*:*',
      ]) {
        expect(await search(q), q).toEqual([]);
      }
      for (const q of ['!zzqx', 'zzqx | dana', "zzqx:* | 'dana'", '!(zzqx)', 'zzqx & !dana', '%zzqx%']) {
        expect(await search(q), q).toEqual([]);
      }
      expect(await found('riv%tr')).toEqual(['3:River Trust']);
      expect(await found("'dana'")).toEqual(['1:Dana Donor']);
      expect(await found('dana:*')).toEqual(['1:Dana Donor']);
      expect(await found('"river" & (trust)')).toEqual(['3:River Trust']);
      expect(await found('old_mill!')).toEqual(['2:Old Mill Bakery']);
    });
  });
});

describe('rate limit', () => {
  it(`refuses messages over ${MESSAGE_SEND_LIMIT} in the window with 429, and allows drafts`, async () => {
    const chatty = await t.createUser();
    for (let i = 0; i < MESSAGE_SEND_LIMIT; i += 1) {
      const res = await send(chatty.token, personal(chatty), { type: 1, id: other.id });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await send(chatty.token, personal(chatty), { type: 1, id: other.id });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('TOO_MANY_MESSAGES');
    const draft = await send(chatty.token, personal(chatty), { type: 1, id: other.id }, { status: 1 });
    expect(draft.statusCode).toBe(201);
    tick(11 * 60_000);
    const later = await send(chatty.token, personal(chatty), { type: 1, id: other.id });
    expect(later.statusCode).toBe(201);
  });
});
