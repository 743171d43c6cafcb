import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_SCHEMA } from '../../events/queue-schema.js';
import { isoDay } from '../../lib/periods.js';
import { makeDonor, makeGivingSetUp, makeOrganisation, type Person } from '../../testing/factories.js';
import { countRows, useTestApp } from '../../testing/helpers.js';

/**
 * Who is told of what (docs/product/notifications.md): each event tells the people its table names,
 * in the app and by mail as each chose; the bell and the list; preferences; the digest;
 * unsubscribing from a mail's link and its headers without signing in.
 */
const clock = new Date('2026-06-01T10:00:00Z');
const t = useTestApp({}, { now: () => clock });
let platform: Person;
let admin: Person;
let donor: Person;
let charityId: number;
let projectId: number;

interface Told {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  account: { type: string; id: number; name: string } | null;
  read_at: string | null;
}

async function notifications(person: Person): Promise<Told[]> {
  await t.settle();
  const res = await t.request('GET', '/api/notifications?limit=100', { token: person.token });
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

async function unread(person: Person): Promise<number> {
  await t.settle();
  return (await t.request('GET', '/api/notifications/unread_count', { token: person.token })).json().count;
}

async function offerHours(giver: Person, hours = 2) {
  const res = await t.request('POST', `/api/user/donate/project/${projectId}`, {
    token: giver.token,
    body: { type: 3, hours },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().donation.id as number;
}

async function decideOffer(id: number, action: 'approve' | 'reject') {
  const res = await t.request('POST', `/api/charity/${charityId}/approve_donations`, {
    token: admin.token,
    body: { donation_ids: [id], action, reason: 'The rota is full' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function choose(person: Person, preferences: Array<{ kind: string; in_app: boolean; mail: string }>) {
  const res = await t.request('PUT', '/api/user/notification_preferences', {
    token: person.token,
    body: { preferences },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().preferences as Array<{ kind: string; in_app: boolean; mail: string; label: string }>;
}

const mailsTo = async (person: Person) => (await t.outbox()).filter((mail) => mail.to.includes(person.email));

beforeAll(async () => {
  ({ platform, charityId, projectId, admin } = await makeGivingSetUp(t, 'Bell Trust', {
    title: 'Riverside clean',
    fields: {
      description: 'Clearing the banks.',
      end_date: isoDay(new Date(clock.getTime() + 30 * 86_400_000)),
      volunteering_hours: 500,
    },
  }));
  donor = await makeDonor(t, 100_000);
});

describe('an offer of time', () => {
  it('waits in the charity admins’ bell, and its answer reaches the giver in the app and by mail', async () => {
    const before = await unread(admin);
    const id = await offerHours(donor, 3);
    const waiting = (await notifications(admin))[0];
    expect(waiting).toMatchObject({
      kind: 'offer_waiting',
      title: 'An offer waits for your answer',
      link: '/charity/donations',
      account: { type: 'charity', id: charityId, name: 'Bell Trust' },
      read_at: null,
    });
    expect(waiting?.body).toContain('3 hours of volunteering to Riverside clean');
    expect(await unread(admin)).toBe(before + 1);

    await decideOffer(id, 'approve');
    const [told] = await notifications(donor);
    expect(told).toMatchObject({ kind: 'gift_update', title: 'Your offer was accepted', link: '/giving' });
    expect(told?.body).toBe('Bell Trust accepted 3 hours of volunteering to Riverside clean.');
    const mail = (await mailsTo(donor)).find((m) => m.subject === 'Your offer was accepted');
    expect(mail?.text).toContain('See it on Kindred: http');
    expect(mail?.text).toMatch(/Stop it: http\S+\/unsubscribe\/\S+/);
    expect(mail?.header('List-Unsubscribe')).toMatch(/^<http\S+\/api\/unsubscribe\/\S+>$/);
    expect(mail?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('tells each person once however often the event is handled', async () => {
    const id = await offerHours(donor);
    await decideOffer(id, 'reject');
    const declined = (await notifications(donor)).filter((n) => n.title === 'Your offer was declined');
    expect(declined).toHaveLength(1);
    const mails = (await mailsTo(donor)).filter((m) => m.subject === 'Your offer was declined').length;
    // The worker runs the handler again, as after a crash before its job was marked done.
    await t.ctx.database.db.execute(sql`
      select ${sql.raw(QUEUE_SCHEMA)}.add_job('notifications.donation.status_changed',
        json_build_object('id', e.id, 'type', e.type, 'data', e.data, 'created_at', e.created_at))
      from events e where e.type = 'donation.status_changed' and (e.data->>'donation_id')::int = ${id}`);
    expect((await notifications(donor)).filter((n) => n.title === 'Your offer was declined')).toHaveLength(1);
    expect((await mailsTo(donor)).filter((m) => m.subject === 'Your offer was declined')).toHaveLength(mails);
  });
});

describe('sign-off', () => {
  it('tells the sign-off admins a gift waits, and the employee what they decided', async () => {
    const organisation = await makeOrganisation(t, platform, {
      name: 'Bellwether Ltd',
      funds: 500_000,
      members: [{ role: 2, signoff: true }, { role: 99 }],
    });
    const [signoff, employee] = organisation.members as [Person, Person];
    const asked = await t.request('POST', `/api/business/${organisation.id}/donate/project/${projectId}`, {
      token: employee.token,
      body: { type: 2, amount: 20_000 },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [waiting] = await notifications(signoff);
    expect(waiting).toMatchObject({
      kind: 'signoff_request',
      title: 'A gift waits for your sign-off',
      link: '/organisation/sign-off',
      account: { type: 'business', id: organisation.id, name: 'Bellwether Ltd' },
    });
    expect(waiting?.body).toContain('asks to give ₹200 to Riverside clean on behalf of Bellwether Ltd.');
    // The employee who asked is not told to sign off their own request.
    expect((await notifications(employee)).some((n) => n.kind === 'signoff_request')).toBe(false);

    const decided = await t.request('POST', `/api/business/${organisation.id}/approve_donations`, {
      token: signoff.token,
      body: { donation_ids: [asked.json().donation.id], action: 'approve' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [told] = await notifications(employee);
    expect(told).toMatchObject({ kind: 'gift_update', title: 'Your gift was signed off' });
    // The gift now reaches the charity: its admins are told.
    expect((await notifications(admin)).some((n) => n.title === 'New gift to Riverside clean')).toBe(true);
  });
});

describe('the list and the bell', () => {
  it('pages newest first and marks read some, then all, of one’s own only', async () => {
    const giver = await makeDonor(t, 10_000);
    for (let i = 0; i < 3; i++) await decideOffer(await offerHours(giver), 'approve');
    await t.settle();
    const first = await t.request('GET', '/api/notifications?limit=2', { token: giver.token });
    expect(first.json().items).toHaveLength(2);
    const next = await t.request('GET', `/api/notifications?limit=2&cursor=${first.json().next_cursor}`, {
      token: giver.token,
    });
    const ids = [...first.json().items, ...next.json().items].map((n: Told) => n.id);
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(await unread(giver)).toBe(3);

    // Someone else's notification is not theirs to mark.
    const [othersNewest] = await notifications(donor);
    const marked = await t.request('POST', '/api/notifications/mark_read', {
      token: giver.token,
      body: { ids: [ids[0], othersNewest?.id] },
    });
    expect(marked.json()).toEqual({ count: 2 });
    expect((await notifications(donor)).find((n) => n.id === othersNewest?.id)?.read_at).toBeNull();

    const all = await t.request('POST', '/api/notifications/mark_read', {
      token: giver.token,
      body: { all: true },
    });
    expect(all.json()).toEqual({ count: 0 });
    expect((await notifications(giver)).every((n) => n.read_at !== null)).toBe(true);
  });

  it('refuses bad input with field errors and a stranger without a sign-in', async () => {
    const bad = await t.request('POST', '/api/notifications/mark_read', {
      token: donor.token,
      body: { ids: [] },
    });
    expect(bad.statusCode).toBe(400);
    const badKind = await t.request('PUT', '/api/user/notification_preferences', {
      token: donor.token,
      body: { preferences: [{ kind: 'everything', in_app: true, mail: 'now' }] },
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error.details.fields).toEqual({
      'preferences.0.kind': 'Choose a kind of notification from the list.',
    });
    expect((await t.request('GET', '/api/notifications')).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('start at each kind’s default and change only the kinds sent', async () => {
    const person = await t.createUser();
    const start = (
      await t.request('GET', '/api/user/notification_preferences', { token: person.token })
    ).json().preferences;
    expect(start.find((p: { kind: string }) => p.kind === 'gift_update')).toMatchObject({
      label: 'My gifts',
      in_app: true,
      mail: 'now',
    });
    expect(start.find((p: { kind: string }) => p.kind === 'gift_received')).toMatchObject({ mail: 'daily' });
    const saved = await choose(person, [{ kind: 'message', in_app: false, mail: 'off' }]);
    expect(saved.find((p) => p.kind === 'message')).toMatchObject({ in_app: false, mail: 'off' });
    expect(saved.find((p) => p.kind === 'gift_update')).toMatchObject({ in_app: true, mail: 'now' });
  });

  it('are honoured: off in the app hides it, mail off sends none, daily waits for one digest', async () => {
    const giver = await makeDonor(t, 10_000);
    await choose(giver, [{ kind: 'gift_update', in_app: false, mail: 'off' }]);
    await decideOffer(await offerHours(giver), 'approve');
    expect(await notifications(giver)).toEqual([]);
    expect(await mailsTo(giver)).toEqual([]);

    await choose(giver, [{ kind: 'gift_update', in_app: true, mail: 'daily' }]);
    await decideOffer(await offerHours(giver), 'approve');
    await decideOffer(await offerHours(giver), 'reject');
    expect(await notifications(giver)).toHaveLength(2);
    expect(await mailsTo(giver)).toEqual([]);

    await t.ctx.events.settle();
    const digests = t.jobs.find((job) => job.name === 'notification digests');
    await digests?.run();
    const mails = await mailsTo(giver);
    expect(mails.map((m) => m.subject)).toEqual(['Your Kindred digest: 2 new notifications']);
    expect(mails[0]?.text).toContain('Your offer was accepted');
    expect(mails[0]?.text).toContain('Your offer was declined');
    expect(mails[0]?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // A digest is sent once.
    await digests?.run();
    expect(await mailsTo(giver)).toHaveLength(1);
  });
});

describe('unsubscribe', () => {
  async function mailedLinks(person: Person, subject: string) {
    const mail = (await mailsTo(person)).filter((m) => m.subject === subject).at(-1);
    const page = mail?.text.match(/Stop it: \S+\/unsubscribe\/(\S+)/)?.[1];
    const header = mail?.header('List-Unsubscribe').match(/^<\S+(\/api\/unsubscribe\/\S+)>$/)?.[1];
    if (!page || !header) throw new Error(`no unsubscribe links in “${subject}”: ${mail?.source}`);
    return { page, header };
  }

  it('from the mail’s link: says what it stops, stops it without a sign-in, and no more such mail goes', async () => {
    const giver = await makeDonor(t, 10_000);
    await decideOffer(await offerHours(giver), 'approve');
    const { page } = await mailedLinks(giver, 'Your offer was accepted');
    const view = await t.request('GET', `/api/unsubscribe/${page}`);
    expect(view.json()).toEqual({ kind: 'gift_update', label: 'My gifts', unsubscribed: false });
    const done = await t.request('POST', `/api/unsubscribe/${page}`);
    expect(done.json()).toEqual({ kind: 'gift_update', label: 'My gifts', unsubscribed: true });
    expect((await t.request('GET', `/api/unsubscribe/${page}`)).json().unsubscribed).toBe(true);

    const mails = (await mailsTo(giver)).length;
    await decideOffer(await offerHours(giver), 'approve');
    expect(await mailsTo(giver)).toHaveLength(mails);
    // Still told in the app.
    expect((await notifications(giver)).filter((n) => n.title === 'Your offer was accepted')).toHaveLength(2);
  });

  it('from the List-Unsubscribe header: a one-click form post (RFC 8058)', async () => {
    const giver = await makeDonor(t, 10_000);
    await decideOffer(await offerHours(giver), 'reject');
    const { header } = await mailedLinks(giver, 'Your offer was declined');
    const res = await t.request('POST', header, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const prefs = (
      await t.request('GET', '/api/user/notification_preferences', { token: giver.token })
    ).json();
    expect(prefs.preferences.find((p: { kind: string }) => p.kind === 'gift_update').mail).toBe('off');
  });

  it('refuses a link that is not ours', async () => {
    const giver = await makeDonor(t, 10_000);
    await decideOffer(await offerHours(giver), 'approve');
    const { page } = await mailedLinks(giver, 'Your offer was accepted');
    const forged = page.replace(/^\d+/, String(donor.id));
    expect((await t.request('POST', `/api/unsubscribe/${forged}`)).statusCode).toBe(404);
    expect((await t.request('GET', '/api/unsubscribe/nonsense')).statusCode).toBe(404);
    expect(await countRows(t, 'notification_preferences', `user_id = ${donor.id}`)).toBe(0);
  });
});
