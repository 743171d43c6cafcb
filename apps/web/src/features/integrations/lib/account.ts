import type { IntegrationAccount } from '@kindred/shared';

/**
 * The account whose integrations a screen shows: a charity or an organisation (the API's
 * `business`), both kept alike (docs/product/webhooks-and-api-tokens.md).
 */
export interface IntegrationsAccount {
  kind: IntegrationAccount;
  id: number;
  name: string;
}

/** What the calls and query keys need of the account. */
export type AccountRef = Pick<IntegrationsAccount, 'kind' | 'id'>;

/** The account's calls: `/charity/3`, `/business/5`. */
export const accountApiPath = ({ kind, id }: AccountRef) => `/${kind}/${id}`;

/** Where the account's Integrations screen is (mail and notifications link to it). */
export const integrationsPath = (kind: IntegrationAccount) =>
  kind === 'charity' ? '/charity/integrations' : '/organisation/integrations';

/** A webhook's delivery log, under the Integrations screen. */
export const deliveryLogPath = (kind: IntegrationAccount, webhookId: number) =>
  `${integrationsPath(kind)}/webhooks/${webhookId}`;

/** The account's kind in words: 'charity', 'organisation'. */
export const kindNoun = (kind: IntegrationAccount) => (kind === 'charity' ? 'charity' : 'organisation');
