import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { businesses, businessMemberships, charities, charityMemberships } from '../../db/schema.js';
import { STRICT_LIMITS } from '../../plugins/security.js';
import { createTestApp, TEST_PASSWORD, useTestApp } from '../../testing/helpers.js';
import { users } from '../users/users.table.js';

const START = new Date('2026-11-22T10:00:00Z');
let clock = START;
const t = useTestApp({ publicUrl: 'https://kindred.test' }, { now: () => clock });

// Tests that move the clock (expiry, slowing down guessers) leave it where the others expect it.
afterEach(() => {
  clock = START;
});

const person = (email: string) => ({
  email,
  password: 'A-good-password-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
});

/** Registers a person together with the charity or organisation they apply to add. */
const registerWith = (
  email: string,
  accountType: 'charity' | 'business',
  organisation: { name: string; registration_number?: string },
) =>
  t.request('POST', '/api/user/register', {
    body: { ...person(email), account_type: accountType, organisation },
  });

/** Signs in with the email and password given. */
const signIn = (body: { email: string; password: string }) => t.request('POST', '/api/auth/login', { body });

/** Sets a new password with the code of a reset mail. */
const confirmReset = (body: Record<string, unknown>) =>
  t.request('POST', '/api/auth/password_reset/confirm', { body });

async function lastMailTo(email: string) {
  const mails = (await t.outbox()).filter((m) => m.to.includes(email));
  const mail = mails[mails.length - 1];
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

function linkCode(text: string, path: string): string {
  const match = new RegExp(`https://kindred\\.test/${path}/([\\w-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

describe('registration and activation', () => {
  it('registers an inactive user, mails an activation link and activates once', async () => {
    const res = await t.request('POST', '/api/auth/register', { body: person('Ada@Example.org') });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain('ada@example.org');

    const early = await signIn({ email: 'ada@example.org', password: 'A-good-password-1' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('ACCOUNT_NOT_ACTIVATED');

    const mail = await lastMailTo('ada@example.org');
    expect(mail.subject).toBe('Activate your Kindred account');
    const code = linkCode(mail.text, 'activate');
    expect(mail.text).toContain(`activation code: ${code}`);

    const activated = await t.request('GET', `/api/auth/activate/${code}`);
    expect(activated.statusCode).toBe(200);
    const again = await t.request('GET', `/api/auth/activate/${code}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CODE_USED');

    const login = await signIn({ email: 'ADA@example.org', password: 'A-good-password-1' });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.token).toEqual(expect.any(String));
    expect(new Date(body.expires_at).getTime() - clock.getTime()).toBe(60 * 60 * 1000);
    expect(body.user).toMatchObject({
      email: 'ada@example.org',
      first_name: 'Ada',
      is_active: true,
      wallet_amount: 0,
    });
    expect(body).toMatchObject({
      charity_membership: [],
      business_membership: [],
      group_membership: [],
      unread_messages: 0,
    });
  });

  it('answers a known address exactly like a new one, on both registration calls, and mails its owner instead', async () => {
    const owner = await t.createUser({ email: 'twin@example.org' });
    const calls = [
      { url: '/api/auth/register', body: (email: string) => person(email) },
      {
        url: '/api/user/register',
        body: (email: string) => ({
          ...person(email),
          account_type: 'charity',
          organisation: { name: 'Twin Trust' },
        }),
      },
    ];
    for (const call of calls) {
      const fresh = `fresh-${call.url.split('/')[2]}@example.org`;
      const newAddress = await t.request('POST', call.url, { body: call.body(fresh) });
      // Asked in another case: the same address.
      const known = await t.request('POST', call.url, { body: call.body('TWIN@example.org') });
      expect(known.statusCode, call.url).toBe(newAddress.statusCode);
      expect(newAddress.statusCode, call.url).toBe(201);
      expect(known.body.replace(/twin@example\.org/i, fresh), call.url).toBe(newAddress.body);
      expect(known.json().message, call.url).toContain('Check your mail to activate your account');
    }
    const mails = (await t.outbox()).filter((m) => m.to.includes('twin@example.org'));
    expect(mails.map((m) => m.subject)).toEqual([
      'Someone tried to register with your address',
      'Someone tried to register with your address',
    ]);
    expect(mails[0]?.text).toContain('https://kindred.test/login');
    expect(mails[0]?.text).toContain('https://kindred.test/forgot-password');
    // The account is untouched: no second one, the password unchanged.
    const rows = await t.ctx.database.db.select().from(users).where(eq(users.email, 'twin@example.org'));
    expect(rows).toHaveLength(1);
    expect((await signIn({ email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('answers a known address still waiting for activation alike, with a new activation link', async () => {
    await t.request('POST', '/api/auth/register', { body: person('waiting@example.org') });
    const again = await t.request('POST', '/api/auth/register', { body: person('waiting@example.org') });
    expect(again.statusCode).toBe(201);
    const mails = (await t.outbox()).filter((m) => m.to.includes('waiting@example.org'));
    expect(mails.map((m) => m.subject)).toEqual([
      'Activate your Kindred account',
      'Activate your Kindred account',
    ]);
  });

  it('refuses a password under 10 characters', async () => {
    const res = await t.request('POST', '/api/auth/register', {
      body: { ...person('short@example.org'), password: 'Sh0rt!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields.password).toContain('10');
  });

  it('answers an unknown activation code with 404 and an expired one with 409', async () => {
    expect((await t.request('GET', '/api/auth/activate/not-a-real-code-at-all')).statusCode).toBe(404);
    await t.request('POST', '/api/auth/register', { body: person('late@example.org') });
    const code = linkCode((await lastMailTo('late@example.org')).text, 'activate');
    clock = new Date(clock.getTime() + 8 * 24 * 3600 * 1000);
    const res = await t.request('GET', `/api/auth/activate/${code}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CODE_EXPIRED');
  });

  it('resends activation for an inactive account, and answers the same for an unknown one', async () => {
    await t.request('POST', '/api/auth/register', { body: person('resend@example.org') });
    const first = linkCode((await lastMailTo('resend@example.org')).text, 'activate');
    const res = await t.request('POST', '/api/auth/send_activation_email/resend@example.org');
    expect(res.statusCode).toBe(200);
    const second = linkCode((await lastMailTo('resend@example.org')).text, 'activate');
    expect(second).not.toBe(first);
    expect((await t.request('GET', `/api/auth/activate/${first}`)).statusCode).toBe(409);
    expect((await t.request('GET', `/api/auth/activate/${second}`)).statusCode).toBe(200);

    const before = (await t.outbox()).length;
    const unknown = await t.request('POST', '/api/auth/send_activation_email/nobody@example.org');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(
      res.json().message.replace('resend@example.org', 'nobody@example.org'),
    );
    expect((await t.outbox()).length).toBe(before);
  });

  it('registers a person with a charity application, pending review, with the person as its admin', async () => {
    const res = await registerWith('founder@example.org', 'charity', {
      name: 'Harbour Lights',
      registration_number: '1234567',
    });
    expect(res.statusCode).toBe(201);
    const [user] = await t.ctx.database.db.select().from(users).where(eq(users.email, 'founder@example.org'));
    const [charity] = await t.ctx.database.db
      .select()
      .from(charities)
      .where(eq(charities.name, 'Harbour Lights'));
    expect(charity).toMatchObject({
      approvalStatus: 'pending',
      registrationNumber: '1234567',
      createdBy: user?.id,
    });
    const [membership] = await t.ctx.database.db
      .select()
      .from(charityMemberships)
      .where(eq(charityMemberships.charityId, charity?.id ?? 0));
    expect(membership).toMatchObject({ userId: user?.id, adminType: 1 });
  });

  it('registers a person with an organisation, checking the company registration number', async () => {
    const bad = await registerWith('boss@example.org', 'business', {
      name: 'Widgets',
      registration_number: 'X1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toHaveProperty(['organisation.registration_number']);
    const good = await registerWith('boss@example.org', 'business', {
      name: 'Widgets',
      registration_number: 'AB123456',
    });
    expect(good.statusCode).toBe(201);
    const [business] = await t.ctx.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.name, 'Widgets'));
    expect(business?.approvalStatus).toBe('pending');
    const members = await t.ctx.database.db
      .select()
      .from(businessMemberships)
      .where(eq(businessMemberships.businessId, business?.id ?? 0));
    expect(members).toHaveLength(1);
    expect(members[0]?.adminType).toBe(1);
    // Nothing is written for a known address (its owner is mailed; the answer is the same).
    const dup = await registerWith('boss@example.org', 'business', { name: 'Widgets Two' });
    expect(dup.statusCode).toBe(201);
    expect(
      await t.ctx.database.db.select().from(businesses).where(eq(businesses.name, 'Widgets Two')),
    ).toHaveLength(0);
  });
});

describe('signing in', () => {
  it('answers a wrong password and an unknown email alike', async () => {
    const user = await t.createUser();
    const wrong = await signIn({ email: user.email, password: 'nope-nope-nope' });
    const unknown = await signIn({ email: 'ghost@example.org', password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'The email or password is not right.',
      details: { fields: { password: 'Check the email and the password.' } },
    });
  });

  const loginFrom = (address: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: address,
    });
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  it('never keeps the owner out: ten wrong passwords from other addresses leave the right one working', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 10; i++) {
      // A stranger guessing from several addresses, as fast as the delays let them.
      const res = await loginFrom(`203.0.113.${1 + (i % 2)}`, user.email, `wrong-${i}`);
      expect([401, 429]).toContain(res.statusCode);
      later(60_000);
    }
    const owner = await loginFrom('198.51.100.7', user.email, 'Correct-Horse-9');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('slows down an address that keeps guessing one account, longer after each failure, even for the right password', async () => {
    const user = await t.createUser();
    const guesser = '203.0.113.50';
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(guesser, user.email, `wrong-${i}`)).statusCode).toBe(401);
    // The sixth try must wait a second after the fifth failure, the next two, then four...
    const early = await loginFrom(guesser, user.email, 'Correct-Horse-9');
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(early.headers['retry-after']).toBe('1');
    later(1_000);
    expect((await loginFrom(guesser, user.email, 'wrong-5')).statusCode).toBe(401);
    const slower = await loginFrom(guesser, user.email, 'wrong-6');
    expect(slower.statusCode).toBe(429);
    expect(slower.headers['retry-after']).toBe('2');
    // The owner, elsewhere, is not slowed down at all.
    expect((await loginFrom('198.51.100.8', user.email, 'Correct-Horse-9')).statusCode).toBe(200);
    later(2_000);
    expect((await loginFrom(guesser, user.email, 'Correct-Horse-9')).statusCode).toBe(200);
  });

  it('caps the wait of an address that keeps guessing at 15 minutes', async () => {
    const user = await t.createUser();
    const guesser = '203.0.113.60';
    for (let i = 0; i < 20; i++) {
      await loginFrom(guesser, user.email, `wrong-${i}`);
      later(16 * 60_000);
    }
    const res = await loginFrom(guesser, user.email, 'wrong-again');
    expect(res.statusCode).toBe(401);
    const wait = await loginFrom(guesser, user.email, 'Correct-Horse-9');
    expect(wait.statusCode).toBe(429);
    expect(Number(wait.headers['retry-after'])).toBe(15 * 60);
  });

  it('lets a completed password reset clear the count, as its message says', async () => {
    const user = await t.createUser();
    const here = '203.0.113.70';
    for (let i = 0; i < 12; i++) await loginFrom(here, user.email, `wrong-${i}`);
    const slowed = await loginFrom(here, user.email, 'Correct-Horse-9');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.message).toContain('reset your password');
    await t.request('POST', `/api/user/passwordreset/${user.email}`);
    const token = linkCode((await lastMailTo(user.email)).text, 'reset-password');
    const reset = await confirmReset({ token, password: 'Brand-new-password-4' });
    expect(reset.statusCode).toBe(200);
    expect((await loginFrom(here, user.email, 'Brand-new-password-4')).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a single-use link, sets the new password and ends older sessions', async () => {
    const user = await t.createUser();
    const res = await t.request('POST', `/api/user/passwordreset/${user.email}`);
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(user.email);
    expect(mail.subject).toBe('Reset your Kindred password');
    expect(mail.text).not.toContain('Correct-Horse-9');
    const token = linkCode(mail.text, 'reset-password');

    const confirm = await confirmReset({ token, password: 'Brand-new-password-2' });
    expect(confirm.statusCode).toBe(200);
    const reuse = await confirmReset({ token, password: 'Another-password-3' });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().error.code).toBe('RESET_LINK_INVALID');

    const old = await t.request('GET', '/api/user/get', { token: user.token });
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe('SESSION_REVOKED');
    const login = await signIn({ email: user.email, password: 'Brand-new-password-2' });
    expect(login.statusCode).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const res = await t.request('POST', '/api/user/passwordreset/nobody-here@example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'If nobody-here@example.org has an account, we sent it a password reset link.',
    );
    expect((await t.outbox()).length).toBe(before);
  });

  it('refuses a link older than one hour', async () => {
    const user = await t.createUser();
    await t.request('POST', `/api/user/passwordreset/${user.email}`);
    const token = linkCode((await lastMailTo(user.email)).text, 'reset-password');
    clock = new Date(clock.getTime() + 61 * 60 * 1000);
    const res = await confirmReset({ token, password: 'Brand-new-password-2' });
    expect(res.statusCode).toBe(409);
  });

  it('rejects a malformed email in the path with 400', async () => {
    const res = await t.request('POST', '/api/user/passwordreset/not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toHaveProperty('email');
  });
});

describe('registration limits', () => {
  it('counts both registration calls together, per address', async () => {
    const limited = await createTestApp({ rateLimits: true }, { now: () => clock });
    try {
      const register = (url: string, address: string, email: string) =>
        limited.app.inject({ method: 'POST', url, payload: person(email), remoteAddress: address });
      // Alternating between the two calls, the address gets the limit once, not once per call.
      let accepted = 0;
      for (let i = 0; i < 100; i++) {
        const url = i % 2 ? '/api/user/register' : '/api/auth/register';
        const res = await register(url, '203.0.113.80', `many-${i}@example.org`);
        if (res.statusCode === 429) break;
        accepted++;
      }
      expect(accepted).toBe(STRICT_LIMITS.registration.max);
      for (const url of ['/api/auth/register', '/api/user/register']) {
        const refused = await register(url, '203.0.113.80', 'one-more@example.org');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.code).toBe('RATE_LIMITED');
      }
      expect((await register('/api/auth/register', '198.51.100.9', 'elsewhere@example.org')).statusCode).toBe(
        201,
      );
    } finally {
      await limited.close();
    }
  });
});
