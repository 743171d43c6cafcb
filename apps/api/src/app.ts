import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessService } from './authz/access.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { listenForCacheChanges } from './db/cache-notifications.js';
import type { Database } from './db/client.js';
import { createEventBus, type ScheduledJob } from './events/event-bus.js';
import { systemClock } from './lib/clock.js';
import { type Mailer, outboxMailer, smtpMailer } from './lib/mailer.js';
import { createPublicCache } from './lib/public-cache.js';
import { type FileStorage, localDiskStorage } from './lib/storage.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { businessReportsRoutes } from './modules/business-reports/business-reports.routes.js';
import { charitiesRoutes } from './modules/charities/charities.routes.js';
import { donationsRoutes } from './modules/donations/donations.routes.js';
import { refundsRoutes } from './modules/donations/refunds.routes.js';
import { employeesRoutes } from './modules/employees/employees.routes.js';
import { exploreRoutes } from './modules/explore/explore.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { fundraisersRoutes } from './modules/fundraisers/fundraisers.routes.js';
import { groupsRoutes } from './modules/groups/groups.routes.js';
import { configRoutes } from './modules/health/config.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { integrationsRoutes } from './modules/integrations/integrations.routes.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { purgeIdempotencyKeys } from './modules/ledger/idempotency.js';
import { ledgerService } from './modules/ledger/ledger.service.js';
import { matchingRoutes } from './modules/matching/matching.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { DELIVER_NOTICES, noticesService } from './modules/notices/notices.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { hierarchyRoutes } from './modules/organisations/hierarchy.routes.js';
import { organisationsRoutes } from './modules/organisations/organisations.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import type { PaymentProvider } from './modules/payments/provider.js';
import { sandboxProvider } from './modules/payments/sandbox-provider.js';
import { stripeProvider } from './modules/payments/stripe-provider.js';
import { payoutsRoutes } from './modules/payouts/payouts.routes.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { type DeclaredRoute, registerAuth } from './plugins/auth.js';
import { registerEmbedPages } from './plugins/embed-pages.js';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
  serializeLoggedError,
} from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { linkPreviews, previewPages } from './plugins/link-previews.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerPublicCache } from './plugins/public-cache.js';
import { registerSecurity } from './plugins/security.js';
import { DEFAULT_WEB_DIST, registerWeb } from './plugins/web.js';
import { buildServices } from './services.js';

export type App = FastifyInstance;
export type ApiInstance = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  storage?: FileStorage;
  paymentProvider?: PaymentProvider;
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go (standard output unless given); tests read them. */
  logStream?: { write(line: string): void };
  /**
   * Run a worker in this process: event handlers, and the scheduled jobs when the config says so.
   * Tests run none: they settle the events (`ctx.events.settle()`) and run jobs by hand.
   */
  scheduler?: boolean;
}

/** Builds the whole API (and the web app when it is built) around a database. */
export async function buildApp(
  options: BuildOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; routes: DeclaredRoute[]; jobs: ScheduledJob[] }> {
  const { config } = options;
  const now = options.now ?? systemClock;
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, now));
  const ctx: AppContext = {
    config,
    database: options.database,
    mailer,
    notices: noticesService({
      db: () => options.database.db,
      mailer: () => ctx.mailer,
      now,
      events: () => ctx.events,
      log: () => ctx.log,
    }),
    storage: options.storage ?? localDiskStorage(path.join(config.dataDir, 'uploads')),
    paymentProvider:
      options.paymentProvider ??
      (config.stripeSecretKey
        ? stripeProvider(config.stripeSecretKey)
        : sandboxProvider(now, () => options.database.db)),
    ledger: ledgerService(config.currency, now),
    events: createEventBus({ databaseUrl: options.database.url, now, log: () => ctx.log }),
    access: accessService(() => options.database.db),
    now,
    publicCache: createPublicCache({ maxBytes: config.publicCacheBytes, ttlMs: config.publicCacheTtlMs }),
    // The app's own logger once it exists (below).
    log: { error: () => {} },
  };
  const logger: FastifyServerOptions['logger'] =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          serializers: { err: serializeLoggedError },
          ...(options.logStream ? { stream: options.logStream } : {}),
        };
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    // What the router and Node's HTTP parser refuse leaves in the public error format too.
    frameworkErrors,
    clientErrorHandler,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Behind a proxy, `request.ip` is the client's address only when that proxy is trusted.
    trustProxy: config.trustProxy,
    // Path parameters hold emails (up to 254 characters, longer once percent-encoded) and codes:
    // longer ones answer 414 URI_TOO_LONG.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  ctx.log = app.log;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  registerInputGuard(app);
  await registerSecurity(app, config, now);
  await app.register(multipart, { limits: { files: 1, fields: 10 } });
  const routes = registerAuth(app, ctx);
  registerPublicCache(app, ctx.publicCache);
  if (ctx.publicCache.enabled && options.database.kind === 'postgres' && options.database.url) {
    // Several API processes share one PostgreSQL: each tells the others what its writes changed.
    const broadcaster = listenForCacheChanges(options.database.url, ctx.publicCache, app.log);
    ctx.publicCache.setBroadcaster(broadcaster);
    await broadcaster.ready;
  }
  app.addHook('onClose', () => ctx.publicCache.close());
  // A delivery under way finishes before the database closes.
  app.addHook('onClose', () => ctx.notices.close());
  const services = buildServices(ctx);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(configRoutes(ctx));
      await api.register(authRoutes(ctx, services));
      await api.register(usersRoutes(ctx, services));
      await api.register(placesRoutes(ctx, services));
      await api.register(filesRoutes(ctx, services));
      await api.register(fundraisersRoutes(ctx, services));
      await api.register(walletRoutes(ctx, services));
      await api.register(paymentsRoutes(ctx, services));
      await api.register(charitiesRoutes(ctx, services));
      await api.register(projectsRoutes(ctx, services));
      await api.register(exploreRoutes(ctx, services));
      await api.register(donationsRoutes(ctx, services));
      await api.register(refundsRoutes(ctx, services));
      await api.register(payoutsRoutes(ctx, services));
      await api.register(reconciliationRoutes(ctx, services));
      await api.register(organisationsRoutes(ctx, services));
      await api.register(billingRoutes(ctx, services));
      await api.register(groupsRoutes(ctx, services));
      await api.register(invitationsRoutes(ctx, services));
      await api.register(employeesRoutes(ctx, services));
      await api.register(messagesRoutes(ctx, services));
      await api.register(notificationsRoutes(ctx, services));
      await api.register(integrationsRoutes(ctx, services));
      await api.register(adminRoutes(ctx, services));
      await api.register(auditRoutes(ctx, services));
      await api.register(matchingRoutes(ctx, services));
      await api.register(businessReportsRoutes(ctx, services));
      await api.register(hierarchyRoutes(ctx, services));
    },
    { prefix: '/api' },
  );
  // The public pages' HTML carries their link previews (decision 048).
  await registerWeb(app, config.webDist ?? DEFAULT_WEB_DIST, linkPreviews(ctx, previewPages(services)));
  registerEmbedPages(app, config.webDist ?? DEFAULT_WEB_DIST);

  // Each job claims its work in the database, so any process may run a slot (docs/architecture.md, "Jobs").
  const jobs: ScheduledJob[] = [
    { name: 'direct debits', cron: '*/5 * * * *', run: () => services.directDebits.runDue() },
    { name: 'recurring donations', cron: '*/5 * * * *', run: () => services.subscriptionRuns.runDue() },
    // Gift payments left open: read back from the provider, made into their gifts or closed.
    { name: 'open card payments', cron: '*/5 * * * *', run: () => services.cardGifts.settleOpenPayments() },
    { name: 'open card refunds', cron: '*/5 * * * *', run: () => services.refunds.finishOpenRefunds() },
    { name: 'open payouts', cron: '*/5 * * * *', run: () => services.payouts.finishOpenPayouts() },
    { name: 'scheduled payouts', cron: '0 6 * * *', run: () => services.payoutSchedules.runSchedules() },
    { name: 'reconciliation', cron: '30 5 * * *', run: () => services.reconciliation.run() },
    { name: 'sign-off reminders', cron: '15 * * * *', run: () => services.signoff.remindSignoff() },
    { name: 'subscription invoices', cron: '*/15 * * * *', run: () => services.invoiceRuns.runDue() },
    { name: 'admin statistics', cron: '* * * * *', run: () => services.statistics.refreshIfStale() },
    {
      name: 'idempotency keys',
      cron: '30 * * * *',
      run: () => purgeIdempotencyKeys(ctx.database.db, ctx.now()),
    },
    {
      name: 'finish expired projects',
      cron: '*/5 * * * *',
      run: () => services.projectLifecycle.finishExpired(),
    },
    // Gifts add to a project's progress in its slots; lists sort by its row (docs/product/projects-and-charities.md#where-the-progress-is-kept).
    { name: 'project progress', cron: '* * * * *', run: () => services.projectLifecycle.foldProgress() },
    { name: 'map cells', cron: '*/10 * * * *', run: () => services.explore.refreshMapCells() },
    // Webhook deliveries whose retry fell due (a delivery just after its event needs no round).
    { name: 'webhook retries', cron: '* * * * *', run: () => services.webhooks.wakeDue() },
    // The daily digest of notifications people chose to have mailed once a day, at 07:00 UTC.
    { name: 'notification digests', cron: '0 7 * * *', run: () => services.notifications.sendDigests() },
  ];
  if (config.mailDelivery) {
    // Queued notices are mailed by a worker just after their commit; the scheduled round mails
    // those waiting for a retry after a failure.
    ctx.events.handle(DELIVER_NOTICES, () => ctx.notices.deliverDue());
    jobs.push({ name: 'notices', cron: '* * * * *', run: () => ctx.notices.deliverDue() });
  }
  if (options.scheduler ?? true) {
    await ctx.events.start(jobs, { schedule: config.scheduledJobs });
  }
  app.addHook('onClose', () => ctx.events.close());
  return { app, ctx, routes, jobs };
}
