import type { AppContext } from '../../context.js';
import { apiTokensService } from './api-tokens.service.js';

/**
 * The integrations module's face (docs/architecture.md, "Module faces"): webhooks and API tokens of
 * charities and organisations (docs/product/webhooks-and-api-tokens.md). Nothing else reads its tables.
 */
export { API_TOKEN_PREFIX, type ApiTokensService, apiTokensService } from './api-tokens.service.js';
export { type WebhooksService, webhooksService } from './webhooks.service.js';

/** What an API token lets its request do (the sign-in check asks), or undefined for one that is not valid. */
export const apiTokenGrant = (ctx: AppContext, token: string) => apiTokensService(ctx).grantOf(token);
