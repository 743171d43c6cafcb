import {
  ADMIN_TYPE,
  CSV_ONBOARDING_MAX_ROWS,
  type CsvRowReport,
  type CsvUploadReport,
  type EmployeeGroup,
  type EmployeeGroupBody,
  type EmployeeGroupPatch,
  emailSchema,
  type SubGroupMember,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { UploadSource } from '../../lib/uploads.js';
import type { InvitationsService } from '../invitations/index.js';
import { organisationsQueries, organisationsWrites } from '../organisations/index.js';
import { personNames, usersQueries } from '../users/index.js';
import { readOnboardingRows } from './csv-onboarding.js';
import { type EmployeeGroupRow, employeesRepository } from './employees.repository.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ROLE_WORDS: Record<string, number> = {
  '1': ADMIN_TYPE.superAdmin,
  'super admin': ADMIN_TYPE.superAdmin,
  '2': ADMIN_TYPE.admin,
  admin: ADMIN_TYPE.admin,
  '99': ADMIN_TYPE.employee,
  employee: ADMIN_TYPE.employee,
  '': ADMIN_TYPE.employee,
};

/**
 * An organisation's employee groups with their sub-groups and members, and onboarding its
 * employees from a CSV or Excel file
 * (docs/product/organisations.md#employee-groups-and-the-csv-upload, decision 023).
 */
export function employeesService(ctx: AppContext, invitations: InvitationsService) {
  const db = () => ctx.database.db;

  async function business(id: number) {
    const row = await organisationsQueries.find(db(), id);
    if (!row) throw notFound('The organisation');
    return row;
  }

  async function foundGroup(businessId: number, groupId: number) {
    const row = await employeesRepository.group(db(), businessId, groupId);
    if (!row) throw notFound('The employee group');
    return row;
  }

  async function foundSubGroup(businessId: number, groupId: number, subId: number) {
    await foundGroup(businessId, groupId);
    const row = await employeesRepository.subGroup(db(), groupId, subId);
    if (!row) throw notFound('The sub-group');
    return row;
  }

  async function present(rows: EmployeeGroupRow[]): Promise<EmployeeGroup[]> {
    const subs = await employeesRepository.subGroupsOf(
      db(),
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      business_id: row.businessId,
      name: row.name,
      description: row.description,
      sub_groups: subs
        .filter(({ subGroup }) => subGroup.groupId === row.id)
        .map(({ subGroup, members }) => ({
          id: subGroup.id,
          group_id: subGroup.groupId,
          name: subGroup.name,
          description: subGroup.description,
          member_count: Number(members),
        })),
    }));
  }

  async function presentGroup(row: EmployeeGroupRow): Promise<EmployeeGroup> {
    const [group] = await present([row]);
    if (!group) throw new Error('group vanished');
    return group;
  }

  /** Places a member of the organisation in a sub-group of it (an accepted invitation from a CSV row). */
  async function placeInSubGroup(tx: Executor, businessId: number, userId: number, subId: number | null) {
    if (subId === null) return;
    const found = await employeesRepository.subGroupById(tx, subId);
    if (found && found.businessId === businessId)
      await employeesRepository.addMembers(tx, subId, [userId], ctx.now());
  }

  return {
    placeInSubGroup,

    /** GET /business/{id}/employees-group: its groups with their sub-groups (any member). */
    async list(auth: AuthUser | null, businessId: number) {
      await ctx.access.require(auth, Permission.BusinessRead, [businessId]);
      await business(businessId);
      return { items: await present(await employeesRepository.groupsOf(db(), businessId)) };
    },

    /** POST /business/{id}/employees-group */
    async createGroup(auth: AuthUser | null, businessId: number, body: EmployeeGroupBody) {
      await ctx.access.require(auth, Permission.BusinessMembersManage, [businessId]);
      await business(businessId);
      const row = await employeesRepository.insertGroup(
        db(),
        { businessId, name: body.name, description: body.description ?? null },
        ctx.now(),
      );
      return presentGroup(row);
    },

    /** POST /business/{id}/employees-group/{groupId}: a sub-group. */
    async createSubGroup(
      auth: AuthUser | null,
      businessId: number,
      groupId: number,
      body: EmployeeGroupBody,
    ) {
      await ctx.access.require(auth, Permission.BusinessMembersManage, [businessId]);
      const group = await foundGroup(businessId, groupId);
      await employeesRepository.insertSubGroup(
        db(),
        { groupId, name: body.name, description: body.description ?? null },
        ctx.now(),
      );
      return presentGroup(group);
    },

    /** PATCH /business/{id}/employees-group/{groupId} */
    async updateGroup(auth: AuthUser | null, businessId: number, groupId: number, body: EmployeeGroupPatch) {
      await ctx.access.require(auth, Permission.BusinessMembersManage, [businessId]);
      await foundGroup(businessId, groupId);
      const row = await employeesRepository.updateGroup(db(), groupId, body);
      return presentGroup(row);
    },

    /** PATCH /business/{id}/employees-group/{groupId}/{subId} */
    async updateSubGroup(
      auth: AuthUser | null,
      businessId: number,
      groupId: number,
      subId: number,
      body: EmployeeGroupPatch,
    ) {
      await ctx.access.require(auth, Permission.BusinessMembersManage, [businessId]);
      await foundSubGroup(businessId, groupId, subId);
      await employeesRepository.updateSubGroup(db(), subId, body);
      return presentGroup(await foundGroup(businessId, groupId));
    },

    /** GET .../{subId}/users: the sub-group's members who still belong to the organisation. */
    async subGroupUsers(auth: AuthUser | null, businessId: number, groupId: number, subId: number) {
      await ctx.access.require(auth, Permission.BusinessRead, [businessId]);
      await foundSubGroup(businessId, groupId, subId);
      const [rows, memberships] = await Promise.all([
        employeesRepository.members(db(), subId),
        organisationsQueries.members(db(), businessId),
      ]);
      const roles = new Map(memberships.map((m) => [m.userId, m.adminType]));
      const people = await usersQueries.activePeopleOf(
        db(),
        rows.filter((row) => roles.has(row.userId)),
      );
      return {
        items: people.map(
          ({ person, row }): SubGroupMember => ({
            ...personNames(person),
            email: person.email,
            admin_type: roles.get(person.id) ?? ADMIN_TYPE.employee,
            added_at: row.createdAt.toISOString(),
          }),
        ),
      };
    },

    /**
     * POST .../{subId}/users adds people to the sub-group (members of the organisation only);
     * POST .../{subId}/users/delete takes them out.
     */
    async changeUsers(
      auth: AuthUser | null,
      businessId: number,
      groupId: number,
      subId: number,
      userIds: number[],
      change: 'add' | 'remove',
    ) {
      await ctx.access.require(auth, Permission.BusinessMembersManage, [businessId]);
      await foundSubGroup(businessId, groupId, subId);
      const people = [...new Set(userIds)];
      if (change === 'remove') {
        const removed = await employeesRepository.removeMembers(db(), subId, people);
        return { message: removed === 1 ? '1 person removed' : `${removed} people removed` };
      }
      const memberships = await organisationsQueries.members(db(), businessId);
      const members = new Set(memberships.map((m) => m.userId));
      const strangers = userIds.filter((id) => !members.has(id));
      if (strangers.length > 0)
        throw new AppError(422, 'NOT_A_MEMBER', 'Only members of the organisation can join its groups.', {
          fields: { user_ids: `Not members of the organisation: ${strangers.join(', ')}.` },
        });
      const added = await employeesRepository.addMembers(db(), subId, people, ctx.now());
      return { message: added === 1 ? '1 person added' : `${added} people added` };
    },

    /**
     * POST /business/{id}/csv_upload: each row adds an existing person (created), invites a new
     * one (invited), or says why it was skipped; each row is its own transaction, so a bad row
     * never undoes a good one, and the same file again changes nothing.
     */
    async csvUpload(
      auth: AuthUser | null,
      businessId: number,
      readFile: UploadSource,
    ): Promise<CsvUploadReport> {
      const by = await ctx.access.require(auth, Permission.BusinessMembersManage, [businessId]);
      const organisation = await business(businessId);
      const upload = await readFile();
      if (upload.mime !== 'text/plain' && upload.mime !== XLSX)
        throw new AppError(
          415,
          'UNSUPPORTED_FILE_TYPE',
          'CSV upload must be a CSV file or an Excel workbook (.xlsx).',
          { detected: upload.mime },
        );
      const rows = await readOnboardingRows(upload.data, upload.mime === XLSX ? 'xlsx' : 'csv');
      if (rows.length > CSV_ONBOARDING_MAX_ROWS)
        throw badRequest(`A file can hold at most ${CSV_ONBOARDING_MAX_ROWS} people.`, {
          file: `${rows.length} rows.`,
        });
      const mayMakeSuperAdmins = await ctx.access.can(by, Permission.BusinessAdminsManage, businessId);
      const groups = await present(await employeesRepository.groupsOf(db(), businessId));
      const byName = new Map(groups.map((g) => [g.name.trim().toLowerCase(), g]));
      const inviterName = (await usersQueries.names(db(), [by.id])).get(by.id) ?? 'Someone';
      const seen = new Set<string>();
      const report: CsvRowReport[] = [];

      for (const row of rows) {
        const skip = (error: string) =>
          report.push({ row: row.line, email: row.email, outcome: 'error', error });
        const email = emailSchema.safeParse(row.email);
        if (!email.success) {
          skip(row.email === '' ? 'The email is missing.' : 'The email is not valid.');
          continue;
        }
        if (seen.has(email.data)) {
          skip('Duplicate row: this email is on an earlier row.');
          continue;
        }
        seen.add(email.data);
        const role = ROLE_WORDS[row.admin_type.trim().toLowerCase()];
        if (role === undefined) {
          skip('Unknown admin_type: use Super Admin, Admin or Employee (1, 2 or 99).');
          continue;
        }
        if (role === ADMIN_TYPE.superAdmin && !mayMakeSuperAdmins) {
          skip('Only a Super Admin can add Super Admins.');
          continue;
        }
        let subId: number | null = null;
        if (row.employee_group !== '' || row.sub_group !== '') {
          const group = byName.get(row.employee_group.trim().toLowerCase());
          if (!group) {
            skip(
              row.employee_group === ''
                ? 'Name the employee group of the sub-group.'
                : `Unknown employee group "${row.employee_group}".`,
            );
            continue;
          }
          const sub = group.sub_groups.find(
            (s) => s.name.trim().toLowerCase() === row.sub_group.trim().toLowerCase(),
          );
          if (!sub) {
            skip(
              row.sub_group === ''
                ? `Name a sub-group of "${group.name}".`
                : `Unknown sub-group "${row.sub_group}" in "${group.name}".`,
            );
            continue;
          }
          subId = sub.id;
        }
        try {
          const outcome = await db().transaction(async (tx): Promise<CsvRowReport['outcome']> => {
            const person = await usersQueries.findByEmail(tx, email.data);
            if (person && !person.deletedAt) {
              const member = await organisationsQueries.businessMembership(tx, businessId, person.id);
              if (!member) await organisationsWrites.addMember(tx, businessId, person.id, role, ctx.now());
              if (subId !== null) await employeesRepository.addMembers(tx, subId, [person.id], ctx.now());
              if (member) return 'already_member';
              await ctx.notices.queue(tx, {
                to: person.email,
                subject: `You were added to ${organisation.name} on Kindred`,
                text: `${inviterName} added you to ${organisation.name} on Kindred. You will find it in your account.`,
              });
              return 'created';
            }
            const invited = await invitations.invite(tx, {
              email: email.data,
              targetType: 'business',
              targetId: businessId,
              targetName: organisation.name,
              adminType: role,
              subGroupId: subId,
              invitedBy: by.id,
              inviterName,
            });
            return invited ? 'invited' : 'already_invited';
          });
          report.push({ row: row.line, email: email.data, outcome, error: null });
        } catch (error) {
          ctx.log.error({ err: error, row: row.line }, 'A CSV onboarding row failed');
          skip('This row could not be saved. Try again.');
        }
      }
      const totals = { created: 0, invited: 0, already_member: 0, already_invited: 0, error: 0 };
      for (const line of report) totals[line.outcome] += 1;
      return { rows: report, totals };
    },
  };
}
export type EmployeesService = ReturnType<typeof employeesService>;
