import {
  businessSchema,
  messageResponseSchema,
  organisationTreeSchema,
  subBusinessCreateBodySchema,
  transferEmployeesBodySchema,
  transferEmployeesResponseSchema,
} from '@kindred/shared';
import { created, idParams, moduleRoutes, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['organisation']);

/** Sub-businesses (docs/product/organisations.md#sub-businesses, decision 024). */
export const hierarchyRoutes = moduleRoutes(async (app, { hierarchy }) => {
  app.get(
    '/organisation/:id',
    route.user('The organisation and its sub-businesses, as a tree (its members)', {
      params: idParams(),
      answers: organisationTreeSchema,
    }),
    async (request) => hierarchy.tree(request.auth, request.params.id),
  );

  app.post(
    '/organisation/sub_business',
    route.user('Add a sub-business (Super Admin of the parent, who becomes its Super Admin)', {
      body: subBusinessCreateBodySchema,
      makes: businessSchema,
    }),
    async (request, reply) => created(reply, hierarchy.create(request.auth, request.body)),
  );

  app.delete(
    '/organisation/sub_business/:id',
    route.user('Delete a sub-business that holds no money (Super Admin of the parent)', {
      params: idParams(),
      answers: messageResponseSchema,
    }),
    async (request) => hierarchy.remove(request.auth, request.params.id),
  );

  app.post(
    '/organisation/transfer_employees',
    route.user('Move employees between an organisation and its sub-business (Super Admin of the parent)', {
      body: transferEmployeesBodySchema,
      answers: transferEmployeesResponseSchema,
    }),
    async (request) => hierarchy.transferEmployees(request.auth, request.body),
  );
});
