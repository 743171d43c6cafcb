import type { ApiToken, Webhook, WebhookDelivery } from '@kindred/shared';
import { fixtureOf } from '@/testing/fixtures';

/** River Trust's endpoint at its CRM: on, asking for gifts made, never delivered to. */
export const webhookFixture = fixtureOf<Webhook>(() => ({
  id: 7,
  url: 'https://crm.example.org/kindred',
  events: ['donation.made'],
  enabled: true,
  disabled_reason: null,
  created_at: '2029-12-01T10:00:00.000Z',
  last_delivery: null,
}));

/** A delivery of a gift made, delivered at its first attempt with the answer 200 "ok". */
export const deliveryFixture = fixtureOf<WebhookDelivery>(() => ({
  id: 100,
  event_id: '0b6f5c3e-2f6a-4c39-9a57-5c4d3f1e9a01',
  type: 'donation.made',
  status: 'delivered',
  attempts: 1,
  response_status: 200,
  response_body: 'ok',
  error: null,
  created_at: '2029-12-02T09:00:00.000Z',
  last_attempt_at: '2029-12-02T09:00:01.000Z',
  next_attempt_at: null,
  delivered_at: '2029-12-02T09:00:01.000Z',
}));

/** The CRM's token, reading donations, never used. */
export const apiTokenFixture = fixtureOf<ApiToken>(() => ({
  id: 11,
  name: 'Our CRM',
  prefix: 'kt_AbCdEfG',
  scopes: ['donations:read'],
  expires_at: '2030-03-01T23:59:59.999Z',
  created_at: '2029-12-01T10:00:00.000Z',
  last_used_at: null,
}));
