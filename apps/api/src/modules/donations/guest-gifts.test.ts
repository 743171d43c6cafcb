import { beforeAll, describe, expect, it } from 'vitest';
import { makeCharityWithProject, platformAdmin } from '../../testing/factories.js';
import { countRows, TEST_PASSWORD, useTestApp } from '../../testing/helpers.js';
import { DECLINED_CARD, GOOD_CARD, topUp } from '../../testing/money.js';

const THREE_D_CARD = { ...GOOD_CARD, number: '4000 0025 0000 3155' };
const t = useTestApp({}, { now: () => new Date('2026-06-10T10:00:00Z') });

let projectId: number;
let charityId: number;

const guestGift = (body: Record<string, unknown>, key?: string, path = `project/${projectId}`) =>
  t.request('POST', `/api/guest/donate/${path}`, {
    body: { first_name: 'Gia', last_name: 'Guest', amount: 2_000, card: GOOD_CARD, ...body },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const count = (table: string, where?: string) => countRows(t, table, where);

beforeAll(async () => {
  const platform = await platformAdmin(t);
  const made = await makeCharityWithProject(t, { name: 'Guest Trust', platform }, { title: 'Guest project' });
  projectId = made.projectId;
  charityId = made.charityId;
});

describe('giving without an account', () => {
  it('gives by card with Gift Aid declared inline; the receipt is mailed with a link to the gift', async () => {
    const gift = () =>
      guestGift(
        {
          email: 'gia@example.org',
          gift_aid: true,
          declaration: { title: 'Ms', house: '12', post_code: 'bs1 4dj' },
          message: 'For the river',
        },
        'guest-1',
      );
    const res = await gift();
    expect(res.statusCode).toBe(201);
    const { donation } = res.json();
    expect(donation).toMatchObject({
      status: 80,
      source: 'card',
      amount: 2_000,
      gift_aid: true,
      gift_aid_amount: 500,
      donor: { kind: 'guest', name: 'Gia Guest' },
      message: 'For the river',
    });
    const mail = (await t.outbox()).find((m) => m.to === 'gia@example.org');
    const text = (mail?.text ?? '').replace(/=\r?\n/g, '');
    expect(mail?.subject).toContain(donation.receipt_number);
    const link = /\/manage\/([A-Za-z0-9._-]+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    expect((await t.request('GET', `/api/manage/${link}`)).json().donation.id).toBe(donation.id);
    // The declaration is kept, naming the charity, with the post code as HMRC writes it.
    expect(
      await count(
        'gift_aid_declarations',
        `guest_giver_id is not null and post_code = 'BS1 4DJ' and charity_id = ${charityId}`,
      ),
    ).toBe(1);
    // A retry with the same key is the same gift, the same guest, one charge.
    const again = await gift();
    expect(again.json().donation.id).toBe(donation.id);
    expect(await count('guest_givers', `lower(email) = 'gia@example.org'`)).toBe(1);
  });

  it('refuses bad input beside its field and writes nothing', async () => {
    const before = await count('guest_givers');
    const noDeclaration = await guestGift({ email: 'x@example.org', gift_aid: true });
    expect(noDeclaration.statusCode).toBe(400);
    expect(noDeclaration.json().error.details.fields.declaration).toMatch(/house and post code/);
    const badEmail = await guestGift({ email: 'not an email' });
    expect(badEmail.json().error.details.fields.email).toBeDefined();
    const badPost = await guestGift({
      email: 'x@example.org',
      gift_aid: true,
      declaration: { house: '1', post_code: 'nowhere' },
    });
    expect(badPost.json().error.details.fields['declaration.post_code']).toMatch(/post code/);
    const noCard = await t.request('POST', `/api/guest/donate/project/${projectId}`, {
      body: { email: 'x@example.org', first_name: 'A', last_name: 'B', amount: 100 },
    });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error.details.fields.card).toBe('Required.');
    const declined = await guestGift({ email: 'x@example.org', card: DECLINED_CARD });
    expect(declined.statusCode).toBe(402);
    // Only the declined attempt, which reached the card's bank, wrote its guest; no gift was kept.
    expect(await count('guest_givers')).toBe(before + 1);
    expect(
      await count(
        'donations',
        `donor_type = 'guest' and donor_id in (select id from guest_givers where email = 'x@example.org')`,
      ),
    ).toBe(0);
  });

  it('answers the same for an email with an account as for one without', async () => {
    const person = await t.createUser();
    const withAccount = await guestGift({ email: person.email });
    const without = await guestGift({ email: 'nobody-here@example.org' });
    expect(withAccount.statusCode).toBe(without.statusCode);
    expect(Object.keys(withAccount.json()).sort()).toEqual(Object.keys(without.json()).sort());
    expect(withAccount.json().donation.donor.kind).toBe('guest');
  });

  it('finishes a guest’s 3-D Secure step with the payment’s client secret only', async () => {
    const res = await guestGift({ email: 'three@example.org', card: THREE_D_CARD }, 'guest-3ds');
    expect(res.statusCode).toBe(202);
    const { payment } = res.json();
    await t.request('POST', '/api/sandbox/authenticate', {
      body: { client_secret: payment.client_secret, outcome: 'complete' },
    });
    const wrong = await t.request('POST', `/api/guest/payment/${payment.id}/confirm`, {
      body: { client_secret: 'sbx_secret_wrong' },
    });
    expect(wrong.statusCode).toBe(404);
    const done = await t.request('POST', `/api/guest/payment/${payment.id}/confirm`, {
      body: { client_secret: payment.client_secret },
    });
    expect(done.statusCode).toBe(201);
    expect(done.json().donation).toMatchObject({ donor: { kind: 'guest' }, status: 80 });
  });

  it('limits gifts per email in a day', async () => {
    for (let i = 0; i < 10; i += 1) await guestGift({ email: 'many@example.org', amount: 100 + i });
    const refused = await guestGift({ email: 'Many@Example.org', amount: 500 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_GUEST_GIFTS');
  });

  it('makes the gifts the person’s when they sign up and sign in with that email', async () => {
    const email = 'later@example.org';
    const first = await guestGift({
      email,
      gift_aid: true,
      declaration: { house: '3', post_code: 'BS2 0AA' },
    });
    expect(first.statusCode).toBe(201);
    // Sign up with the same email, activate from the mail, sign in.
    const register = await t.request('POST', '/api/auth/register', {
      body: { email, password: TEST_PASSWORD, first_name: 'Lee', last_name: 'Later' },
    });
    expect(register.statusCode).toBeLessThan(300);
    const activation = (await t.outbox()).find((m) => m.to === email && /Activate/.test(m.subject));
    const code = /activate\/([A-Za-z0-9_-]+)/.exec((activation?.text ?? '').replace(/=\r?\n/g, ''))?.[1];
    expect((await t.request('GET', `/api/auth/activate/${code}`)).statusCode).toBe(200);
    const login = await t.request('POST', '/api/auth/login', { body: { email, password: TEST_PASSWORD } });
    const token = login.json().token as string;
    const mine = await t.request('GET', '/api/user/donations', { token });
    expect(mine.json().items).toMatchObject([
      { id: first.json().donation.id, source: 'card', gift_aid: true },
    ]);
    // The declaration came with it: Gift Aid on this charity needs no new one.
    const declaration = await t.request('GET', `/api/user/gift_aid_declaration?charity_id=${charityId}`, {
      token,
    });
    expect(declaration.statusCode).toBe(200);
    expect(JSON.stringify(declaration.json())).toContain('BS2 0AA');
    // Signing in again changes nothing.
    await t.request('POST', '/api/auth/login', { body: { email, password: TEST_PASSWORD } });
    expect((await t.request('GET', '/api/user/donations', { token })).json().items).toHaveLength(1);
    // The project counts them as the donor they already were: giving again adds no donor.
    const donors = (await t.request('GET', `/api/project/${projectId}`)).json().donors_count as number;
    await topUp(t, token, 1_000);
    const again = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token,
      body: { type: 2, amount: 1_000 },
    });
    expect(again.statusCode).toBe(201);
    expect((await t.request('GET', `/api/project/${projectId}`)).json().donors_count).toBe(donors);
  });
});
