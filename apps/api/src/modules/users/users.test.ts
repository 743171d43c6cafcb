import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../../lib/tokens.js';
import { TEST_PASSWORD, useTestApp } from '../../testing/helpers.js';
import { solidImage } from '../../testing/images.js';
import { multipartFile } from '../../testing/multipart.js';
import { users } from './users.table.js';

const t = useTestApp();

describe('the session user', () => {
  it('answers 401 without a token on every protected call', async () => {
    const calls: Array<[method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string]> = [
      ['GET', '/api/user/get'],
      ['GET', '/api/user/refresh'],
      ['PATCH', '/api/user/update'],
      ['PATCH', '/api/user/password'],
      ['POST', '/api/user/email'],
      ['DELETE', '/api/user/1'],
      ['POST', '/api/user/avatar/1'],
    ];
    for (const [method, url] of calls) {
      const res = await t.request(method, url, { body: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it("answers an expired token with exactly 'Token Expired'", async () => {
    const user = await t.createUser();
    const old = await issueToken(
      t.ctx.config.jwtSecret,
      { userId: user.id, version: 0 },
      new Date(t.ctx.now().getTime() - 2 * 3600 * 1000),
    );
    const res = await t.request('GET', '/api/user/get', { token: old.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'TOKEN_EXPIRED', message: 'Token Expired' });
  });

  it('refuses a token signed with another secret or another algorithm', async () => {
    const user = await t.createUser();
    const forged = await issueToken(
      new TextEncoder().encode('x'.repeat(48)),
      { userId: user.id, version: 0 },
      t.ctx.now(),
    );
    expect((await t.request('GET', '/api/user/get', { token: forged.token })).statusCode).toBe(401);
    const [header, payload] = user.token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect(header).toBeDefined();
    const res = await t.request('GET', '/api/user/get', { token: none });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
  });

  it('returns the user with memberships and a fresh token on refresh', async () => {
    const user = await t.createUser();
    const res = await t.request('GET', '/api/user/get', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: user.id, email: user.email, wallet_amount: 0, credits: 0, is_active: true },
      charity_membership: [],
      business_membership: [],
      project_membership: [],
      group_membership: [],
      unread_messages: 0,
    });
    const refreshed = await t.request('GET', '/api/user/refresh', { token: user.token });
    expect(refreshed.statusCode).toBe(200);
    const again = await t.request('GET', '/api/user/get', { token: refreshed.json().token });
    expect(again.statusCode).toBe(200);
  });
});

/** The person's profile edit, as the profile screen sends it. */
const updateProfile = (token: string, body: Record<string, unknown>) =>
  t.request('PATCH', '/api/user/update', { token, body });

describe('the profile', () => {
  it('updates every profile field and normalises the NINO and post code', async () => {
    const user = await t.createUser();
    const res = await updateProfile(user.token, {
      first_name: 'Grace',
      last_name: 'Hopper',
      address: '1 Harbour Street',
      national_insurance_number: 'ab 12 34 56 c',
      gender: 'prefer-not-to-say',
      birth_date: '1990-12-09',
      phone: '+44 20 7946 0000',
      state_id: 7,
      city: 'London',
      post_code: 'sw1a 1aa',
      user_description: 'I give to local causes.',
      tax_refund: true,
      is_public: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Grace',
      national_insurance_number: 'AB123456C',
      gender: 'prefer-not-to-say',
      birth_date: '1990-12-09',
      state_id: 7,
      post_code: 'SW1A 1AA',
      tax_refund: true,
      is_public: true,
    });
    const cleared = await updateProfile(user.token, { address: null, national_insurance_number: null });
    expect(cleared.json().user).toMatchObject({
      address: null,
      national_insurance_number: null,
      first_name: 'Grace',
    });
  });

  it('names each bad field and writes nothing', async () => {
    const user = await t.createUser();
    const res = await updateProfile(user.token, {
      first_name: '   ',
      gender: 'robot',
      birth_date: '12/09/1990',
      post_code: 'nope',
      is_admin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.details.fields).sort()).toEqual(
      expect.arrayContaining(['birth_date', 'first_name', 'gender', 'post_code']),
    );
    const nino = await updateProfile(user.token, {
      national_insurance_number: 'DA123456A',
      first_name: 'Changed',
    });
    expect(nino.statusCode).toBe(400);
    expect(nino.json().error.details.fields).toHaveProperty('national_insurance_number');
    const region = await updateProfile(user.token, { state_id: 999 });
    expect(region.statusCode).toBe(400);
    const me = await t.request('GET', '/api/user/get', { token: user.token });
    expect(me.json().user.first_name).toBe('Test');
  });

  it('shows the NINO only to its owner: it is not in the admin-free public parts', async () => {
    const user = await t.createUser();
    await updateProfile(user.token, { national_insurance_number: 'AB123456C' });
    const other = await t.createUser();
    const res = await t.request('GET', '/api/user/get', { token: other.token });
    expect(JSON.stringify(res.json())).not.toContain('AB123456C');
  });
});

describe('password and email', () => {
  it('changes the password with the current one, ends older tokens and returns a new one', async () => {
    const user = await t.createUser();
    const wrong = await t.request('PATCH', '/api/user/password', {
      token: user.token,
      body: { current_password: 'not-it-at-all', password: 'Another-password-1' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    // The refusal names the field that was wrong (the current password), not the new one.
    expect(wrong.json().error.details.fields).toEqual({ current_password: 'Not right.' });
    const res = await t.request('PATCH', '/api/user/password', {
      token: user.token,
      body: { current_password: TEST_PASSWORD, password: 'Another-password-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user/get', { token: user.token })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/user/get', { token: res.json().token })).statusCode).toBe(200);
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: user.email, password: 'Another-password-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('changes the email with the password, tells the old address, and refuses a taken one', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const taken = await t.request('POST', '/api/user/email', {
      token: user.token,
      body: { email: other.email, password: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details.fields).toEqual({ email: 'Another account uses this email address.' });
    const res = await t.request('POST', '/api/user/email', {
      token: user.token,
      body: { email: 'New.Address@Example.org', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('new.address@example.org');
    expect((await t.request('GET', '/api/user/get', { token: user.token })).statusCode).toBe(401);
    const notice = (await t.outbox()).find((m) => m.to.includes(user.email));
    expect(notice?.subject).toBe('Your Kindred email address was changed');
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: 'new.address@example.org', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('deleting the account', () => {
  it('lets only the owner delete, with the password, and anonymises the row', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const notMine = await t.request('DELETE', `/api/user/${user.id}`, {
      token: other.token,
      body: { password: TEST_PASSWORD },
    });
    expect(notMine.statusCode).toBe(403);
    const wrong = await t.request('DELETE', `/api/user/${user.id}`, {
      token: user.token,
      body: { password: 'wrong-one!' },
    });
    expect(wrong.statusCode).toBe(403);
    const missing = await t.request('DELETE', `/api/user/${user.id}`, { token: user.token, body: {} });
    expect(missing.statusCode).toBe(400);

    const res = await t.request('DELETE', `/api/user/${user.id}`, {
      token: user.token,
      body: { password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request('GET', '/api/user/get', { token: user.token })).statusCode).toBe(401);
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'user',
      isActive: false,
      nationalInsuranceNumber: null,
    });
    expect(row?.email).not.toContain(user.email);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // The address can be used again for a new account.
    const again = await t.request('POST', '/api/auth/register', {
      body: { email: user.email, password: 'A-good-password-1', first_name: 'New', last_name: 'Person' },
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('deleting the account of someone who alone runs something', () => {
  it('is refused, naming the charity, organisation and group, until someone else is an admin', async () => {
    const person = await t.createUser();
    const platform = await t.createUser({ isIicAdmin: true, adminType: 1 });
    const stamp = Math.random().toString(36).slice(2, 8);
    const charity = await t.request('POST', '/api/user/add/charity', {
      token: person.token,
      body: { name: `Alone Trust ${stamp}`, charity_types: [1] },
    });
    expect(charity.statusCode).toBe(201);
    const business = await t.request('POST', '/api/business', {
      token: platform.token,
      body: { name: `Alone Ltd ${stamp}`, admin_email: person.email },
    });
    expect(business.statusCode).toBe(201);
    const group = await t.request('POST', '/api/group/create', {
      token: person.token,
      body: { name: `Alone Club ${stamp}`, description: 'Giving together.', type: 2 },
    });
    expect(group.statusCode).toBe(201);

    const refused = await t.request('DELETE', `/api/user/${person.id}`, {
      token: person.token,
      body: { password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
    const error = refused.json().error;
    expect(error.code).toBe('LAST_ADMIN');
    expect(error.message).toBe(
      `You are the only admin of Alone Trust ${stamp} (charity), Alone Ltd ${stamp} (organisation) and Alone Club ${stamp} (group). Make someone else an admin there, or delete it, before deleting your account.`,
    );
    expect(error.details.sole_admin_of.map((run: { kind: string }) => run.kind)).toEqual([
      'charity',
      'organisation',
      'group',
    ]);
    // Nothing was erased: the person still signs in.
    expect((await t.request('GET', '/api/user/get', { token: person.token })).statusCode).toBe(200);

    // The group deleted, the charity and the organisation still need another admin.
    const groupDeleted = await t.request('DELETE', `/api/group/${group.json().id}`, { token: person.token });
    expect(groupDeleted.statusCode).toBeLessThan(300);
    const still = await t.request('DELETE', `/api/user/${person.id}`, {
      token: person.token,
      body: { password: TEST_PASSWORD },
    });
    expect(still.statusCode).toBe(409);
    expect(still.json().error.details.sole_admin_of.map((run: { kind: string }) => run.kind)).toEqual([
      'charity',
      'organisation',
    ]);
  });
});

describe('the avatar', () => {
  const png = () => solidImage('png', { width: 900, height: 600, background: '#f7ae28' });

  it('stores a PNG as small, medium and big variants and serves them', async () => {
    const user = await t.createUser();
    const upload = multipartFile(await png(), 'me.png', 'image/png');
    const res = await t.request('POST', `/api/user/avatar/${user.id}`, { token: user.token, ...upload });
    expect(res.statusCode).toBe(200);
    const avatar: string = res.json().user.avatar;
    expect(avatar).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]{36}$/);
    const sizes: Record<string, number> = {};
    for (const variant of ['small', 'medium', 'big']) {
      const file = await t.request('GET', `${avatar}_${variant}.webp`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      sizes[variant] = meta.width ?? 0;
    }
    expect(sizes).toEqual({ small: 64, medium: 256, big: 640 });
  });

  it('accepts JPEG and refuses a file whose content is not an image, whatever its name says', async () => {
    const user = await t.createUser();
    const jpeg = await solidImage('jpeg', { width: 50, height: 50, background: '#74c095' });
    const ok = await t.request('POST', `/api/user/avatar/${user.id}`, {
      token: user.token,
      ...multipartFile(jpeg, 'me.jpg', 'image/jpeg'),
    });
    expect(ok.statusCode).toBe(200);
    const fake = multipartFile(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    const res = await t.request('POST', `/api/user/avatar/${user.id}`, { token: user.token, ...fake });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Avatar must be PNG or JPEG.',
    });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const gifRes = await t.request('POST', `/api/user/avatar/${user.id}`, {
      token: user.token,
      ...multipartFile(gif, 'a.gif', 'image/gif'),
    });
    expect(gifRes.statusCode).toBe(415);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const user = await t.createUser();
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await t.request('POST', `/api/user/avatar/${user.id}`, {
      token: user.token,
      ...multipartFile(big, 'big.png', 'image/png'),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('FILE_TOO_LARGE');
  });

  it("refuses another person's avatar and a request with no file", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const res = await t.request('POST', `/api/user/avatar/${other.id}`, {
      token: user.token,
      ...multipartFile(await png(), 'me.png', 'image/png'),
    });
    expect(res.statusCode).toBe(403);
    const empty = await t.request('POST', `/api/user/avatar/${user.id}`, { token: user.token, body: {} });
    expect(empty.statusCode).toBe(415);
  });
});
