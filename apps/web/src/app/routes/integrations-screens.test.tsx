import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import { charityFixture } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { acme, signInToAcme } from '@/testing/organisation';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import { charityRoutes } from './charity.routes';
import { organisationRoutes } from './organisation.routes';

const NONE = () => jsonResponse({ items: [] });

function signInToRiverTrust(adminType: number) {
  signInWith({
    charity_membership: [{ charity_id: 3, name: 'River Trust', admin_type: adminType, permissions: [] }],
  });
  session.setActiveAccount({ type: 'charity', id: 3 });
}

sessionClearedAfterEachTest();
afterEach(() => vi.unstubAllGlobals());

describe('Integrations in the account areas', { timeout: 30_000 }, () => {
  it('is a section of the charity area for its admins, at /charity/integrations, on the charity’s calls', async () => {
    signInToRiverTrust(2);
    const fetchMock = stubFetch({
      'GET /api/charity/3': () => jsonResponse(charityFixture()),
      'GET /api/charity/3/webhooks': NONE,
      'GET /api/charity/3/api_tokens': NONE,
    });
    renderRoutes(charityRoutes, '/charity/integrations');
    const nav = await screen.findByRole('navigation', { name: 'Charity sections' });
    expect(within(nav).getByRole('link', { name: 'Integrations' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('region', { name: 'Webhooks' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'API tokens' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname)).toEqual(
      expect.arrayContaining(['/api/charity/3/webhooks', '/api/charity/3/api_tokens']),
    );
  });

  it('is a section of the organisation area for its admins, with a webhook’s log under it', async () => {
    signInToAcme(2);
    stubFetch({
      'GET /api/business/5': () => jsonResponse(acme),
      'GET /api/business/5/webhooks': NONE,
      'GET /api/business/5/webhooks/7/deliveries': () =>
        jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    renderRoutes(organisationRoutes, '/organisation/integrations/webhooks/7');
    const nav = await screen.findByRole('navigation', { name: 'Organisation sections' });
    expect(within(nav).getByRole('link', { name: 'Integrations' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('region', { name: 'Delivery log' })).toBeInTheDocument();
  });

  it('is not offered to an organisation’s employees', async () => {
    signInToAcme(99);
    const fetchMock = stubFetch({ 'GET /api/business/5': () => jsonResponse(acme) });
    renderRoutes(organisationRoutes, '/organisation/integrations');
    const nav = await screen.findByRole('navigation', { name: 'Organisation sections' });
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
    expect(
      await screen.findByText(
        'Only the Super Admins and Admins of Acme Ltd keep its webhooks and API tokens.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/webhooks'))).toBe(false);
  });
});
