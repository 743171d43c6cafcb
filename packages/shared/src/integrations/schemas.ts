import { z } from 'zod';
import { text } from '../common/text.js';

/*
 * Webhooks and API tokens of charities and organisations (docs/product/webhooks-and-api-tokens.md):
 * their tools hear of events and read with a token.
 */

/** The events a webhook may ask for, with what each means, by the kind of account that hears it. */
export const WEBHOOK_EVENTS = {
  'donation.made': { label: 'A gift was made', charity: true, business: true },
  'donation.status_changed': {
    label: 'A gift moved on (approved, signed off, delivered, returned)',
    charity: true,
    business: true,
  },
  'donation.refunded': { label: 'Money of a gift went back to its giver', charity: true, business: true },
  'donation.disputed': {
    label: 'A gift’s card payment was disputed, or the dispute closed',
    charity: true,
    business: false,
  },
  'payout.paid': { label: 'A payout was paid', charity: true, business: false },
  'payout.failed': { label: 'A payout was not paid', charity: true, business: false },
  'project.status_changed': {
    label: 'A project was published, completed, cancelled or finished',
    charity: true,
    business: false,
  },
  'organisation.member_joined': { label: 'Someone joined the organisation', charity: false, business: true },
  'join_request.created': { label: 'Someone asked to join', charity: true, business: true },
  'join_request.decided': { label: 'A request to join was answered', charity: true, business: true },
  'message.sent': { label: 'A message arrived', charity: true, business: true },
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
export type IntegrationAccount = 'charity' | 'business';

/** The events an account of this kind may ask for. */
export const webhookEventsFor = (account: IntegrationAccount): WebhookEventType[] =>
  WEBHOOK_EVENT_TYPES.filter((type) => WEBHOOK_EVENTS[type][account]);

/** Webhook endpoints an account may have at once. */
export const WEBHOOK_ENDPOINTS_MAX = 10;

/** POST /charity/{id}/webhooks, /business/{id}/webhooks. */
export const webhookBodySchema = z
  .object({
    url: z
      .string({ message: 'Enter the address of your endpoint.' })
      .trim()
      .min(1, { message: 'Enter the address of your endpoint.' })
      .max(500, { message: 'Use at most 500 characters.' })
      .pipe(z.url({ message: 'Enter a full address, like https://example.org/kindred.' })),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Choose events from the list.' }), {
        message: 'Choose at least one event.',
      })
      .min(1, { message: 'Choose at least one event.' })
      .refine((list) => new Set(list).size === list.length, { message: 'Name each event once.' }),
  })
  .strict();
export type WebhookBody = z.infer<typeof webhookBodySchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  /** False once deliveries failed for 3 days (or by hand); a retry by hand turns it on again. */
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  /** The last attempt of any of its deliveries. */
  last_delivery: z
    .object({
      status: z.enum(['pending', 'delivered', 'failed']),
      response_status: z.number().int().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of adding an endpoint: its signing secret, shown this once. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The endpoint's last answer code, or null when it gave none (no connection, time-out). */
  response_status: z.number().int().nullable(),
  /** The start of its last answer, or what went wrong. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The scopes an API token may hold, with what each lets it read or do. */
export const API_TOKEN_SCOPES = {
  'donations:read': { label: 'Read donations', charity: true, business: true },
  'reports:read': { label: 'Read funds, statistics and reports', charity: true, business: true },
  'payouts:read': { label: 'Read payouts', charity: true, business: false },
  'projects:write': { label: 'Create and edit projects', charity: true, business: false },
} as const;
export type ApiTokenScope = keyof typeof API_TOKEN_SCOPES;
export const API_TOKEN_SCOPE_CODES = Object.keys(API_TOKEN_SCOPES) as [ApiTokenScope, ...ApiTokenScope[]];
export const apiTokenScopesFor = (account: IntegrationAccount): ApiTokenScope[] =>
  API_TOKEN_SCOPE_CODES.filter((scope) => API_TOKEN_SCOPES[scope][account]);

/** The longest an API token may live: a year. */
export const API_TOKEN_MAX_DAYS = 366;

/** POST /charity/{id}/api_tokens, /business/{id}/api_tokens. */
export const apiTokenBodySchema = z
  .object({
    name: text(100).min(1, { message: 'Name the token, say after the tool that uses it.' }),
    scopes: z
      .array(z.enum(API_TOKEN_SCOPE_CODES, { message: 'Choose scopes from the list.' }), {
        message: 'Choose at least one scope.',
      })
      .min(1, { message: 'Choose at least one scope.' })
      .refine((list) => new Set(list).size === list.length, { message: 'Name each scope once.' }),
    expires_at: z
      .string({ message: 'Choose when the token stops working.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter a date like 2027-06-30.' }),
  })
  .strict();
export type ApiTokenBody = z.infer<typeof apiTokenBodySchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters, to tell it apart; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  expires_at: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of making a token: the token itself, shown this once. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
