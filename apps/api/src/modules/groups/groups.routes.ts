import {
  groupCreateBodySchema,
  groupJoinBodySchema,
  groupJoinResultSchema,
  groupLeaveBodySchema,
  groupLeaveResultSchema,
  groupMakeAdminsBodySchema,
  groupMemberRemoveBodySchema,
  groupMemberSchema,
  groupMemberSetBodySchema,
  groupMemberStatsSchema,
  groupRequestSchema,
  groupSchema,
  groupStatisticsSchema,
  groupUpdateBodySchema,
  groupWithTotalsSchema,
  messageResponseSchema,
} from '@kindred/shared';
import { z } from 'zod';
import { readUpload } from '../../lib/uploads.js';
import { created, idParams, moduleRoutes, paged, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['group']);

/**
 * Groups (docs/product/organisations.md#groups): joined by PIN, run by their admins, counting their
 * members' giving.
 */
export const groupsRoutes = moduleRoutes(async (app, { groups, groupMembership }) => {
  app.post(
    '/group/create',
    route.user('Create a group: I become its admin; it gets a 6-digit PIN to join with', {
      body: groupCreateBodySchema,
      makes: groupSchema,
    }),
    async (request, reply) => created(reply, groups.create(request.auth, request.body)),
  );

  app.post(
    '/group/join',
    route.user(
      'Join a group by its PIN: status 1 a request waits for its admins, 2 joined (wrong PINs are limited per person and per address)',
      { body: groupJoinBodySchema, answers: groupJoinResultSchema },
    ),
    async (request) => groupMembership.join(request.auth, request.body.pin, request.ip),
  );

  app.post(
    '/group/leave',
    route.user('Leave a group (its last admin names the member who takes over)', {
      body: groupLeaveBodySchema,
      answers: groupLeaveResultSchema,
    }),
    async (request) => groupMembership.leave(request.auth, request.body.group_id, request.body.new_admin_id),
  );

  app.get(
    '/group/individual/:id/list',
    route.user('The groups a person belongs to, by name (their own only)', {
      params: idParams(),
      ...paged(groupSchema),
    }),
    async (request) => groups.ofUser(request.auth, request.params.id, request.query),
  );

  app.get(
    '/group/individual/:id/list_with_total_stats',
    route.user("The groups a person belongs to with each group's totals (their own only)", {
      params: idParams(),
      ...paged(groupWithTotalsSchema),
    }),
    async (request) => groups.ofUserWithTotals(request.auth, request.params.id, request.query),
  );

  app.get(
    '/group/business/:id/list',
    route.user("An organisation's groups, by name (its members)", {
      params: idParams(),
      ...paged(groupSchema),
    }),
    async (request) => groups.ofBusiness(request.auth, request.params.id, request.query),
  );

  app.get(
    '/group/business/:id/list_with_total_stats',
    route.user("An organisation's groups with each group's totals (its members)", {
      params: idParams(),
      ...paged(groupWithTotalsSchema),
    }),
    async (request) => groups.ofBusinessWithTotals(request.auth, request.params.id, request.query),
  );

  app.get(
    '/group/members_total_statistics/:id',
    route.user("A group's members with what each gave while a member, most first (its members)", {
      params: idParams(),
      answers: z.object({ items: z.array(groupMemberStatsSchema) }),
    }),
    async (request) => groups.memberStatistics(request.auth, request.params.id),
  );

  app.get(
    '/group/total_statistics/:id',
    route.user("What a group's members gave while they were members, in total and by month", {
      params: idParams(),
      answers: groupStatisticsSchema,
    }),
    async (request) => groups.statistics(request.auth, request.params.id),
  );

  app.get(
    '/group/:id',
    route.user('A group (a private one only for its members; the PIN only for its admins)', {
      params: idParams(),
      answers: groupSchema,
    }),
    async (request) => groups.get(request.auth, request.params.id),
  );

  app.delete(
    '/group/:id',
    route.user('Delete a group (its admins)', { params: idParams(), answers: messageResponseSchema }),
    async (request) => groups.remove(request.auth, request.params.id),
  );

  app.patch(
    '/group/update/:id',
    route.user("Edit a group's name, description, approval and visibility (its admins)", {
      params: idParams(),
      body: groupUpdateBodySchema,
      answers: groupSchema,
    }),
    async (request) => groups.update(request.auth, request.params.id, request.body),
  );

  app.post(
    '/group/logo/:id',
    route.user("Upload a group's logo (PNG or JPEG, 10 MB; its admins)", {
      consumes: ['multipart/form-data'],
      params: idParams(),
      answers: groupSchema,
    }),
    async (request) => groups.setLogo(request.auth, request.params.id, () => readUpload(request, 'logo')),
  );

  app.get(
    '/group/:id/requests',
    route.user('People asking to join a group, oldest first (its admins)', {
      params: idParams(),
      ...paged(groupRequestSchema),
    }),
    async (request) => groupMembership.requests(request.auth, request.params.id, request.query),
  );

  app.get(
    '/group/:id/admins',
    route.user("A group's admins", {
      params: idParams(),
      answers: z.object({ items: z.array(groupMemberSchema) }),
    }),
    async (request) => groups.admins(request.auth, request.params.id),
  );

  app.post(
    '/group/:id/generate_new_pin',
    route.user('Give a group a new PIN; the old one stops working (its admins)', {
      params: idParams(),
      answers: groupSchema,
    }),
    async (request) => groups.newPin(request.auth, request.params.id),
  );

  app.post(
    '/membership/group/:id/set',
    route.user(
      'Accept (status 2) or decline (3) a join request, or make a member an admin or not (is_admin; its admins)',
      { params: idParams(), body: groupMemberSetBodySchema, answers: messageResponseSchema },
    ),
    async (request) => groupMembership.setMember(request.auth, request.params.id, request.body),
  );

  app.post(
    '/membership/group/remove',
    route.user('Remove a member from a group (its admins; the last admin names another)', {
      body: groupMemberRemoveBodySchema,
      answers: messageResponseSchema,
    }),
    async (request) => groupMembership.removeMember(request.auth, request.body),
  );

  app.post(
    '/membership/group/make_admins',
    route.user('Make members of a group its admins (its admins); answers the admins', {
      body: groupMakeAdminsBodySchema,
      answers: z.object({ items: z.array(groupMemberSchema) }),
    }),
    async (request) => groupMembership.makeAdmins(request.auth, request.body),
  );
});
