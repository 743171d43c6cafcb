import { beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { Person as User } from '../../testing/factories.js';
import { sortedUserIds, useTestApp } from '../../testing/helpers.js';
import { multipartFile } from '../../testing/multipart.js';
import { addBusinessMember, createOrganisation } from '../../testing/organisations.js';

const clock = new Date('2026-06-01T09:00:00Z');
const t = useTestApp({}, { now: () => clock });
let platform: User;

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
});

const organisation = (name: string) => createOrganisation(t, platform.token, name);
const member = (businessId: number, adminType: 1 | 2 | 99, email?: string) =>
  addBusinessMember(t, businessId, adminType, clock, { email });

/** An organisation with a group "Engineering" holding the sub-groups "Platform" and "Mobile". */
async function withGroups(name: string) {
  const org = await organisation(name);
  const group = await t.request('POST', `/api/business/${org.id}/employees-group`, {
    token: org.owner.token,
    body: { name: 'Engineering', description: 'Builders' },
  });
  const groupId = group.json().id as number;
  for (const sub of ['Platform', 'Mobile'])
    await t.request('POST', `/api/business/${org.id}/employees-group/${groupId}`, {
      token: org.owner.token,
      body: { name: sub },
    });
  const list = await t.request('GET', `/api/business/${org.id}/employees-group`, { token: org.owner.token });
  const subs = list.json().items[0].sub_groups as Array<{ id: number; name: string }>;
  return { ...org, groupId, subId: (n: string) => subs.find((s) => s.name === n)?.id ?? 0 };
}

const upload = (token: string, id: number, data: Buffer, name = 'people.csv', type = 'text/csv') =>
  t.request('POST', `/api/business/${id}/csv_upload`, { token, ...multipartFile(data, name, type) });

/** The totals of an upload's report: how many rows had each outcome (none unless given). */
const uploadTotals = (counts: Record<string, number>) => ({
  created: 0,
  invited: 0,
  already_member: 0,
  already_invited: 0,
  error: 0,
  ...counts,
});

describe('employee groups', () => {
  it('hold sub-groups with members of the organisation, kept by its admins', async () => {
    const org = await withGroups('Groups Ltd');
    const employee = await member(org.id, 99);
    const stranger = await t.createUser();
    const platformSub = org.subId('Platform');
    const base = `/api/business/${org.id}/employees-group/${org.groupId}/${platformSub}`;

    const list = await t.request('GET', `/api/business/${org.id}/employees-group`, { token: employee.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toMatchObject([
      {
        name: 'Engineering',
        description: 'Builders',
        sub_groups: [{ name: 'Mobile' }, { name: 'Platform' }],
      },
    ]);

    const added = await t.request('POST', `${base}/users`, {
      token: org.owner.token,
      body: { user_ids: [employee.id, org.owner.id] },
    });
    expect(added.json(), added.body).toEqual({ message: '2 people added' });
    const users = await t.request('GET', `${base}/users`, { token: employee.token });
    expect(sortedUserIds(users)).toEqual([employee.id, org.owner.id].sort());
    const notMember = await t.request('POST', `${base}/users`, {
      token: org.owner.token,
      body: { user_ids: [stranger.id] },
    });
    expect(notMember.statusCode).toBe(422);
    const removed = await t.request('POST', `${base}/users/delete`, {
      token: org.owner.token,
      body: { user_ids: [employee.id] },
    });
    expect(removed.json()).toEqual({ message: '1 person removed' });

    const renamed = await t.request('PATCH', `/api/business/${org.id}/employees-group/${org.groupId}`, {
      token: org.owner.token,
      body: { name: 'Technology' },
    });
    expect(renamed.json().name).toBe('Technology');
    const subRenamed = await t.request('PATCH', base, { token: org.owner.token, body: { name: 'Core' } });
    expect(subRenamed.json().sub_groups.map((s: { name: string }) => s.name)).toContain('Core');
    const counted = await t.request('GET', `/api/business/${org.id}/employees-group`, {
      token: org.owner.token,
    });
    expect(
      counted.json().items[0].sub_groups.find((s: { name: string }) => s.name === 'Core').member_count,
    ).toBe(1);
  });

  it('refuse employees, strangers, other organisations and bad input', async () => {
    const org = await withGroups('Guarded Ltd');
    const other = await withGroups('Other Ltd');
    const employee = await member(org.id, 99);
    const stranger = await t.createUser();
    const base = `/api/business/${org.id}/employees-group`;
    const sub = `${base}/${org.groupId}/${org.subId('Platform')}`;
    for (const [method, url, body] of [
      ['POST', base, { name: 'X' }],
      ['POST', `${base}/${org.groupId}`, { name: 'X' }],
      ['PATCH', `${base}/${org.groupId}`, { name: 'X' }],
      ['PATCH', sub, { name: 'X' }],
      ['POST', `${sub}/users`, { user_ids: [employee.id] }],
      ['POST', `${sub}/users/delete`, { user_ids: [employee.id] }],
    ] as const) {
      expect(
        (await t.request(method, url, { token: employee.token, body })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
      expect(
        (await t.request(method, url, { token: stranger.token, body })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    expect((await t.request('GET', base, { token: stranger.token })).statusCode).toBe(403);
    expect((await t.request('GET', `${sub}/users`, { token: stranger.token })).statusCode).toBe(403);
    // Another organisation's group is not found through this one.
    const foreign = await t.request('GET', `${base}/${other.groupId}/${other.subId('Platform')}/users`, {
      token: org.owner.token,
    });
    expect(foreign.statusCode).toBe(404);
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'ok', extra: 1 }]) {
      const res = await t.request('POST', base, { token: org.owner.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await t.request('POST', `${sub}/users`, { token: org.owner.token, body: { user_ids: [] } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('CSV onboarding', () => {
  it('adds existing people, invites new ones, reports bad rows, and changes nothing the second time', async () => {
    const org = await withGroups('Onboard Ltd');
    const existing = await t.createUser({ email: 'existing.person@example.org' });
    await member(org.id, 99, 'already.here@example.org');
    const csv = Buffer.from(
      [
        'email,first_name,last_name,employee_group,sub_group,admin_type',
        'existing.person@example.org,Ex,Isting,Engineering,Platform,',
        'new.starter@example.org,New,Starter,engineering,mobile,Admin',
        'already.here@example.org,Al,Ready,,,',
        'not-an-email,Bad,Email,,,',
        'ghost@example.org,Gh,Ost,Finance,Payroll,',
        'new.starter@example.org,New,Again,,,',
        'boss@example.org,Big,Boss,,,7',
        '',
      ].join('\n'),
    );
    const res = await upload(org.owner.token, org.id, csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.rows.map((r: { row: number; outcome: string }) => [r.row, r.outcome])).toEqual([
      [2, 'created'],
      [3, 'invited'],
      [4, 'already_member'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
    ]);
    expect(report.rows[3].error).toMatch(/email is not valid/);
    expect(report.rows[4].error).toMatch(/Unknown employee group "Finance"/);
    expect(report.rows[5].error).toMatch(/Duplicate row/);
    expect(report.totals).toEqual(uploadTotals({ created: 1, invited: 1, already_member: 1, error: 4 }));

    const platformUsers = await t.request(
      'GET',
      `/api/business/${org.id}/employees-group/${org.groupId}/${org.subId('Platform')}/users`,
      { token: org.owner.token },
    );
    expect(platformUsers.json().items.map((u: { user_id: number }) => u.user_id)).toEqual([existing.id]);

    // The invited person registers and accepts: they join as Admin, in their sub-group.
    const mail = (await t.outbox()).find((m) => m.to.includes('new.starter@example.org'));
    const code = mail?.text.match(/invitation\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const again = await upload(org.owner.token, org.id, csv);
    expect(again.json().totals).toEqual(uploadTotals({ already_member: 2, already_invited: 1, error: 4 }));
    const starter = await t.createUser({ email: 'new.starter@example.org' });
    const accepted = await t.request('GET', `/api/invitation/confirm/${code}`, { token: starter.token });
    expect(accepted.json().accepted, accepted.body).toBe(true);
    const members = (
      await t.request('GET', `/api/business/${org.id}/members`, { token: org.owner.token })
    ).json();
    expect(members.items.find((m: { user_id: number }) => m.user_id === starter.id)?.admin_type).toBe(2);
    // The sub-group the row named takes them once the joining's event is handled (decision 041).
    await t.settle();
    const mobile = await t.request(
      'GET',
      `/api/business/${org.id}/employees-group/${org.groupId}/${org.subId('Mobile')}/users`,
      { token: org.owner.token },
    );
    expect(mobile.json().items.map((u: { user_id: number }) => u.user_id)).toEqual([starter.id]);
    const third = await upload(org.owner.token, org.id, csv);
    expect(third.json().totals).toEqual(uploadTotals({ already_member: 3, error: 4 }));
  });

  it('reads an Excel workbook', async () => {
    const org = await withGroups('Excel Ltd');
    const cells = (values: string[]) => values.map((value) => ({ value }));
    const xlsx = await writeXlsxFile(
      [cells(['Email', 'First Name', 'Last Name']), cells(['sheet.person@example.org', 'Sheet', 'Person'])],
      { buffer: true },
    );
    const res = await upload(
      org.owner.token,
      org.id,
      xlsx,
      'people.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      { row: 2, email: 'sheet.person@example.org', outcome: 'invited', error: null },
    ]);
  });

  it('refuses another type (415), a file over 10 MB (413), a file without an email column, and outsiders', async () => {
    const org = await withGroups('Strict Ltd');
    const employee = await member(org.id, 99);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const wrong = await upload(org.owner.token, org.id, png, 'people.csv', 'text/csv');
    expect(wrong.statusCode).toBe(415);
    const html = await upload(org.owner.token, org.id, Buffer.from('<html><body>email</body></html>'));
    expect(html.statusCode).toBe(415);
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    expect((await upload(org.owner.token, org.id, big)).statusCode).toBe(413);
    const noEmail = await upload(org.owner.token, org.id, Buffer.from('name,phone\nAnn,123\n'));
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.details.fields.file).toBeDefined();
    const csv = Buffer.from('email\nsomeone@example.org\n');
    expect((await upload(employee.token, org.id, csv)).statusCode).toBe(403);
    expect(
      (await t.request('POST', `/api/business/${org.id}/csv_upload`, multipartFile(csv, 'a.csv', 'text/csv')))
        .statusCode,
    ).toBe(401);
    // Nothing changed: no invitation was made.
    const pending = await t.request('GET', `/api/invitation/pending/business/${org.id}`, {
      token: org.owner.token,
    });
    expect(pending.json().items).toEqual([]);
  });
});
