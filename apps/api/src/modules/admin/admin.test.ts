import { STATISTIC_NAMES } from '@kindred/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../lib/periods.js';
import { giveToProject, makeCharity, makeDonor, makeProject, type Person } from '../../testing/factories.js';
import { TEST_PASSWORD, useTestApp } from '../../testing/helpers.js';
import { createBusiness } from '../../testing/money.js';

const clock = new Date('2026-03-10T10:00:00Z');
const t = useTestApp({}, { now: () => clock });
const DAY = 86_400_000;
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * DAY));
let superAdmin: Person;
let admin: Person;
let employee: Person;
let stranger: Person;
let charity: { id: number; admin: Person };
let soon: number;
let later: number;

const approvedCharity = (name: string) => makeCharity(t, { name, platform: admin });

const liveProject = (title: string, endOffset: number) =>
  makeProject(t, charity.admin, {
    title,
    charityId: charity.id,
    fields: {
      description: 'We clear the river banks.',
      end_date: day(endOffset),
      volunteering_hours: 10,
      gift_needs: [{ type: 5, description: 'Warm coats', quantity: 20 }],
    },
  });

const get = (token: string, url: string) => t.request('GET', `/api${url}`, { token });

/** The person signs in with their password (answers the call, which may refuse them). */
const signInAs = (person: { email: string }) =>
  t.request('POST', '/api/auth/login', { body: { email: person.email, password: TEST_PASSWORD } });

/** The audit log of one charity, organisation or person, as a platform employee reads it. */
const auditOf = async (targetType: string, targetId: number) =>
  (await get(employee.token, `/admin/audit?target_type=${targetType}&target_id=${targetId}`)).json();
const patchUser = (token: string, body: Record<string, unknown>) =>
  t.request('PATCH', '/api/admin/user', { token, body });

/** A change to a person's account made by the platform Admin. */
const adminChanges = (person: { id: number }, body: Record<string, unknown>) =>
  patchUser(admin.token, { user_id: person.id, ...body });

beforeAll(async () => {
  superAdmin = await t.createUser({ isIicAdmin: true, adminType: 1 });
  admin = await t.createUser({ isIicAdmin: true, adminType: 2 });
  employee = await t.createUser({ isIicAdmin: true, adminType: 99 });
  stranger = await t.createUser({ email: 'stranger.danger@example.org' });
  charity = await approvedCharity('Riverside Trust');
  soon = await liveProject('River clean-up', 5);
  later = await liveProject('Tree planting', 60);
});

describe('who may use the admin area', () => {
  const reads = [
    '/admin/user_list',
    '/admin/charity_list',
    '/admin/projects_list',
    '/admin/group_list',
    '/admin/business_list',
    '/admin/projects/all_expire_projects',
    '/admin/statistics/all_projects',
    '/admin/audit',
  ];

  it('lets every platform admin type read, and refuses a person who is not one', async () => {
    for (const url of reads) {
      for (const who of [superAdmin, admin, employee])
        expect((await get(who.token, url)).statusCode, `${url}`).toBe(200);
      expect((await get(stranger.token, url)).statusCode, url).toBe(403);
    }
    for (const url of [`/admin/user/${stranger.id}`, `/admin/project/${soon}`]) {
      expect((await get(employee.token, url)).statusCode).toBe(200);
      expect((await get(stranger.token, url)).statusCode).toBe(403);
    }
  });

  it('keeps Employees read-only: no changes, mails, exports or erasing, and says why', async () => {
    const change = await patchUser(employee.token, { user_id: stranger.id, action: 'deactivate' });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.message).toBe('Only platform Super Admins and Admins can change people.');
    const mail = await t.request('POST', '/api/admin/projects/mails', {
      token: employee.token,
      body: { project_ids: [soon] },
    });
    expect(mail.statusCode).toBe(403);
    expect((await get(employee.token, `/admin/export/user/${stranger.id}`)).statusCode).toBe(403);
    const erase = await t.request('POST', `/api/admin/user/${stranger.id}/erase`, {
      token: employee.token,
      body: { reason: 'Asked by email' },
    });
    expect(erase.statusCode).toBe(403);
    // Nothing changed.
    expect((await get(admin.token, `/admin/user/${stranger.id}`)).json().user.deactivated).toBe(false);
  });

  it('lets only Super Admins make or unmake platform admins', async () => {
    const person = await t.createUser();
    const byAdmin = await adminChanges(person, { is_iic_admin: true, admin_type: 99 });
    expect(byAdmin.statusCode).toBe(403);
    const bySuper = await patchUser(superAdmin.token, {
      user_id: person.id,
      is_iic_admin: true,
      admin_type: 99,
    });
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json().user).toMatchObject({ is_iic_admin: true, admin_type: 99 });
    expect((await get(person.token, '/admin/user_list')).statusCode).toBe(200);
    const unmake = await patchUser(superAdmin.token, { user_id: person.id, is_iic_admin: false });
    expect(unmake.json().user).toMatchObject({ is_iic_admin: false, admin_type: null });
    expect((await get(person.token, '/admin/user_list')).statusCode).toBe(403);
  });
});

describe('people', () => {
  it('finds people by name or email, filters them and pages with a cursor', async () => {
    const found = await get(employee.token, '/admin/user_list?q=STRANGER.danger');
    expect(found.json().items.map((u: { id: number }) => u.id)).toEqual([stranger.id]);
    const admins = (await get(employee.token, '/admin/user_list?platform_admin=yes&limit=100')).json();
    expect(admins.items.map((u: { id: number }) => u.id).sort()).toEqual(
      [superAdmin.id, admin.id, employee.id].sort(),
    );
    const first = (await get(employee.token, '/admin/user_list?limit=2')).json();
    expect(first.items).toHaveLength(2);
    const second = (await get(employee.token, `/admin/user_list?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.items[0].id).not.toBe(first.items[1].id);
    expect(second.items[0].id).toBeLessThan(first.items[1].id);
  });

  it('refuses bad input with the error format, never a 500', async () => {
    const malformed = [
      '/admin/user_list?limit=0',
      '/admin/user_list?cursor=nonsense',
      '/admin/user_list?status=sleeping',
      '/admin/user/abc',
      '/admin/projects_list?status=7',
      '/admin/statistics/everything',
      '/admin/statistics/all_projects?from=2026-05-01&to=2026-01-01',
      '/admin/statistics/all_projects?from=yesterday',
      '/admin/projects/all_expire_projects?days=-1',
      '/admin/audit?target_type=planet',
    ];
    for (const url of malformed) {
      const res = await get(admin.token, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBeTruthy();
    }
    expect((await get(admin.token, '/admin/user/999999')).statusCode).toBe(404);
    const password = await adminChanges(stranger, { password: 'New-password-1' });
    expect(password.statusCode).toBe(400);
    const noType = await patchUser(superAdmin.token, { user_id: stranger.id, is_iic_admin: true });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error.details.fields.admin_type).toBeTruthy();
    const taken = await adminChanges(stranger, { email: admin.email });
    expect(taken.statusCode).toBe(409);
  });

  it("shows a person's memberships, wallet and giving", async () => {
    const donor = await makeDonor(t, 30_000);
    await giveToProject(t, donor, soon, 12_000);
    const detail = (await get(employee.token, `/admin/user/${donor.id}`)).json();
    expect(detail.wallet.wallet).toBe(18_000);
    expect(detail.giving).toMatchObject({ donations: 1, funds: 12_000 });
    const charityAdmin = (await get(employee.token, `/admin/user/${charity.admin.id}`)).json();
    expect(charityAdmin.memberships.charities).toEqual([
      { id: charity.id, name: 'Riverside Trust', role: 'Super Admin' },
    ]);
  });

  it('deactivates a person: their sessions end and they cannot sign in until activated again', async () => {
    const person = await t.createUser();
    const res = await adminChanges(person, { action: 'deactivate', reason: 'Fraud report' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.deactivated).toBe(true);
    expect((await get(person.token, '/user/get')).statusCode).toBe(401);
    const login = await signInAs(person);
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('ACCOUNT_DEACTIVATED');
    const listed = (await get(admin.token, '/admin/user_list?status=deactivated')).json();
    expect(listed.items.map((u: { id: number }) => u.id)).toContain(person.id);

    await adminChanges(person, { action: 'activate' });
    const again = await signInAs(person);
    expect(again.statusCode).toBe(200);

    const audit = await auditOf('user', person.id);
    expect(audit.items.map((e: { action: string }) => e.action)).toEqual([
      'user.activate',
      'user.deactivate',
    ]);
    expect(audit.items[1]).toMatchObject({ actor_id: admin.id, reason: 'Fraud report' });
    expect(audit.items[1].actor_name).toContain('Test Person');
  });

  it('corrects details and refuses to deactivate oneself', async () => {
    const person = await t.createUser();
    const res = await adminChanges(person, { first_name: 'Corrected', phone: '07700900123' });
    expect(res.json().user).toMatchObject({ first_name: 'Corrected', phone: '07700900123' });
    expect((await adminChanges(admin, { action: 'deactivate' })).statusCode).toBe(409);
  });

  it('exports a person as JSON and erases them on request, keeping their donations anonymised', async () => {
    const donor = await makeDonor(t, 5_000);
    await t.request('POST', `/api/user/donate/project/${later}`, {
      token: donor.token,
      body: { type: 2, amount: 2_000 },
    });
    const exported = await get(admin.token, `/admin/export/user/${donor.id}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.json().data.profile.email).toBe(donor.email);
    expect(exported.json().data.donations).toHaveLength(1);
    expect(exported.body).not.toContain('passwordHash');

    const erase = await t.request('POST', `/api/admin/user/${donor.id}/erase`, {
      token: superAdmin.token,
      body: { reason: 'Asked to be forgotten' },
    });
    expect(erase.statusCode).toBe(200);
    expect(erase.json().user).toMatchObject({ deleted: true, first_name: 'Deleted' });
    expect(erase.json().giving.funds).toBe(2_000);
    const login = await signInAs(donor);
    expect(login.statusCode).toBe(401);
    const project = (await t.request('GET', `/api/project/${later}`)).json();
    expect(project.funds_raised).toBeGreaterThanOrEqual(2_000);
  });
});

describe('accounts', () => {
  it('finds charities, projects, groups and organisations by name, with filters', async () => {
    const charities = (
      await get(employee.token, '/admin/charity_list?q=riverside&status=approved&locked=no')
    ).json();
    expect(charities.items.map((c: { id: number }) => c.id)).toEqual([charity.id]);
    expect((await get(employee.token, '/admin/charity_list?q=riverside&locked=yes')).json().items).toEqual(
      [],
    );
    const projects = (
      await get(employee.token, `/admin/projects_list?q=river&status=2&charity_id=${charity.id}`)
    ).json();
    expect(projects.items).toEqual([
      expect.objectContaining({
        id: soon,
        title: 'River clean-up',
        charity_name: 'Riverside Trust',
        status: 2,
      }),
    ]);
    expect((await get(employee.token, '/admin/group_list?q=nothing-like-this')).json().items).toEqual([]);
    expect((await get(employee.token, '/admin/business_list?status=approved&q=zzz')).json().items).toEqual(
      [],
    );
    const detail = (await get(employee.token, `/admin/project/${soon}`)).json();
    expect(detail).toMatchObject({ id: soon, end_date: day(5), charity_name: 'Riverside Trust' });
    expect(detail.admins.map((a: { email: string }) => a.email)).toContain(charity.admin.email);
    expect((await get(employee.token, '/admin/project/999999')).statusCode).toBe(404);
  });
});

describe('projects near their end', () => {
  it('lists Live projects ending within the chosen days', async () => {
    const within14 = (
      await get(employee.token, '/admin/projects/all_expire_projects?days=14&which=ending')
    ).json();
    expect(within14.items.map((p: { id: number }) => p.id)).toContain(soon);
    expect(within14.items.map((p: { id: number }) => p.id)).not.toContain(later);
    expect(within14.items.find((p: { id: number }) => p.id === soon).days_left).toBe(5);
    const within2 = (
      await get(employee.token, '/admin/projects/all_expire_projects?days=2&which=ending')
    ).json();
    expect(within2.items.map((p: { id: number }) => p.id)).not.toContain(soon);
  });

  it("mails each chosen project's admins once per day, with a link to extend it, and records it", async () => {
    const before = (await t.outbox()).length;
    const res = await t.request('POST', '/api/admin/projects/mails', {
      token: admin.token,
      body: { project_ids: [soon, 999_999] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().mailed).toEqual([{ project_id: soon, recipients: 1 }]);
    expect(res.json().skipped).toEqual([{ project_id: 999_999, reason: 'Not found.' }]);
    const mails = (await t.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(charity.admin.email);
    expect(mails[0]?.subject).toBe('River clean-up ends soon');
    expect((mails[0]?.source ?? '').replace(/=\r?\n/g, '')).toContain(`/charity/projects/${soon}`);

    const again = await t.request('POST', '/api/admin/projects/mails', {
      token: admin.token,
      body: { project_ids: [soon] },
    });
    expect(again.json()).toEqual({
      mailed: [],
      skipped: [{ project_id: soon, reason: 'Already reminded today.' }],
    });
    expect((await t.outbox()).length).toBe(before + 1);
    const audit = (await get(employee.token, `/admin/audit?action=project.mail&target_id=${soon}`)).json();
    expect(audit.items).toHaveLength(1);
    const listed = (await get(employee.token, '/admin/projects/all_expire_projects?days=14')).json();
    expect(listed.items.find((p: { id: number }) => p.id === soon).last_reminded_at).toBe(
      clock.toISOString(),
    );
    const bad = await t.request('POST', '/api/admin/projects/mails', {
      token: admin.token,
      body: { project_ids: [] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('statistics', () => {
  const ledgerSum = async (where: string) => {
    const rows = await t.ctx.database.db.execute(
      sql.raw(`select coalesce(sum(e.amount), 0)::text as total from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions x on x.id = e.transaction_id where ${where}`),
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { total: string }[];
    return Number(list[0]?.total ?? 0);
  };

  it('answers every figure with its definition, a month-by-month series and when it was computed', async () => {
    await t.ctx.database.db.execute(sql`select 1`);
    for (const name of STATISTIC_NAMES) {
      const res = await get(employee.token, `/admin/statistics/${name}?from=2025-10-01&to=2026-03-31`);
      expect(res.statusCode, name).toBe(200);
      const body = res.json();
      expect(body.definition.length, name).toBeGreaterThan(20);
      expect(
        body.series.map((p: { month: string }) => p.month),
        name,
      ).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
      expect(body.computed_at, name).toMatch(/^\d{4}-/);
    }
    const total = (await get(employee.token, '/admin/statistics/total_statistics')).json();
    expect(total.parts).toHaveLength(STATISTIC_NAMES.length - 1);
  });

  it('agrees with the ledger to the unit for every money figure', async () => {
    const donor = await makeDonor(t, 40_000);
    await t.request('POST', `/api/admin/user/${donor.id}/deposit`, {
      token: admin.token,
      body: { amount: 3_000, kind: 'credits', reason: 'Welcome credits' },
    });
    await t.request('POST', `/api/user/donate/project/${soon}`, {
      token: donor.token,
      body: { type: 2, amount: 7_777 },
    });
    // An organisation pays its first subscription invoice from its wallet.
    const founder = await t.createUser();
    const business = await createBusiness(t, founder.id, { name: 'Statistics Ltd' });
    const deposit = await t.request('POST', `/api/admin/business/${business}/deposit`, {
      token: admin.token,
      body: { amount: 20_000, kind: 'money', reason: 'Bank transfer' },
    });
    expect(deposit.statusCode, deposit.body).toBeLessThan(300);
    const plan = await t.request('POST', '/api/admin/subscription_plans', {
      token: admin.token,
      body: { name: 'Statistics plan', description: 'Monthly', fee: 4_500, fee_type: 1 },
    });
    const subscribed = await t.request('POST', `/api/business/${business}/subscription`, {
      token: founder.token,
      body: { plan_id: plan.json().id },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    await t.ctx.database.db.execute(sql`select 1`);
    await t.jobs.find((job) => job.name === 'admin statistics')?.run();
    await t.ctx.database.db.execute(sql`delete from admin_statistics_runs`);

    const range = '?from=2020-01-01&to=2026-12-31';
    const donated = (await get(employee.token, `/admin/statistics/all_money_donated${range}`)).json();
    const wallets = (await get(employee.token, `/admin/statistics/all_wallets_money${range}`)).json();
    const credits = (await get(employee.token, `/admin/statistics/all_cc${range}`)).json();
    const giftAid = (await get(employee.token, `/admin/statistics/all_gift_aid${range}`)).json();
    const subscriptions = (await get(employee.token, `/admin/statistics/all_subscriptions${range}`)).json();

    expect(donated.value).toBe(
      await ledgerSum(`a.kind in ('project_funds', 'charity_funds') and x.donation_id is not null`),
    );
    expect(donated.value).toBeGreaterThanOrEqual(12_000 + 2_000 + 7_777);
    expect(wallets.value).toBe(await ledgerSum(`a.kind = 'wallet' and a.owner_type in ('user', 'business')`));
    expect(credits.value).toBe(-(await ledgerSum(`a.kind = 'credits_issued'`)));
    expect(credits.value).toBe(3_000);
    const rows = await t.ctx.database.db.execute(
      sql`select coalesce(sum(gift_aid_amount), 0)::text as total from donations where status in (80, 85)`,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { total: string }[];
    expect(giftAid.value).toBe(Number(list[0]?.total ?? 0));
    expect(subscriptions.value).toBe(await ledgerSum(`a.kind = 'fees' and x.kind = 'subscription_invoice'`));
    expect(subscriptions.value).toBeGreaterThanOrEqual(4_500);
    // The series adds up to the figure.
    expect(donated.series.reduce((s: number, p: { value: number }) => s + p.value, 0)).toBe(donated.value);
    expect(wallets.series.at(-1).value).toBe(wallets.value);
  });

  it('counts people, charities and projects for the range', async () => {
    await t.ctx.database.db.execute(sql`delete from admin_statistics_runs`);
    const counted: Array<[statistic: string, from: string, to: string, value: number]> = [
      ['all_projects', '2026-03-01', '2026-03-31', 2],
      ['all_live_projects', '2026-03-01', '2026-03-31', 2],
      ['all_charities', '2026-03-10', '2026-03-10', 1],
      ['all_individuals', '2020-01-01', '2020-12-31', 0],
    ];
    for (const [statistic, from, to, value] of counted) {
      const res = await get(employee.token, `/admin/statistics/${statistic}?from=${from}&to=${to}`);
      expect(res.json().value, statistic).toBe(value);
    }
  });
});

describe('the audit log', () => {
  it('records the admin actions of every module with who, what and why, and filters them', async () => {
    const lock = await t.request('PATCH', `/api/admin/charity/${charity.id}/lock`, {
      token: admin.token,
      body: { lock_status: true, reason: 'Under review' },
    });
    expect(lock.statusCode).toBe(200);
    await t.request('PATCH', `/api/admin/charity/${charity.id}/lock`, {
      token: admin.token,
      body: { lock_status: false },
    });
    const deposit = await t.request('POST', `/api/admin/user/${stranger.id}/deposit`, {
      token: admin.token,
      body: { amount: 1_500, reason: 'Cheque received' },
    });
    expect(deposit.statusCode).toBe(201);
    const returned = await t.request('POST', '/api/admin/return', {
      token: admin.token,
      body: { project_id: later, reason: 'The title needs work' },
    });
    expect(returned.statusCode).toBe(200);

    const charityLog = await auditOf('charity', charity.id);
    expect(charityLog.items.map((e: { action: string }) => e.action)).toEqual([
      'charity.unlock',
      'charity.lock',
      'charity.create',
    ]);
    const money = (
      await get(employee.token, `/admin/audit?action=user.deposit&target_id=${stranger.id}`)
    ).json();
    expect(money.items[0]).toMatchObject({
      actor_id: admin.id,
      reason: 'Cheque received',
      details: { amount: 1_500 },
    });
    const projectLog = await auditOf('project', later);
    expect(projectLog.items[0]).toMatchObject({ action: 'project.return', reason: 'The title needs work' });
    const byActor = (await get(employee.token, `/admin/audit?actor_id=${admin.id}&limit=2`)).json();
    expect(byActor.items).toHaveLength(2);
    const next = (
      await get(employee.token, `/admin/audit?actor_id=${admin.id}&limit=2&cursor=${byActor.next_cursor}`)
    ).json();
    expect(next.items[0].id).toBeLessThan(byActor.items[1].id);
  });
});

describe('locking a charity or an organisation', () => {
  it('asks why when locking (not when unlocking), keeps the reason and mails it to the admins', async () => {
    const trust = await approvedCharity('Lockable Trust');
    const noReason = await t.request('PATCH', `/api/admin/charity/${trust.id}/lock`, {
      token: admin.token,
      body: { lock_status: true },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details.fields).toHaveProperty('reason');
    expect(
      (
        await get(
          employee.token,
          `/admin/audit?target_type=charity&target_id=${trust.id}&action=charity.lock`,
        )
      ).json().items,
    ).toEqual([]);

    const locked = await t.request('PATCH', `/api/admin/charity/${trust.id}/lock`, {
      token: admin.token,
      body: { lock_status: true, reason: '  Complaint about misuse of funds  ' },
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json().lock_status).toBe(true);
    const unlocked = await t.request('PATCH', `/api/admin/charity/${trust.id}/lock`, {
      token: admin.token,
      body: { lock_status: false },
    });
    expect(unlocked.statusCode).toBe(200);

    const log = (await get(employee.token, `/admin/audit?target_type=charity&target_id=${trust.id}`)).json();
    expect(log.items.slice(0, 2)).toMatchObject([
      { action: 'charity.unlock', reason: null, target_name: 'Lockable Trust' },
      { action: 'charity.lock', reason: 'Complaint about misuse of funds', target_name: 'Lockable Trust' },
    ]);
    const mail = (await t.outbox()).filter((m) => m.to === trust.admin.email);
    const lockMail = mail.find((m) => m.subject === 'Lockable Trust is locked on Kindred');
    expect(lockMail?.text).toContain('Reason: Complaint about misuse of funds');
    expect(mail.some((m) => m.subject === 'Lockable Trust is unlocked on Kindred')).toBe(true);
  });

  it('locks an organisation with a reason mailed to its Super Admins; the log names it', async () => {
    const owner = await t.createUser();
    const business = { id: await createBusiness(t, owner.id, { name: 'Lockable Ltd' }) };
    const noReason = await t.request('PATCH', `/api/admin/business/${business.id}/lock`, {
      token: admin.token,
      body: { lock_status: true, reason: 'x' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details.fields).toHaveProperty('reason');
    const locked = await t.request('PATCH', `/api/admin/business/${business.id}/lock`, {
      token: admin.token,
      body: { lock_status: true, reason: 'Unpaid invoices' },
    });
    expect(locked.statusCode).toBe(200);
    const log = await auditOf('business', business.id);
    expect(log.items[0]).toMatchObject({
      action: 'business.lock',
      reason: 'Unpaid invoices',
      target_name: 'Lockable Ltd',
    });
    const mail = (await t.outbox()).find(
      (m) => m.to === owner.email && m.subject === 'Lockable Ltd is locked on Kindred',
    );
    expect(mail?.text).toContain('Reason: Unpaid invoices');
  });

  it('names the people, projects and charities of the audit log, not their ids', async () => {
    const deposit = await t.request('POST', `/api/admin/user/${stranger.id}/deposit`, {
      token: admin.token,
      body: { amount: 100, reason: 'Named entry' },
    });
    expect(deposit.statusCode).toBe(201);
    const entry = (
      await get(employee.token, `/admin/audit?action=user.deposit&target_id=${stranger.id}`)
    ).json().items[0];
    expect(entry.target_name).toMatch(/^Test Person \d+$/);
    const created = await auditOf('charity', charity.id);
    expect(created.items.at(-1)).toMatchObject({ action: 'charity.create', target_name: 'Riverside Trust' });
  });
});
