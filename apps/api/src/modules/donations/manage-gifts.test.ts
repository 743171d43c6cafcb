import { beforeAll, describe, expect, it } from 'vitest';
import { makeCharityWithProject, type Person, platformAdmin } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { GOOD_CARD } from '../../testing/money.js';

const clock = { now: new Date('2026-06-10T10:00:00Z') };
const t = useTestApp({}, { now: () => clock.now });
const DAY = 86_400_000;

let projectId: number;

/** The path of the manage link in the newest mail to `email` whose subject matches. */
async function linkIn(email: string, subject: RegExp): Promise<string> {
  const mail = (await t.outbox()).filter((m) => m.to === email && subject.test(m.subject)).at(-1);
  const text = (mail?.text ?? '').replace(/=\r?\n/g, '');
  const match = /\/manage\/([A-Za-z0-9._-]+)/.exec(text);
  if (!match) throw new Error(`no manage link in: ${text}`);
  return `/api/manage/${match[1]}`;
}

async function savedCard(donor: Person, card = GOOD_CARD) {
  const res = await t.request('POST', '/api/user/payment_methods', { token: donor.token, body: { card } });
  return res.json().payment_method as { id: number; label: string };
}

beforeAll(async () => {
  const platform = await platformAdmin(t);
  projectId = (await makeCharityWithProject(t, { name: 'Link Trust', platform }, { title: 'Link project' }))
    .projectId;
});

describe('a gift managed from its mail, without signing in', () => {
  it('a receipt links to its gift, which shows and downloads its receipt; the link cannot change it', async () => {
    const donor = await t.createUser();
    const res = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 1_500, source: 'card', card: GOOD_CARD },
    });
    const { donation } = res.json();
    const link = await linkIn(donor.email, new RegExp(donation.receipt_number));
    const view = await t.request('GET', link);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      kind: 'donation',
      donation: { id: donation.id, amount: 1_500, source: 'card' },
      actions: [],
      receipt: true,
    });
    const pdf = await t.request('GET', `${link}/receipt`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const change = await t.request('POST', link, { body: { action: 'cancel' } });
    expect(change.statusCode).toBe(409);
  });

  it('a recurring gift’s link pauses, resumes, changes the amount and the card, and cancels it', async () => {
    const donor = await t.createUser();
    const card = await savedCard(donor);
    const res = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 800, source: 'card', payment_method_id: card.id, frequency: 3 },
    });
    expect(res.statusCode).toBe(201);
    const { subscription, donation } = res.json();
    const link = await linkIn(donor.email, new RegExp(donation.receipt_number));
    const shown = (await t.request('GET', link)).json();
    expect(shown).toMatchObject({
      kind: 'subscription',
      subscription: { id: subscription.id, status: 'active', amount: 800 },
      payment_method: { id: card.id, label: card.label },
      actions: ['pause', 'amount', 'cancel', 'card'],
    });

    const act = async (body: Record<string, unknown>) => t.request('POST', link, { body });
    expect((await act({ action: 'pause' })).json().subscription.status).toBe('paused');
    expect((await act({ action: 'resume' })).json().subscription.status).toBe('active');
    const amount = await act({ action: 'amount', amount: 1_200 });
    expect(amount.json().subscription.amount).toBe(1_200);
    expect((await act({ action: 'amount' })).statusCode).toBe(400);
    const declined = await act({ action: 'card', card: { ...GOOD_CARD, number: '4000 0000 0000 0002' } });
    expect(declined.statusCode).toBe(402);
    const changed = await act({ action: 'card', card: { ...GOOD_CARD, number: '5555 5555 5555 4444' } });
    expect(changed.json().payment_method).toMatchObject({ label: 'Mastercard ending 4444' });
    const cancelled = await act({ action: 'cancel' });
    expect(cancelled.json()).toMatchObject({ subscription: { status: 'cancelled' }, actions: [] });
    expect((await act({ action: 'resume' })).statusCode).toBe(409);
  });

  it('a period whose card cannot be charged mails a link; the card changed there pays the missed gift at once', async () => {
    const donor = await t.createUser();
    const good = await savedCard(donor);
    // Set up on a good card, which is then removed: the next period cannot be charged.
    const res = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: donor.token,
      body: { type: 2, amount: 600, source: 'card', payment_method_id: good.id, frequency: 3 },
    });
    const { subscription } = res.json();
    await t.request('DELETE', `/api/user/payment_methods/${good.id}`, { token: donor.token });
    const view = async (link: string) => (await t.request('GET', link)).json();

    clock.now = new Date(clock.now.getTime() + 31 * DAY);
    await t.jobs.find((job) => job.name === 'recurring donations')?.run();
    const link = await linkIn(donor.email, /could not|declined/);
    expect((await view(link)).subscription).toMatchObject({ id: subscription.id });

    expect((await view(link)).subscription.missed).toMatchObject({ period: expect.any(String) });
    const changed = await t.request('POST', link, {
      body: { action: 'card', card: { ...GOOD_CARD, number: '5555 5555 5555 4444' } },
    });
    expect(changed.statusCode).toBe(200);
    // The missed gift is tried again at once on the new card, and paid.
    expect(changed.json().subscription.missed).toBeNull();
    const gifts = await t.request('GET', '/api/user/donations', { token: (await t.signIn(donor)).token });
    const ofPlan = gifts
      .json()
      .items.filter((d: { subscription_id: number }) => d.subscription_id === subscription.id);
    expect(ofPlan).toHaveLength(2);
  });

  it('refuses a tampered link, and a link past its 30 days', async () => {
    const donor = await t.createUser();
    const { donation } = (
      await t.request('POST', `/api/user/donate/project/${projectId}`, {
        token: donor.token,
        body: { type: 2, amount: 500, source: 'card', card: GOOD_CARD },
      })
    ).json();
    const link = await linkIn(donor.email, new RegExp(donation.receipt_number));
    const other = link.replace(/\/manage\/d(\d+)/, (_, id: string) => `/manage/d${Number(id) + 1}`);
    expect((await t.request('GET', other)).statusCode).toBe(404);
    expect((await t.request('GET', '/api/manage/nonsense')).statusCode).toBe(404);
    clock.now = new Date(clock.now.getTime() + 31 * DAY);
    const expired = await t.request('GET', link);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toMatch(/expired/);
  });
});
