import {
  apiTokenBodySchema,
  apiTokenCreatedSchema,
  apiTokenSchema,
  webhookBodySchema,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@kindred/shared';
import { z } from 'zod';
import { created, idParams, moduleRoutes, paged, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['integrations']);
const list = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item) });
const ACCOUNTS = [
  { type: 'charity', path: 'charity', words: 'a charity' },
  { type: 'business', path: 'business', words: 'an organisation' },
] as const;

/**
 * Webhooks and API tokens (docs/product/webhooks-and-api-tokens.md), the same calls under
 * `/charity/{id}` and `/business/{id}`, for the account's Super Admins and Admins.
 */
export const integrationsRoutes = moduleRoutes(async (app, { webhooks, apiTokens }) => {
  for (const { type, path, words } of ACCOUNTS) {
    const account = (id: number) => ({ type, id });

    app.get(
      `/${path}/:id/webhooks`,
      route.user(`The webhook endpoints of ${words}, with their last delivery`, {
        params: idParams(),
        answers: list(webhookSchema),
      }),
      async (request) => webhooks.list(request.auth, account(request.params.id)),
    );

    app.post(
      `/${path}/:id/webhooks`,
      route.user(`Add a webhook endpoint of ${words}: the events asked for are POSTed to it, signed`, {
        description:
          'Answers the signing secret this once. The address must be https and reach the internet.',
        params: idParams(),
        body: webhookBodySchema,
        makes: webhookCreatedSchema,
      }),
      async (request, reply) =>
        created(reply, webhooks.create(request.auth, account(request.params.id), request.body)),
    );

    app.delete(
      `/${path}/:id/webhooks/:hook_id`,
      route.user(`Remove a webhook endpoint of ${words}; answers the endpoints left`, {
        description: 'What it had not yet been sent is not sent.',
        params: idParams('id', 'hook_id'),
        answers: list(webhookSchema),
      }),
      async (request) => webhooks.remove(request.auth, account(request.params.id), request.params.hook_id),
    );

    app.get(
      `/${path}/:id/webhooks/:hook_id/deliveries`,
      route.user('A webhook endpoint’s deliveries, newest first: status, attempts and its answer', {
        params: idParams('id', 'hook_id'),
        ...paged(webhookDeliverySchema),
      }),
      async (request) =>
        webhooks.deliveries(request.auth, account(request.params.id), request.params.hook_id, request.query),
    );

    app.post(
      `/${path}/:id/webhooks/:hook_id/deliveries/:delivery_id/retry`,
      route.user('Send a delivery again now (an endpoint that was turned off is turned on again)', {
        params: idParams('id', 'hook_id', 'delivery_id'),
        answers: webhookDeliverySchema,
      }),
      async (request) =>
        webhooks.retry(
          request.auth,
          account(request.params.id),
          request.params.hook_id,
          request.params.delivery_id,
        ),
    );

    app.get(
      `/${path}/:id/api_tokens`,
      route.user(`The API tokens of ${words} that are not revoked, newest first`, {
        params: idParams(),
        answers: list(apiTokenSchema),
      }),
      async (request) => apiTokens.list(request.auth, account(request.params.id)),
    );

    app.post(
      `/${path}/:id/api_tokens`,
      route.user(`Make an API token of ${words}, with scopes and an expiry`, {
        description: 'Answers the token this once; only a hash of it is kept.',
        params: idParams(),
        body: apiTokenBodySchema,
        makes: apiTokenCreatedSchema,
      }),
      async (request, reply) =>
        created(reply, apiTokens.create(request.auth, account(request.params.id), request.body)),
    );

    app.delete(
      `/${path}/:id/api_tokens/:token_id`,
      route.user(`Revoke an API token of ${words}: it stops working at once; answers the tokens left`, {
        params: idParams('id', 'token_id'),
        answers: list(apiTokenSchema),
      }),
      async (request) => apiTokens.revoke(request.auth, account(request.params.id), request.params.token_id),
    );
  }
});
