import { beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../lib/periods.js';
import {
  giveToProject,
  joinOrganisation,
  makeCharityWithProject,
  makeDonor,
  makeEmployee,
  makeOrganisation,
  makeProject,
  type Person,
  platformAdmin,
  setMatching,
} from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { GOOD_CARD } from '../../testing/money.js';

/**
 * The rows of docs/product/notifications.md#who-is-told-what not shown by notifications.test.ts:
 * each event tells exactly the people the table names, in the words it gives.
 */
const t = useTestApp();
let platform: Person;
let charity: { charityId: number; admin: Person; projectId: number };

interface Told {
  kind: string;
  title: string;
  body: string;
  link: string;
  account: { type: string; id: number; name: string } | null;
}
async function told(person: Person): Promise<Told[]> {
  await t.settle();
  return (await t.request('GET', '/api/notifications?limit=100', { token: person.token })).json().items;
}
const titles = async (person: Person) => (await told(person)).map((n) => n.title);

beforeAll(async () => {
  platform = await platformAdmin(t);
  charity = await makeCharityWithProject(
    t,
    { name: 'Told Trust', platform },
    {
      title: 'Canal clean',
      fields: {
        description: 'Cleaning the canal.',
        end_date: isoDay(new Date(t.ctx.now().getTime() + 60 * 86_400_000)),
        funds_target: 10_000_000,
      },
    },
  );
});

describe('who is told', () => {
  it('an employee, when their organisation matches their gift; its sign-off admins, of the match', async () => {
    const org = await makeOrganisation(t, platform, {
      name: 'Matcher Ltd',
      funds: 1_000_000,
      members: [{ role: 99, signoff: true }],
    });
    const [signoff] = org.members as [Person];
    await setMatching(t, org, { ratio_percent: 100, annual_budget: 200_000 });
    const employee = await makeEmployee(t, org, 10_000);
    await giveToProject(t, employee, charity.projectId, 2_000);
    expect(await told(employee)).toContainEqual(
      expect.objectContaining({
        kind: 'gift_update',
        title: 'Matcher Ltd matched your gift',
        body: 'Matcher Ltd gives ₹20 to Canal clean, matching your gift.',
      }),
    );
    // The match waits for sign-off: the employee asked for nothing, so the sign-off admin is told.
    const waiting = (await told(signoff)).find((n) => n.kind === 'signoff_request');
    expect(waiting?.body).toMatch(/^Matcher Ltd matches Test Person \d+’s gift with ₹20 to Canal clean\.$/);
  });

  it('the giver, in the app only, when their gift is refunded (the credit note is mailed)', async () => {
    const donor = await makeDonor(t, 10_000);
    const { donation } = await giveToProject(t, donor, charity.projectId, 3_000);
    const res = await t.request('POST', `/api/donation/${donation.id}/refund`, {
      token: charity.admin.token,
      body: { amount: 1_000, reason: 'Given twice' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await told(donor)).toContainEqual(
      expect.objectContaining({
        kind: 'gift_update',
        title: 'Money back from your gift',
        body: '₹10 of your gift of ₹30 to Canal clean was refunded.',
      }),
    );
    const mails = (await t.outbox()).filter((m) => m.to.includes(donor.email)).map((m) => m.subject);
    expect(mails).not.toContain('Money back from your gift');
  });

  it('the charity’s admins, when a gift is disputed and when the dispute closes', async () => {
    const donor = await t.createUser();
    const gift = await t.request('POST', `/api/user/donate/project/${charity.projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 4_000, source: 'card', card: GOOD_CARD },
    });
    const paymentId = gift.json().donation.payment_id;
    const event = (body: Record<string, unknown>) =>
      t.request('POST', '/api/sandbox/events', {
        token: platform.token,
        body: { payment_id: paymentId, ...body },
      });
    await event({ type: 'charge.dispute.created' });
    await event({ type: 'charge.dispute.closed', outcome: 'won' });
    const disputes = (await told(charity.admin)).filter((n) => n.kind === 'dispute');
    expect(disputes.map((n) => n.title)).toEqual(['A dispute was won', 'A gift is disputed']);
    expect(disputes[1]).toMatchObject({
      link: '/charity/donations',
      account: { type: 'charity', id: charity.charityId, name: 'Told Trust' },
    });
  });

  it('the givers of a project, when it is completed or cancelled', async () => {
    const donor = await makeDonor(t, 10_000);
    const other = await makeDonor(t, 10_000);
    const completed = await makeProject(t, charity.admin, {
      charityId: charity.charityId,
      title: 'Bridge repair',
    });
    const cancelled = await makeProject(t, charity.admin, {
      charityId: charity.charityId,
      title: 'River walk',
    });
    await giveToProject(t, donor, completed, 1_000);
    await giveToProject(t, donor, cancelled, 1_000);
    await giveToProject(t, other, cancelled, 1_000);
    for (const [url, project] of [
      ['complete', completed],
      ['cancel', cancelled],
    ] as const) {
      const res = await t.request('POST', `/api/project/${project}/${url}`, { token: charity.admin.token });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await titles(donor)).toEqual(
      expect.arrayContaining(['Bridge repair is completed', 'River walk was cancelled']),
    );
    expect(await titles(other)).toContain('River walk was cancelled');
    expect(await titles(other)).not.toContain('Bridge repair is completed');
  });

  it('an organisation’s admins, when someone joins or asks to join, and the asker of the answer', async () => {
    const org = await makeOrganisation(t, platform, { name: 'Joiners Ltd' });
    const admin = await joinOrganisation(t, org.id, org.owner, 2);
    // The one who joined is not told of themself.
    expect(await titles(org.owner)).toEqual([expect.stringMatching(/^Test Person \d+ joined Joiners Ltd$/)]);
    expect(await titles(admin)).toEqual([]);
    const asker = await t.createUser();
    const asked = await t.request('POST', '/api/join', {
      token: asker.token,
      body: { target_type: 'business', target_id: org.id },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = (await told(admin)).find((n) => n.link === '/organisation/requests');
    expect(request).toMatchObject({
      kind: 'membership',
      account: { type: 'business', id: org.id, name: 'Joiners Ltd' },
    });
    expect(request?.title).toMatch(/ asks to join Joiners Ltd$/);
    const answered = await t.request('PATCH', '/api/join', {
      token: admin.token,
      body: { request_id: asked.json().id, action: 'decline' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await told(asker)).toContainEqual(
      expect.objectContaining({
        title: 'Your request to join Joiners Ltd',
        body: 'Joiners Ltd did not accept your request to join.',
      }),
    );
  });

  it('the person a message is for, or the admins of the account it is for but its author', async () => {
    const writer = await t.createUser();
    const reader = await t.createUser();
    const toPerson = await t.request('POST', '/api/message/create', {
      token: writer.token,
      body: {
        owner_type: 1,
        owner_id: writer.id,
        recipient_type: 1,
        recipient_id: reader.id,
        subject: 'Hello',
        body: 'See you at the clean-up.',
        status: 2,
      },
    });
    expect(toPerson.statusCode, toPerson.body).toBe(201);
    const [message] = await told(reader);
    expect(message).toMatchObject({
      kind: 'message',
      body: 'See you at the clean-up.',
      link: '/messages',
      account: null,
    });
    expect(message?.title).toMatch(/^New message from .+: Hello$/);

    const toCharity = await t.request('POST', '/api/message/create', {
      token: writer.token,
      body: {
        owner_type: 1,
        owner_id: writer.id,
        recipient_type: 3,
        recipient_id: charity.charityId,
        subject: 'Volunteering',
        body: 'Can I help?',
        status: 2,
      },
    });
    expect(toCharity.statusCode, toCharity.body).toBe(201);
    expect(await told(charity.admin)).toContainEqual(
      expect.objectContaining({
        title: 'New message for Told Trust',
        account: { type: 'charity', id: charity.charityId, name: 'Told Trust' },
      }),
    );
    expect((await told(writer)).some((n) => n.kind === 'message')).toBe(false);
  });
});
