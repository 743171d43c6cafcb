import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ADMIN_TYPE, CHARITY_MEMBER_PERMISSIONS } from '@kindred/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  businesses,
  businessMemberships,
  charities,
  charityMemberships,
  groupMemberships,
  groups,
} from '../db/schema.js';
import { makeProject } from '../testing/factories.js';
import { useTestApp } from '../testing/helpers.js';
import type { AuthUser } from './access.js';
import { accessTable } from './access-table.js';
import { Permission } from './permissions.js';

/**
 * Every permission as every role, on a real database and without HTTP: the access layer's answer
 * for the fixture's organisation, charity, project or person must be exactly this table.
 */
const ROLES = [
  'anonymous',
  /** Signed in, with no relation to anything here. */
  'stranger',
  /** The person the self permission is asked about. */
  'self',
  'platform_super_admin',
  'platform_admin',
  'platform_employee',
  'business_super_admin',
  'business_admin',
  'business_employee',
  /** An Employee of the organisation marked as a sign-off admin. */
  'business_signoff_admin',
  'charity_super_admin',
  'charity_admin',
  'charity_member',
  'charity_finance',
  'charity_project_manager',
  'charity_members_manager',
  /** Owns a project of their own, which the charity project is not. */
  'project_owner',
  /** An admin of the fixture's group of people, and a plain member of it. */
  'group_admin',
  'group_member',
] as const;
type Role = (typeof ROLES)[number];

const PLATFORM_WRITERS: Role[] = ['platform_super_admin', 'platform_admin'];
const PLATFORM_READERS: Role[] = [...PLATFORM_WRITERS, 'platform_employee'];
const BUSINESS_ADMINS: Role[] = ['business_super_admin', 'business_admin'];
const BUSINESS_MEMBERS: Role[] = [...BUSINESS_ADMINS, 'business_employee', 'business_signoff_admin'];
const CHARITY_MEMBERS: Role[] = [
  'charity_super_admin',
  'charity_admin',
  'charity_member',
  'charity_finance',
  'charity_project_manager',
  'charity_members_manager',
];

const WHO_MAY: Record<Permission, Role[]> = {
  [Permission.UserSelf]: ['self'],
  [Permission.PlatformDirectDebitsRead]: PLATFORM_READERS,
  [Permission.PlatformWalletDeposit]: PLATFORM_WRITERS,
  [Permission.PlatformRead]: PLATFORM_READERS,
  [Permission.PlatformPeopleManage]: PLATFORM_WRITERS,
  [Permission.PlatformAdminsManage]: ['platform_super_admin'],
  [Permission.PlatformProjectsMail]: PLATFORM_WRITERS,
  [Permission.PlatformDataExport]: PLATFORM_WRITERS,
  [Permission.PlatformPersonErase]: ['platform_super_admin'],
  [Permission.CharityCreate]: PLATFORM_WRITERS,
  [Permission.CharityReviewRead]: PLATFORM_READERS,
  [Permission.CharityReview]: PLATFORM_WRITERS,
  [Permission.CharityLock]: PLATFORM_WRITERS,
  [Permission.ProjectReturn]: PLATFORM_WRITERS,
  [Permission.PlatformDonationsRead]: PLATFORM_READERS,
  [Permission.PlatformDonationsReview]: PLATFORM_WRITERS,
  [Permission.PlatformPayoutsRead]: PLATFORM_READERS,
  [Permission.PlatformPayoutsManage]: PLATFORM_WRITERS,
  [Permission.PlatformBillingRead]: PLATFORM_READERS,
  [Permission.PlatformBillingManage]: PLATFORM_WRITERS,
  [Permission.BusinessCreate]: PLATFORM_WRITERS,
  [Permission.BusinessLock]: PLATFORM_WRITERS,
  [Permission.BusinessReviewRead]: PLATFORM_READERS,
  [Permission.BusinessReview]: PLATFORM_WRITERS,
  [Permission.BusinessRead]: BUSINESS_MEMBERS,
  [Permission.BusinessUpdate]: BUSINESS_ADMINS,
  [Permission.BusinessDelete]: ['business_super_admin'],
  [Permission.BusinessMembersManage]: BUSINESS_ADMINS,
  [Permission.BusinessAdminsManage]: ['business_super_admin'],
  [Permission.BusinessSignoffManage]: ['business_super_admin'],
  [Permission.BusinessDonate]: BUSINESS_MEMBERS,
  [Permission.BusinessDonationsRead]: [...BUSINESS_ADMINS, 'business_signoff_admin'],
  [Permission.BusinessDonationsApprove]: ['business_signoff_admin'],
  [Permission.BusinessProjectsRead]: BUSINESS_MEMBERS,
  [Permission.BusinessProjectsCreate]: BUSINESS_ADMINS,
  [Permission.BusinessWalletRead]: BUSINESS_ADMINS,
  [Permission.BusinessWalletManage]: BUSINESS_ADMINS,
  [Permission.BusinessFundsTransfer]: ['business_super_admin'],
  [Permission.BusinessSubscriptionRead]: BUSINESS_ADMINS,
  [Permission.BusinessSubscriptionManage]: BUSINESS_ADMINS,
  [Permission.BusinessMatchingManage]: BUSINESS_ADMINS,
  [Permission.BusinessReportsRead]: BUSINESS_ADMINS,
  [Permission.BusinessHierarchyManage]: ['business_super_admin'],
  [Permission.BusinessIntegrationsManage]: ['business_super_admin', 'business_admin'],
  [Permission.CharityRead]: CHARITY_MEMBERS,
  [Permission.CharityUpdate]: ['charity_super_admin', 'charity_admin'],
  [Permission.CharityDelete]: ['charity_super_admin'],
  [Permission.CharityMembersManage]: ['charity_super_admin', 'charity_members_manager'],
  [Permission.CharityAdminsManage]: ['charity_super_admin'],
  [Permission.CharityFinanceRead]: ['charity_super_admin', 'charity_finance'],
  [Permission.CharityPayoutManage]: ['charity_super_admin', 'charity_finance'],
  [Permission.CharityProjectsManage]: ['charity_super_admin', 'charity_project_manager'],
  [Permission.CharityDonationsRead]: ['charity_super_admin', 'charity_admin', 'charity_finance'],
  [Permission.CharityDonationsApprove]: ['charity_super_admin', 'charity_admin', 'charity_project_manager'],
  [Permission.CharityGiftAidClaim]: ['charity_super_admin', 'charity_finance'],
  [Permission.CharityDonationsRefund]: ['charity_super_admin', 'charity_admin'],
  [Permission.CharityIntegrationsManage]: ['charity_super_admin', 'charity_admin'],
  [Permission.CharityFundraisersManage]: ['charity_super_admin', 'charity_admin'],
  [Permission.FundraiserEdit]: ['self'],
  [Permission.ProjectManage]: ['charity_super_admin', 'charity_project_manager'],
  [Permission.GroupRead]: ['group_admin', 'group_member'],
  [Permission.GroupManage]: ['group_admin'],
  [Permission.GroupMembersInvite]: ['group_admin'],
  [Permission.MessagesPersonal]: ['self'],
  [Permission.MessagesBusiness]: BUSINESS_MEMBERS,
  [Permission.MessagesCharity]: CHARITY_MEMBERS,
  [Permission.MessagesProject]: ['charity_super_admin', 'charity_project_manager'],
};

const t = useTestApp();
const people = new Map<Role, AuthUser | null>();
const fixture = { business: 0, charity: 0, project: 0, ownProject: 0, group: 0 };

beforeAll(async () => {
  const db = t.ctx.database.db;
  const now = t.ctx.now();
  const person = async (role: Role, admin?: number) => {
    const made = await t.createUser(admin ? { isIicAdmin: true, adminType: admin } : {});
    people.set(role, { id: made.id, isIicAdmin: Boolean(admin), adminType: admin ?? null });
    return made;
  };
  people.set('anonymous', null);
  await person('stranger');
  await person('self');
  await person('platform_super_admin', ADMIN_TYPE.superAdmin);
  await person('platform_admin', ADMIN_TYPE.admin);
  await person('platform_employee', ADMIN_TYPE.employee);

  const [business] = await db
    .insert(businesses)
    .values({ name: 'Access Ltd', approvalStatus: 'approved', createdAt: now })
    .returning({ id: businesses.id });
  fixture.business = business?.id ?? 0;
  for (const [role, adminType] of [
    ['business_super_admin', ADMIN_TYPE.superAdmin],
    ['business_admin', ADMIN_TYPE.admin],
    ['business_employee', ADMIN_TYPE.employee],
    ['business_signoff_admin', ADMIN_TYPE.employee],
  ] as const) {
    const member = await person(role);
    await db.insert(businessMemberships).values({
      businessId: fixture.business,
      userId: member.id,
      adminType,
      isSignoffAdmin: role === 'business_signoff_admin',
      createdAt: now,
    });
  }

  const [charity] = await db
    .insert(charities)
    .values({ name: 'Access Trust', approvalStatus: 'approved', createdAt: now, updatedAt: now })
    .returning({ id: charities.id });
  fixture.charity = charity?.id ?? 0;
  let charitySuperAdmin = { token: '' };
  for (const [role, adminType, permissions] of [
    ['charity_super_admin', ADMIN_TYPE.superAdmin, [...CHARITY_MEMBER_PERMISSIONS]],
    ['charity_admin', ADMIN_TYPE.admin, []],
    ['charity_member', ADMIN_TYPE.employee, []],
    ['charity_finance', ADMIN_TYPE.employee, ['view_finance']],
    ['charity_project_manager', ADMIN_TYPE.employee, ['manage_projects']],
    ['charity_members_manager', ADMIN_TYPE.employee, ['manage_members']],
  ] as const) {
    const member = await person(role);
    if (role === 'charity_super_admin') charitySuperAdmin = member;
    await db.insert(charityMemberships).values({
      charityId: fixture.charity,
      userId: member.id,
      adminType,
      permissions: [...permissions],
      createdAt: now,
    });
  }
  fixture.project = await makeProject(t, charitySuperAdmin, {
    title: 'Access project',
    charityId: fixture.charity,
    status: 'draft',
  });
  const owner = await person('project_owner');
  fixture.ownProject = await makeProject(t, owner, { title: 'My own project', status: 'draft' });

  const [group] = await db
    .insert(groups)
    .values({ name: 'Access Group', groupType: 2, pin: '246810', createdAt: now })
    .returning({ id: groups.id });
  fixture.group = group?.id ?? 0;
  for (const role of ['group_admin', 'group_member'] as const) {
    const member = await person(role);
    await db
      .insert(groupMemberships)
      .values({ groupId: fixture.group, userId: member.id, isAdmin: role === 'group_admin', createdAt: now });
  }
});

/** The id each permission is asked about. */
function subject(permission: Permission): number {
  const rule = accessTable.find((row) => row.permission === permission)?.rule;
  switch (rule?.on) {
    case 'business':
      return fixture.business;
    case 'charity':
      return fixture.charity;
    case 'project':
      return fixture.project;
    case 'group':
      return fixture.group;
    case 'self':
      return people.get('self')?.id ?? 0;
    default:
      return 0;
  }
}

describe('the access layer', () => {
  it('has a row in the table for every permission', () => {
    expect(Object.keys(WHO_MAY).sort()).toEqual(Object.values(Permission).sort());
  });

  for (const permission of Object.values(Permission)) {
    it(`${permission}: ${WHO_MAY[permission].join(', ')}`, async () => {
      const answers: Record<string, boolean> = {};
      for (const role of ROLES)
        answers[role] = await t.ctx.access.can(people.get(role) ?? null, permission, subject(permission));
      const expected = Object.fromEntries(ROLES.map((role) => [role, WHO_MAY[permission].includes(role)]));
      expect(answers).toEqual(expected);
    });
  }

  it('answers 401 to a visitor, 403 to a stranger and 404 for a project that does not exist', async () => {
    const stranger = people.get('stranger') ?? null;
    await expect(t.ctx.access.require(null, Permission.CharityRead, [fixture.charity])).rejects.toMatchObject(
      {
        statusCode: 401,
      },
    );
    await expect(
      t.ctx.access.require(stranger, Permission.CharityRead, [fixture.charity]),
    ).rejects.toMatchObject({ statusCode: 403, message: 'You do not have access to this charity.' });
    await expect(t.ctx.access.require(stranger, Permission.ProjectManage, [999_999])).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses a list of ids when any one of them is not allowed', async () => {
    const admin = people.get('charity_super_admin') ?? null;
    await expect(
      t.ctx.access.require(admin, Permission.ProjectManage, [fixture.project, fixture.ownProject]),
    ).rejects.toMatchObject({ statusCode: 403 });
    const owner = people.get('project_owner') ?? null;
    expect(
      await t.ctx.access.allowed(owner, Permission.ProjectManage, [fixture.project, fixture.ownProject]),
    ).toEqual(new Set([fixture.ownProject]));
  });

  it('is written down in docs/access.md (run `npm run contracts` after changing a permission)', async () => {
    const target = fileURLToPath(new URL('../../../../docs/access.md', import.meta.url));
    const written = accessTableMarkdown();
    if (process.env.WRITE_CONTRACTS === '1') await writeFile(target, written);
    expect(
      (await readFile(target, 'utf8').catch(() => '')) === written,
      'docs/access.md is out of date',
    ).toBe(true);
  });
});

function accessTableMarkdown(): string {
  const lines = [
    '# Who may do what',
    '',
    'Generated from `apps/api/src/authz/permissions.ts` by the access test (`npm run contracts`).',
    'Every service method asks the access layer for one of these permissions, with the ids it acts on',
    '(from the path or the body), before it does anything else. Calls not listed by a permission are',
    'public, or concern only the signed-in person themself.',
    '',
    '| permission | who may | what it allows |',
    '| --- | --- | --- |',
    ...accessTable.map((row) => `| \`${row.permission}\` | ${row.who} | ${row.what} |`),
    '',
  ];
  return lines.join('\n');
}
