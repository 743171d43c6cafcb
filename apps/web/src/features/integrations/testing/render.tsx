import type { IntegrationAccount } from '@kindred/shared';
import { type Route, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { IntegrationsSection } from '../components/integrations-section';

/** The accounts the tests show: River Trust (charity 3) and Acme Ltd (organisation 5). */
export const ACCOUNTS = {
  charity: { kind: 'charity', id: 3, name: 'River Trust' },
  business: { kind: 'business', id: 5, name: 'Acme Ltd' },
} as const;

/**
 * Opens the Integrations screen of a charity or an organisation at `path` under it (a delivery log:
 * `/webhooks/7`), as one of its admins unless told otherwise, with the API's routes given.
 */
export function renderIntegrations(
  kind: IntegrationAccount,
  routes: Record<string, Route>,
  { path = '', canManage = true }: { path?: string; canManage?: boolean } = {},
) {
  const fetchMock = stubFetch(routes);
  const base = kind === 'charity' ? '/charity/integrations' : '/organisation/integrations';
  const element = <IntegrationsSection account={ACCOUNTS[kind]} canManage={canManage} />;
  const view = renderRoutes(
    [
      { path: base, element },
      { path: `${base}/webhooks/:webhookId`, element },
    ],
    `${base}${path}`,
  );
  return { fetchMock, ...view };
}

/** The calls a stubbed fetch got for `METHOD /path`. */
export const callsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      ((init as RequestInit | undefined)?.method ?? 'GET') === method &&
      new URL(String(input), 'http://x').pathname === path,
  );
