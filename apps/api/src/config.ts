import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** A read replica of DATABASE_URL for anonymous public reads (decision 021). */
  DATABASE_READ_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kindred <no-reply@kindred.example>'),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('INR'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Funds donations above this many minor units wait for a platform admin
   * (docs/product/donations.md#statuses).
   */
  DONATION_REVIEW_THRESHOLD: z.coerce.number().int().min(0).default(5_000_000),
  SCHEDULED_JOBS: booleanText.default(true),
  /** Whether this process mails queued notices (receipts, decisions); another process may do it instead. */
  MAIL_DELIVERY: booleanText.default(true),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: booleanText.default(true),
  RATE_LIMITS: booleanText.default(true),
  WEBHOOK_ALLOW_PRIVATE: booleanText.default(false),
  /**
   * Which proxies in front of the API to believe about the client's address (X-Forwarded-For), for
   * the limits per address: unset or `false` (none: the socket's address), or a comma-separated
   * list of the proxies' addresses and CIDR ranges (decision 035).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(false|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      message: 'Use false, or a comma-separated list of the proxies’ addresses or CIDR ranges.',
    })
    .optional(),
  WEB_DIST: z.string().optional(),
  /** Memory for public answers kept in each API process, in MB; 0 turns the cache off. */
  PUBLIC_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  /** The oldest a kept public answer may be, in ms (writes drop theirs at once). */
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of `databaseUrl` that serves anonymous public reads; unset: the primary. */
  databaseReadUrl: string | undefined;
  jwtSecret: Uint8Array;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  currency: string;
  /** Funds donations above this wait at 40 for a platform admin. */
  donationReviewThreshold: number;
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /**
   * Whether this process takes part in running the scheduled jobs (direct debits, clean-up), each
   * on its own cadence. Event handlers run in every process whatever this says.
   */
  scheduledJobs: boolean;
  mailDelivery: boolean;
  mapTileUrl: string;
  logLevel: string;
  demoData: boolean;
  rateLimits: boolean;
  /**
   * Webhooks may go to private, loopback and link-local addresses and over plain http: for
   * development and tests only (docs/product/webhooks-and-api-tokens.md).
   */
  webhookAllowPrivate: boolean;
  /** How long a webhook delivery waits for its endpoint's answer. */
  webhookTimeoutMs: number;
  /** Fastify's `trustProxy`: false, or the trusted proxies' addresses and CIDR ranges. */
  trustProxy: false | string[];
  webDist: string | undefined;
  /** Bytes of public answers kept per process (0: off), and how long at most (decision 014). */
  publicCacheBytes: number;
  publicCacheTtlMs: number;
}

/** The JWT secret comes from JWT_SECRET, or is generated once and kept in the data directory. */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'jwt.key');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): false | string[] {
  if (!value || value === 'false') return false;
  return value.split(',').map((part) => part.trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: a read replica needs DATABASE_URL (its primary).',
    );
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    jwtSecret: loadJwtSecret(dataDir, e.JWT_SECRET),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    currency: e.CURRENCY,
    donationReviewThreshold: e.DONATION_REVIEW_THRESHOLD,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    scheduledJobs: e.SCHEDULED_JOBS,
    mailDelivery: e.MAIL_DELIVERY,
    mapTileUrl: e.MAP_TILE_URL,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA,
    rateLimits: e.RATE_LIMITS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookTimeoutMs: 10_000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST,
    publicCacheBytes: Math.round(e.PUBLIC_CACHE_MB * 1024 * 1024),
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS,
    ...overrides,
  };
}
