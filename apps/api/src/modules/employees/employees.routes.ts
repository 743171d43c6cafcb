import {
  csvUploadReportSchema,
  employeeGroupBodySchema,
  employeeGroupPatchSchema,
  employeeGroupSchema,
  employeeGroupsSchema,
  messageResponseSchema,
  subGroupMembersSchema,
  subGroupUsersBodySchema,
} from '@kindred/shared';
import { readUpload } from '../../lib/uploads.js';
import { created, idParams, moduleRoutes, routeOptions } from '../../platform/route-helpers.js';

const groupParams = idParams('id', 'groupId');
const subParams = idParams('id', 'groupId', 'subId');

const route = routeOptions(['organisation']);

/**
 * Employee groups with sub-groups and their members, and CSV onboarding
 * (docs/product/organisations.md#employee-groups-and-the-csv-upload, decision 023).
 */
export const employeesRoutes = moduleRoutes(async (app, { employees }) => {
  app.get(
    '/business/:id/employees-group',
    route.user("An organisation's employee groups with their sub-groups (its members)", {
      params: idParams(),
      answers: employeeGroupsSchema,
    }),
    async (request) => employees.list(request.auth, request.params.id),
  );

  app.post(
    '/business/:id/employees-group',
    route.user('Add an employee group (its Super Admins and Admins)', {
      params: idParams(),
      body: employeeGroupBodySchema,
      makes: employeeGroupSchema,
    }),
    async (request, reply) =>
      created(reply, employees.createGroup(request.auth, request.params.id, request.body)),
  );

  app.post(
    '/business/:id/employees-group/:groupId',
    route.user('Add a sub-group to an employee group; answers the group (its Super Admins and Admins)', {
      params: groupParams,
      body: employeeGroupBodySchema,
      makes: employeeGroupSchema,
    }),
    async (request, reply) =>
      created(
        reply,
        employees.createSubGroup(request.auth, request.params.id, request.params.groupId, request.body),
      ),
  );

  app.patch(
    '/business/:id/employees-group/:groupId',
    route.user('Rename or describe an employee group (its Super Admins and Admins)', {
      params: groupParams,
      body: employeeGroupPatchSchema,
      answers: employeeGroupSchema,
    }),
    async (request) =>
      employees.updateGroup(request.auth, request.params.id, request.params.groupId, request.body),
  );

  app.patch(
    '/business/:id/employees-group/:groupId/:subId',
    route.user('Rename or describe a sub-group; answers its group (its Super Admins and Admins)', {
      params: subParams,
      body: employeeGroupPatchSchema,
      answers: employeeGroupSchema,
    }),
    async (request) =>
      employees.updateSubGroup(
        request.auth,
        request.params.id,
        request.params.groupId,
        request.params.subId,
        request.body,
      ),
  );

  app.get(
    '/business/:id/employees-group/:groupId/:subId/users',
    route.user("A sub-group's members (the organisation's members)", {
      params: subParams,
      answers: subGroupMembersSchema,
    }),
    async (request) =>
      employees.subGroupUsers(request.auth, request.params.id, request.params.groupId, request.params.subId),
  );

  // Adding people to a sub-group and taking them out take the same list of people.
  const memberChanges = [
    ['users', 'Add members of the organisation to a sub-group (its Super Admins and Admins)', 'add'],
    ['users/delete', 'Take people out of a sub-group (its Super Admins and Admins)', 'remove'],
  ] as const;
  for (const [path, summary, change] of memberChanges) {
    app.post(
      `/business/:id/employees-group/:groupId/:subId/${path}`,
      route.user(summary, {
        params: subParams,
        body: subGroupUsersBodySchema,
        answers: messageResponseSchema,
      }),
      async (request) => {
        const { id, groupId, subId } = request.params;
        return employees.changeUsers(request.auth, id, groupId, subId, request.body.user_ids, change);
      },
    );
  }

  app.post(
    '/business/:id/csv_upload',
    route.user(
      'Onboard employees from a CSV or Excel (.xlsx) file of 10 MB at most: adds existing people, invites new ones, reports each row (its Super Admins and Admins)',
      { consumes: ['multipart/form-data'], params: idParams(), answers: csvUploadReportSchema },
    ),
    async (request) => employees.csvUpload(request.auth, request.params.id, () => readUpload(request, 'csv')),
  );
});
