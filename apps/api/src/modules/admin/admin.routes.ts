import {
  adminAccountSchema,
  adminCharityListQuerySchema,
  adminEraseBodySchema,
  adminExpiringProjectSchema,
  adminExpiringQuerySchema,
  adminExportParamsSchema,
  adminGroupListQuerySchema,
  adminGroupSchema,
  adminProjectDetailSchema,
  adminProjectListQuerySchema,
  adminProjectMailsBodySchema,
  adminProjectMailsResultSchema,
  adminProjectSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserSchema,
  adminUserUpdateBodySchema,
  pageSchema,
  statisticNameParamsSchema,
  statisticQuerySchema,
  statisticSchema,
} from '@kindred/shared';
import { z } from 'zod';
import { idParams, moduleRoutes, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['admin']);

/** The platform admin area (docs/product/platform-admin.md; decision 028). */
export const adminRoutes = moduleRoutes(async (app, { admin, adminAccounts, adminProjects, statistics }) => {
  app.get(
    '/admin/user_list',
    route.user('People by name or email, by status or platform admin flag; newest first (platform admins)', {
      querystring: adminUserListQuerySchema,
      answers: pageSchema(adminUserSchema),
    }),
    async (request) => admin.userList(request.auth, request.query),
  );

  app.get(
    '/admin/user/:id',
    route.user("A person's profile, memberships, wallet and giving (platform admins)", {
      params: idParams(),
      answers: adminUserDetailSchema,
    }),
    async (request) => admin.user(request.auth, request.params.id),
  );

  app.patch(
    '/admin/user',
    route.user(
      'Activate or deactivate a person (their sessions end), make or unmake a platform admin (Super Admins), correct details; never a password',
      { body: adminUserUpdateBodySchema, answers: adminUserDetailSchema },
    ),
    async (request) => admin.updateUser(request.auth, request.body),
  );

  app.post(
    '/admin/user/:id/erase',
    route.user('Erase a person on request; their donations stay, anonymised (platform Super Admins)', {
      params: idParams(),
      body: adminEraseBodySchema,
      answers: adminUserDetailSchema,
    }),
    async (request) => admin.eraseUser(request.auth, request.params.id, request.body),
  );

  app.get(
    '/admin/export/:type/:id',
    route.user("A person's or an account's data as JSON (platform Super Admins and Admins)", {
      params: adminExportParamsSchema,
      response: {
        200: z.object({
          type: z.string(),
          id: z.number().int(),
          exported_at: z.string(),
          audit: z.array(z.unknown()),
          data: z.record(z.string(), z.unknown()),
        }),
      },
    }),
    async (request, reply) => {
      const answer = await admin.exportData(request.auth, request.params.type, request.params.id);
      reply.header(
        'content-disposition',
        `attachment; filename="kindred-${request.params.type}-${request.params.id}.json"`,
      );
      return answer;
    },
  );

  app.get(
    '/admin/charity_list',
    route.user('Charities by name or email, approval status and lock; newest first (platform admins)', {
      querystring: adminCharityListQuerySchema,
      answers: pageSchema(adminAccountSchema),
    }),
    async (request) => adminAccounts.charityList(request.auth, request.query),
  );

  app.get(
    '/admin/projects_list',
    route.user('Projects by title, status or charity; newest first (platform admins)', {
      querystring: adminProjectListQuerySchema,
      answers: pageSchema(adminProjectSchema),
    }),
    async (request) => adminProjects.projectList(request.auth, request.query),
  );

  app.get(
    '/admin/project/:id',
    route.user('A project with its admins, progress and last reminder (platform admins)', {
      params: idParams(),
      answers: adminProjectDetailSchema,
    }),
    async (request) => adminProjects.project(request.auth, request.params.id),
  );

  app.get(
    '/admin/group_list',
    route.user('Groups by name or type with their member counts; newest first (platform admins)', {
      querystring: adminGroupListQuerySchema,
      answers: pageSchema(adminGroupSchema),
    }),
    async (request) => adminAccounts.groupList(request.auth, request.query),
  );

  app.get(
    '/admin/projects/all_expire_projects',
    route.user('Live projects ending within `days`, and Finished ones; soonest end first (platform admins)', {
      querystring: adminExpiringQuerySchema,
      answers: pageSchema(adminExpiringProjectSchema),
    }),
    async (request) => adminProjects.expiring(request.auth, request.query),
  );

  app.post(
    '/admin/projects/mails',
    route.user(
      "Mail each chosen project's admins a reminder with a link to extend it, once per project per day (platform Super Admins and Admins)",
      { body: adminProjectMailsBodySchema, answers: adminProjectMailsResultSchema },
    ),
    async (request) => adminProjects.mailExpiring(request.auth, request.body),
  );

  app.get(
    '/admin/statistics/:name',
    route.user(
      'A platform figure for a date range with a series by month, its definition and when it was computed (platform admins)',
      {
        params: statisticNameParamsSchema,
        querystring: statisticQuerySchema,
        answers: statisticSchema,
      },
    ),
    async (request) => statistics.get(request.auth, request.params.name, request.query),
  );
});
