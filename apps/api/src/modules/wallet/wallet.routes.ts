import {
  adminCreditsBodySchema,
  adminDepositBodySchema,
  historyItemSchema,
  historyParamsSchema,
  LEDGER_HISTORY_ACCOUNTS,
  pageQuerySchema,
  pageSchema,
  transferFundsBodySchema,
  transferResponseSchema,
  walletSchema,
} from '@kindred/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  callerIdempotency,
  idParam,
  idParams,
  moduleRoutes,
  routeOptions,
  sendAttachment,
} from '../../platform/route-helpers.js';
import { currentUser } from '../../plugins/auth.js';
import type { MoneyOwner } from '../payments/index.js';

const historyQuery = pageQuerySchema.extend({
  account: z.enum(LEDGER_HISTORY_ACCOUNTS).optional(),
  kind: z.string().trim().max(40).optional(),
});
const adminDepositResponse = z.object({ transaction_id: z.number().int(), wallet: walletSchema });

function sendCsv(reply: FastifyReply, csv: string, from: string, to: string) {
  return sendAttachment(reply, 'text/csv; charset=utf-8', `kindred-statement-${from}-to-${to}.csv`, csv);
}

const walletRoute = routeOptions(['wallet']);
const adminRoute = routeOptions(['admin']);
const organisationRoute = routeOptions(['organisation']);

/** Wallet balances, history, statements, admin deposits and transfers between organisations. */
export const walletRoutes = moduleRoutes(async (app, { wallet: wallets, payments }) => {
  const user = (userId: number): MoneyOwner => ({ ownerType: 'user', ownerId: userId });
  const business = (businessId: number): MoneyOwner => ({ ownerType: 'business', ownerId: businessId });

  app.get(
    '/user/wallet',
    walletRoute.user('My wallet and credits', { response: { 200: walletSchema } }),
    async (request) => payments.wallet(request.auth, user(currentUser(request).id)),
  );

  app.get(
    '/business/wallet/:id',
    walletRoute.user("An organisation's wallet and credits", {
      params: idParams(),
      response: { 200: walletSchema },
    }),
    async (request) => payments.wallet(request.auth, business(request.params.id)),
  );

  // History and statements: a person's under /user, an organisation's under /business/{id}.
  const sides = [
    {
      base: '/user',
      params: historyParamsSchema,
      owner: (request: FastifyRequest) => user(currentUser(request).id),
      history: 'My wallet history between two dates, newest first',
      statement: 'My statement for a date range (CSV)',
    },
    {
      base: '/business/:id',
      params: historyParamsSchema.extend({ id: idParam }),
      owner: (request: FastifyRequest) => business(idParams().parse(request.params).id),
      history: "An organisation's wallet history between two dates, newest first",
      statement: "An organisation's statement for a date range (CSV)",
    },
  ] as const;

  for (const side of sides) {
    app.get(
      `${side.base}/payments/:from/:to`,
      walletRoute.user(side.history, {
        params: side.params,
        querystring: historyQuery,
        response: { 200: pageSchema(historyItemSchema) },
      }),
      async (request) =>
        wallets.history(
          request.auth,
          side.owner(request),
          { ...request.params, ...request.query },
          request.query,
        ),
    );
  }

  for (const side of sides) {
    app.get(
      `${side.base}/statement/:from/:to`,
      walletRoute.user(side.statement, {
        params: side.params,
        querystring: z.object({ account: z.enum(LEDGER_HISTORY_ACCOUNTS).optional() }),
        produces: ['text/csv'],
      }),
      async (request, reply) => {
        const { from, to } = request.params;
        return sendCsv(
          reply,
          await wallets.statement(request.auth, side.owner(request), { from, to, ...request.query }),
          from,
          to,
        );
      },
    );
  }

  const adminDeposit =
    (ownerType: MoneyOwner['ownerType'], forceCredits: boolean) =>
    async (
      request: {
        params: { id: number };
        body: { amount: number; reason: string; kind?: 'money' | 'credits' };
      } & Parameters<typeof currentUser>[0],
      reply: FastifyReply,
    ) => {
      const admin = currentUser(request);
      const body = {
        ...request.body,
        kind: forceCredits ? ('credits' as const) : (request.body.kind ?? 'money'),
      };
      const result = await wallets.adminDeposit(
        request.auth,
        { ownerType, ownerId: request.params.id },
        body,
        admin.id,
        callerIdempotency(request),
      );
      return reply.status(result.statusCode).send(result.body);
    };

  app.post(
    '/admin/user/:id/deposit',
    adminRoute.money("Record money or credits into a person's wallet (platform Super Admin or Admin)", {
      params: idParams(),
      body: adminDepositBodySchema,
      response: { 201: adminDepositResponse },
    }),
    adminDeposit('user', false),
  );

  app.post(
    '/admin/business/:id/deposit',
    adminRoute.money(
      "Record money or credits into an organisation's wallet (platform Super Admin or Admin)",
      {
        params: idParams(),
        body: adminDepositBodySchema,
        response: { 201: adminDepositResponse },
      },
    ),
    adminDeposit('business', false),
  );

  app.post(
    '/admin/business/:id/cc',
    adminRoute.money('Give an organisation credits (cc) to donate (platform Super Admin or Admin)', {
      params: idParams(),
      body: adminCreditsBodySchema,
      response: { 201: adminDepositResponse },
    }),
    adminDeposit('business', true),
  );

  app.post(
    '/organisation/transfer_funds',
    organisationRoute.money(
      'Move funds between an organisation and its sub-business (Super Admin of the parent)',
      {
        body: transferFundsBodySchema,
        response: { 200: transferResponseSchema },
      },
    ),
    async (request) => {
      const caller = currentUser(request);
      const result = await wallets.transferFunds(
        request.auth,
        request.body,
        caller.id,
        callerIdempotency(request),
      );
      return result.body;
    },
  );
});
