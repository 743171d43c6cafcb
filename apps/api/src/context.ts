import type { AccessService } from './authz/access.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { EventBus } from './events/event-bus.js';
import type { Mailer } from './lib/mailer.js';
import type { PublicCache } from './lib/public-cache.js';
import type { FileStorage } from './lib/storage.js';
import type { LedgerService } from './modules/ledger/ledger.service.js';
import type { Notices } from './modules/notices/notices.service.js';
import type { PaymentProvider } from './modules/payments/provider.js';

/** What services need from the outside world; built once per app and passed down. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Notices about committed changes (receipts, decisions): queued in the change's transaction, mailed after. */
  notices: Notices;
  storage: FileStorage;
  paymentProvider: PaymentProvider;
  /** The only writer of money movements (built once, on the app's clock and currency). */
  ledger: LedgerService;
  /** Events recorded with each change and handled after it, in any process (decision 041). */
  events: EventBus;
  /** Who may do what: every service asks it first. */
  access: AccessService;
  now(): Date;
  /** Public answers kept in memory; writes outside a request (scheduled jobs) say what they changed. */
  publicCache: PublicCache;
  /** The app's logger (for what fails after a commit, such as a mail, and must not fail the request). */
  log: AppLog;
}

/** What services may log: the app's logger, without depending on Fastify. */
export interface AppLog {
  error(details: object, message: string): void;
}
