import {
  adminCompleteBodySchema,
  adminRejectBodySchema,
  approveDonationsBodySchema,
  businessApproveDonationsBodySchema,
  businessPendingDonationSchema,
  type CardActionResponse,
  cardActionResponseSchema,
  charityStatisticsSchema,
  type DonateResponse,
  donateBodySchema,
  donateResponseSchema,
  donationFiltersSchema,
  donationSchema,
  donationsResultSchema,
  donorStatisticsSchema,
  futureDonationsSchema,
  giftAidClaimSchema,
  giftAidDeclarationBodySchema,
  giftAidDeclarationForCharitySchema,
  giftAidDeclarationQuerySchema,
  giftAidDeclarationResponseSchema,
  giftAidDeclarationSchema,
  guestDonateBodySchema,
  historyParamsSchema,
  manageActionBodySchema,
  manageViewSchema,
  pageQuerySchema,
  pageSchema,
  resolveStuckDonationBodySchema,
  subscriptionSchema,
  subscriptionUpdateBodySchema,
  supporterSchema,
  supporterWithoutFundsSchema,
} from '@kindred/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idempotencyOf } from '../../lib/idempotency.js';
import {
  callerIdempotency,
  created,
  idempotencyHeader,
  idParams,
  moduleRoutes,
  paged,
  pdfOrCsv,
  routeOptions,
  sendAttachment,
  sendFile,
  sendPdf,
} from '../../platform/route-helpers.js';
import { STRICT_LIMITS } from '../../plugins/security.js';

const listQuery = pageQuerySchema.extend(donationFiltersSchema.shape);
const donationPage = pageSchema(donationSchema);
const subscriptionResult = z.object({ subscription: subscriptionSchema });
const oneDonation = z.object({ donation: donationSchema });

const route = routeOptions(['donations']);

/** Giving (docs/product/donations.md): the donor's, the charity's, the public's and the platform's calls. */
export const donationsRoutes = moduleRoutes(
  async (
    app,
    {
      donorGifts,
      charityInbox,
      signoff,
      platformReview,
      donationStatistics,
      subscriptions,
      giftAid,
      projects,
      cardGifts,
      guestGifts,
      subscriptionRuns,
      manageGifts,
      fundraisers,
    },
    ctx,
  ) => {
    /** A gift's answer: 201 with the gift, or 202 when its card asks for one more step. */
    const sendGiftAnswer = (
      reply: FastifyReply,
      result: { statusCode: number; body: DonateResponse | CardActionResponse },
    ) => reply.status(result.statusCode).send(result.body);
    for (const kind of ['project', 'charity'] as const) {
      app.post(
        `/user/donate/${kind}/:id`,
        route.money(
          kind === 'project'
            ? 'Give to a project: funds, time, skills or goods, once or on a schedule'
            : 'Give straight to a charity: funds, time, skills or goods, once or on a schedule',
          {
            description:
              'Honours an Idempotency-Key header: a retry with the same key answers the first result and gives nothing again. With `source: "card"` the card (a saved one, or the sandbox card typed) is charged in the same call; 202 when the card asks for 3-D Secure, finished by POST /payment/{id}/confirm.',
            params: idParams(),
            body: donateBodySchema,
            response: { 201: donateResponseSchema, 202: cardActionResponseSchema },
          },
        ),
        async (request, reply) => {
          const result = await donorGifts.give(
            request.auth,
            { kind, id: request.params.id },
            request.body,
            callerIdempotency(request),
          );
          return sendGiftAnswer(reply, result);
        },
      );
    }

    for (const kind of ['project', 'charity'] as const) {
      app.post(
        `/business/:id/donate/${kind}/:target_id`,
        route.money(
          kind === 'project'
            ? 'Give to a project on behalf of an organisation: held until its sign-off admins approve (status 20)'
            : 'Give to a charity on behalf of an organisation: held until its sign-off admins approve (status 20)',
          {
            description:
              'Any member may ask. The amount is held from the organisation’s wallet or credits, or charged to its card (`source: "card"`; 202 when the card asks for 3-D Secure). Honours an Idempotency-Key header.',
            params: idParams('id', 'target_id'),
            body: donateBodySchema,
            response: { 201: donateResponseSchema, 202: cardActionResponseSchema },
          },
        ),
        async (request, reply) => {
          const result = await donorGifts.giveForBusiness(
            request.auth,
            request.params.id,
            { kind, id: request.params.target_id },
            request.body,
            callerIdempotency(request, `business:${request.params.id}`),
          );
          return sendGiftAnswer(reply, result);
        },
      );
    }

    // Giving without an account (docs/product/card-gifts.md#giving-without-an-account).
    const guestLimit = ctx.config.rateLimits ? STRICT_LIMITS.guestGiving : false;
    for (const kind of ['project', 'charity'] as const) {
      app.post(
        `/guest/donate/${kind}/:id`,
        route.public(
          kind === 'project'
            ? 'Give to a project by card without an account: funds, once; the receipt goes to the email given'
            : 'Give straight to a charity by card without an account: funds, once; the receipt goes to the email given',
          {
            description:
              'Honours an Idempotency-Key header. 202 when the card asks for 3-D Secure, finished by POST /guest/payment/{id}/confirm with the client secret. Limited per address and per email.',
            params: idParams(),
            headers: idempotencyHeader,
            body: guestDonateBodySchema,
            response: { 201: donateResponseSchema, 202: cardActionResponseSchema },
          },
          { rateLimit: guestLimit },
        ),
        async (request, reply) => {
          const result = await guestGifts.give(
            { kind, id: request.params.id },
            request.body,
            idempotencyOf(request, `guest:${request.body.email.trim().toLowerCase()}`),
          );
          return sendGiftAnswer(reply, result);
        },
      );
    }
    app.post(
      '/guest/payment/:id/confirm',
      route.public(
        "Finish a guest's gift by card after its extra step (3-D Secure), proven by the payment's client secret",
        {
          params: idParams(),
          headers: idempotencyHeader,
          body: z.object({ client_secret: z.string().min(1).max(300) }).strict(),
          response: { 201: donateResponseSchema, 202: cardActionResponseSchema },
        },
        { rateLimit: guestLimit },
      ),
      async (request, reply) => {
        const result = await cardGifts.confirmAsGuest(
          request.params.id,
          request.body.client_secret,
          idempotencyOf(request, `guest-payment:${request.params.id}`),
        );
        return sendGiftAnswer(reply, result);
      },
    );

    app.post(
      '/payment/:id/confirm',
      route.money(
        'Finish a gift by card after its extra step (3-D Secure): answers the gift once it is paid',
        {
          description:
            'The payment is read back from the provider; once it succeeded it becomes the gift, once however often this is called. Honours an Idempotency-Key header.',
          params: idParams(),
          response: { 201: donateResponseSchema, 202: cardActionResponseSchema },
        },
      ),
      async (request, reply) => {
        const result = await cardGifts.confirm(request.auth, request.params.id, callerIdempotency(request));
        return sendGiftAnswer(reply, result);
      },
    );

    app.get(
      '/business/:id/donations',
      route.user(
        'Donations on behalf of the organisation waiting for sign-off, with their approvals',
        {
          params: idParams(),
          ...paged(businessPendingDonationSchema),
        },
        { scope: 'donations:read' },
      ),
      async (request) => signoff.waitingForSignoff(request.auth, request.params.id, request.query),
    );

    app.post(
      '/business/:id/approve_donations',
      route.user(
        'Sign off or reject donations on behalf of the organisation (its sign-off admins; never one’s own request)',
        {
          params: idParams(),
          body: businessApproveDonationsBodySchema,
          response: { 200: donationsResultSchema },
        },
      ),
      async (request) => signoff.businessAct(request.auth, request.params.id, request.body),
    );

    app.post(
      '/business/:id/donations/:donation_id/resolve',
      route.user(
        'End a donation its sign-off admins can never approve: approve it in their place (never one’s own request) or release the held money, with a reason (its Super Admins)',
        {
          params: idParams('id', 'donation_id'),
          body: resolveStuckDonationBodySchema,
          response: { 200: donationsResultSchema },
        },
      ),
      async (request) =>
        signoff.resolveStuck(request.auth, request.params.id, request.params.donation_id, request.body),
    );

    app.get(
      '/user/donations',
      route.user('My donations, newest first', { querystring: listQuery, response: { 200: donationPage } }),
      async (request) => donorGifts.mine(request.auth, request.query, request.query),
    );

    app.get(
      '/user/donation/:id',
      route.user('One of my donations with its history', {
        params: idParams(),
        response: { 200: oneDonation },
      }),
      async (request) => donorGifts.one(request.auth, request.params.id),
    );

    // A gift or plan managed from a mail's link, without signing in (docs/product/card-gifts.md#manage-from-the-mail).
    const manageParams = z.object({ token: z.string().min(1).max(120) });
    app.get(
      '/manage/:token',
      route.public("A mail's link: the gift or recurring gift it is for, and what may be done with it", {
        params: manageParams,
        response: { 200: manageViewSchema },
      }),
      async (request) => manageGifts.show(request.params.token),
    );
    app.post(
      '/manage/:token',
      route.public(
        "A mail's link: pause, resume, cancel, or change the amount or card of its recurring gift",
        {
          params: manageParams,
          body: manageActionBodySchema,
          response: { 200: manageViewSchema },
        },
      ),
      async (request) => manageGifts.act(request.params.token, request.body),
    );
    app.get(
      '/manage/:token/receipt',
      route.public("A mail's link: the receipt of its gift (PDF)", {
        params: manageParams,
        produces: ['application/pdf'],
      }),
      async (request, reply) => sendPdf(reply, manageGifts.receipt(request.params.token)),
    );

    app.get(
      '/user/donation/:id/receipt',
      route.user('The receipt of an approved gift of funds (PDF)', {
        params: idParams(),
        produces: ['application/pdf'],
      }),
      async (request, reply) => sendPdf(reply, donorGifts.receipt(request.auth, request.params.id)),
    );

    app.get(
      '/user/giving_statement/:from/:to',
      route.user('My giving statement for a date range: funds, Gift Aid, hours and gifts (PDF or CSV)', {
        params: historyParamsSchema,
        ...pdfOrCsv,
      }),
      async (request, reply) =>
        sendFile(
          reply,
          donorGifts.statement(request.auth, request.params.from, request.params.to, request.query.format),
        ),
    );

    app.get(
      '/user/donations_by_type/:type',
      route.user('My donations of one kind of giving', {
        params: z.object({ type: z.coerce.number().int().min(2).max(5) }),
        ...paged(donationSchema),
      }),
      async (request) => donorGifts.mine(request.auth, { type: request.params.type }, request.query),
    );

    app.get(
      '/user/volunteering/:type',
      route.user('My volunteering (3) or skilled volunteering (4), with dates and confirmed hours', {
        params: z.object({ type: z.coerce.number().int().min(3).max(4) }),
        ...paged(donationSchema),
      }),
      async (request) => donorGifts.mine(request.auth, { type: request.params.type }, request.query),
    );

    app.get(
      '/user/rejected_donations',
      route.user('My donations that were declined or returned', {
        ...paged(donationSchema),
      }),
      async (request) => donorGifts.mine(request.auth, { status: 90 }, request.query),
    );

    app.get(
      '/user/future_donations',
      route.user('The coming gifts of my recurring donations', { response: { 200: futureDonationsSchema } }),
      async (request) => subscriptions.future(request.auth),
    );

    app.get(
      '/user/donation_subscriptions',
      route.user('My recurring donations', {
        ...paged(subscriptionSchema),
      }),
      async (request) => subscriptions.list(request.auth, request.query),
    );

    app.post(
      '/user/cancel_donation_subscription/:id',
      route.user('Cancel a recurring donation', {
        params: idParams(),
        response: { 200: subscriptionResult },
      }),
      async (request) => subscriptions.cancel(request.auth, request.params.id),
    );

    app.post(
      '/user/donation_subscription/:id/pause',
      route.user('Pause a recurring donation', { params: idParams(), response: { 200: subscriptionResult } }),
      async (request) => subscriptions.pause(request.auth, request.params.id),
    );

    app.post(
      '/user/donation_subscription/:id/resume',
      route.user('Resume a paused recurring donation (missed periods are skipped)', {
        params: idParams(),
        response: { 200: subscriptionResult },
      }),
      async (request) => subscriptions.resume(request.auth, request.params.id),
    );

    app.post(
      '/user/donation_subscription/:id/card',
      route.user(
        'Choose the saved card a recurring gift by card charges; a missed gift is tried again on it at once',
        {
          params: idParams(),
          body: z.object({ payment_method_id: z.number().int().positive() }).strict(),
          response: { 200: subscriptionResult },
        },
      ),
      async (request) => {
        // Two use cases meet here: the donor's choice, then the scheduler's try of what was missed.
        await subscriptions.chooseCard(request.auth, request.params.id, request.body.payment_method_id);
        await subscriptionRuns.retryNow(request.params.id);
        return subscriptions.one(request.auth, request.params.id);
      },
    );

    app.patch(
      '/user/donation_subscription/:id',
      route.user('Change the amount of a recurring donation', {
        params: idParams(),
        body: subscriptionUpdateBodySchema,
        response: { 200: subscriptionResult },
      }),
      async (request) => subscriptions.changeAmount(request.auth, request.params.id, request.body.amount),
    );

    app.get(
      '/user/total_statistics',
      route.user('What I have given, in total and by month', { response: { 200: donorStatisticsSchema } }),
      async (request) => donationStatistics.donorStatistics(request.auth),
    );

    app.get(
      '/user/gift_aid_declaration',
      route.user('My Gift Aid declaration for one charity, and my latest declaration to start one from', {
        querystring: giftAidDeclarationQuerySchema,
        response: { 200: giftAidDeclarationForCharitySchema },
      }),
      async (request) => giftAid.declarationFor(request.auth, request.query.charity_id),
    );

    app.get(
      '/user/gift_aid_declarations',
      route.user('My Gift Aid declarations, newest first: each charity’s, current and cancelled', {
        ...paged(giftAidDeclarationSchema),
      }),
      async (request) => giftAid.declarations(request.auth, request.query),
    );

    app.post(
      '/user/gift_aid_declaration',
      route.user('Make a Gift Aid declaration for a charity (replaces my current one for that charity)', {
        body: giftAidDeclarationBodySchema,
        response: { 201: giftAidDeclarationResponseSchema },
      }),
      async (request, reply) => created(reply, giftAid.declare(request.auth, request.body)),
    );

    app.delete(
      '/user/gift_aid_declaration/:id',
      route.user('Cancel one of my Gift Aid declarations (kept as a record)', {
        params: idParams(),
        response: { 200: giftAidDeclarationResponseSchema },
      }),
      async (request) => giftAid.cancel(request.auth, request.params.id),
    );

    // The charity.

    const charityLists = [
      ['/charity/:id/donations', 'Donations to a charity and its projects', undefined],
      ['/charity/:id/projects_donations', "Donations to a charity's projects", 1],
      ['/charity/:id/direct_donations', 'Donations straight to a charity', 2],
    ] as const;
    for (const [path, summary, method] of charityLists) {
      app.get(
        path,
        route.user(
          summary,
          { params: idParams(), querystring: listQuery, response: { 200: donationPage } },
          { scope: 'donations:read' },
        ),
        async (request) =>
          charityInbox.ofCharity(request.auth, request.params.id, request.query, request.query, method),
      );
    }

    app.post(
      '/charity/:id/approve_donations',
      route.user('Approve, decline or complete offers of time, skills and goods, in bulk', {
        params: idParams(),
        body: approveDonationsBodySchema,
        response: { 200: donationsResultSchema },
      }),
      async (request) => charityInbox.charityAct(request.auth, request.params.id, request.body),
    );

    app.get(
      '/charity/total_statistics/:id',
      route.user(
        'What a charity received, in total and by month',
        {
          params: idParams(),
          response: { 200: charityStatisticsSchema },
        },
        { scope: 'reports:read' },
      ),
      async (request) => donationStatistics.charityStatistics(request.auth, request.params.id),
    );

    app.get(
      '/charity/:id/gift_aid/unclaimed',
      route.user('Gift Aid donations not yet claimed', {
        params: idParams(),
        response: {
          200: z.object({
            donations: z.number().int(),
            total: z.number().int(),
            gift_aid: z.number().int(),
            /** Gift Aid gifts whose donor has not yet declared for this charity (decision 037). */
            awaiting_declaration: z.number().int(),
            /** Gift Aid claimed before on money since refunded: the next claim deducts it. */
            adjustment: z.number().int(),
          }),
        },
      }),
      async (request) => giftAid.unclaimed(request.auth, request.params.id),
    );

    app.get(
      '/charity/:id/gift_aid/claims',
      route.user("A charity's Gift Aid claims", {
        params: idParams(),
        ...paged(giftAidClaimSchema),
      }),
      async (request) => giftAid.claims(request.auth, request.params.id, request.query),
    );

    app.post(
      '/charity/:id/gift_aid/claims',
      route.user('Claim Gift Aid on every eligible donation not yet claimed', {
        params: idParams(),
        response: { 201: z.object({ claim: giftAidClaimSchema }) },
      }),
      async (request, reply) => created(reply, giftAid.createClaim(request.auth, request.params.id)),
    );

    app.get(
      '/charity/:id/gift_aid/claims/:claimId/csv',
      route.user("A Gift Aid claim in HMRC's schedule layout (CSV)", {
        params: idParams('id', 'claimId'),
        produces: ['text/csv'],
      }),
      async (request, reply) => {
        const { csv, filename } = await giftAid.claimCsv(
          request.auth,
          request.params.id,
          request.params.claimId,
        );
        return sendAttachment(reply, 'text/csv; charset=utf-8', filename, csv);
      },
    );

    // The project.

    app.get(
      '/project/:id/donations',
      route.user("A project's donations", {
        params: idParams(),
        querystring: listQuery,
        response: { 200: donationPage },
      }),
      async (request) =>
        charityInbox.ofProject(request.auth, request.params.id, request.query, request.query),
    );

    app.get(
      '/project/volunteered/:id',
      route.user("A project's volunteers and skilled volunteers, with dates and hours", {
        params: idParams(),
        ...paged(donationSchema),
      }),
      async (request) => charityInbox.ofProject(request.auth, request.params.id, {}, request.query, [3, 4]),
    );

    app.get(
      '/project/:id/donators_without_funds',
      route.user('Supporters who gave time, skills or gifts but no funds', {
        params: idParams(),
        ...paged(supporterWithoutFundsSchema),
      }),
      async (request) => charityInbox.withoutFunds(request.auth, request.params.id, request.query),
    );

    app.get(
      '/project/:id/all-donations',
      route.public("A project's supporters: names unless anonymous, messages and kinds of giving", {
        params: idParams(),
        ...paged(supporterSchema),
      }),
      async (request) =>
        charityInbox.supporters(request.params.id, request.query, request.auth, (projectId, viewer) =>
          projects.viewable(projectId, viewer),
        ),
    );

    app.get(
      '/fundraiser/:id/donations',
      route.public('A fundraising page’s supporters: the gifts counted through it, names unless anonymous', {
        params: idParams(),
        ...paged(supporterSchema),
      }),
      async (request) =>
        charityInbox.fundraiserSupporters(request.params.id, request.query, request.auth, (id, viewer) =>
          fundraisers.visible(id, viewer),
        ),
    );

    // The platform.

    app.get(
      '/admin/complete',
      route.user(
        'Donations waiting for the platform: above the review threshold, or direct gifts to pay out',
        { ...paged(donationSchema) },
      ),
      async (request) => platformReview.platformQueue(request.auth, request.query),
    );

    app.post(
      '/admin/complete',
      route.user('Move donations one step on: 40 to 80, direct gifts 80 to 85 (paid out)', {
        body: adminCompleteBodySchema,
        response: { 200: donationsResultSchema },
      }),
      async (request) => platformReview.platformComplete(request.auth, request.body.donation_ids),
    );

    app.get(
      '/admin/donation/:id',
      route.user('Any donation by its number, with its history, refunds and dispute (platform admins)', {
        params: idParams(),
        response: { 200: oneDonation },
      }),
      async (request) => platformReview.one(request.auth, request.params.id),
    );

    app.post(
      '/admin/donation/reject',
      route.user('Reject a donation with a reason: its money goes back where it came from', {
        body: adminRejectBodySchema,
        response: { 200: oneDonation },
      }),
      async (request) =>
        platformReview.platformReject(request.auth, request.body.donation_id, request.body.reason),
    );
  },
);
