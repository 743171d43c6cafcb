import { webhookEventsFor } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOfCall, errorResponse, jsonResponse } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { signedInForEachTest } from '@/testing/session';
import { deliveryFixture, webhookFixture } from '../testing/fixtures';
import { callsTo, renderIntegrations } from '../testing/render';

const NO_TOKENS = () => jsonResponse({ items: [] });
const page = (items: unknown[], next: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: null });

signedInForEachTest();

describe('webhooks', { timeout: 20_000 }, () => {
  it('adds a webhook: the signing secret is shown once with how to check it, then the new endpoint is listed', async () => {
    const user = userEvent.setup();
    let added = false;
    const { fetchMock } = renderIntegrations('charity', {
      'GET /api/charity/3/webhooks': () => jsonResponse({ items: added ? [webhookFixture()] : [] }),
      'GET /api/charity/3/api_tokens': NO_TOKENS,
      'POST /api/charity/3/webhooks': () => {
        added = true;
        return jsonResponse({ ...webhookFixture(), secret: 'whsec_s3cr3t' }, 201);
      },
    });
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(
      await within(section).findByText(/No webhooks yet\. A webhook sends the events/),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Add webhook' }));
    const form = within(section).getByRole('form', { name: 'Add a webhook' });
    await user.type(within(form).getByLabelText(/Address/), 'https://crm.example.org/kindred');
    await user.click(within(form).getByRole('checkbox', { name: /A gift was made/ }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const dialog = await screen.findByRole('dialog', { name: 'The webhook’s signing secret' });
    expect(within(dialog).getByTestId('shown-once')).toHaveTextContent('whsec_s3cr3t');
    expect(dialog).toHaveTextContent('it will not be shown again');
    expect(dialog).toHaveTextContent('Kindred-Signature: t=…,v1=…');
    expect(dialog).toHaveTextContent('HMAC-SHA256 of {t}.{body}');
    expect(bodyOfCall(callsTo(fetchMock, 'POST', '/api/charity/3/webhooks')[0])).toEqual({
      url: 'https://crm.example.org/kindred',
      events: ['donation.made'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Copy the secret' }));
    expect(await within(dialog).findByText('The secret is copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('whsec_s3cr3t');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('whsec_s3cr3t')).not.toBeInTheDocument();
    const list = await within(section).findByRole('list', { name: 'Webhooks' });
    const row = within(list).getByTestId('webhook-7');
    expect(row).toHaveTextContent('https://crm.example.org/kindred');
    expect(row).toHaveTextContent('Enabled');
    expect(row).toHaveTextContent('No delivery yet.');
    expect(
      within(row).getByRole('list', { name: 'Events sent to https://crm.example.org/kindred' }),
    ).toHaveTextContent('donation.made');
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
  });

  it('offers a charity and an organisation the events each may ask for, with their labels', async () => {
    const user = userEvent.setup();
    const labelsOf = async () => {
      await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
      const form = screen.getByRole('form', { name: 'Add a webhook' });
      return within(form)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).value);
    };
    const charity = renderIntegrations('charity', {
      'GET /api/charity/3/webhooks': () => jsonResponse({ items: [] }),
      'GET /api/charity/3/api_tokens': NO_TOKENS,
    });
    const forCharity = await labelsOf();
    expect(screen.getByRole('checkbox', { name: /A payout was paid/ })).toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: /Someone joined the organisation/ }),
    ).not.toBeInTheDocument();
    charity.unmount();

    renderIntegrations('business', {
      'GET /api/business/5/webhooks': () => jsonResponse({ items: [] }),
      'GET /api/business/5/api_tokens': NO_TOKENS,
    });
    const forOrganisation = await labelsOf();
    expect(screen.getByRole('checkbox', { name: /Someone joined the organisation/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /A payout was paid/ })).not.toBeInTheDocument();

    expect(forCharity).toEqual(webhookEventsFor('charity'));
    expect(forOrganisation).toEqual(webhookEventsFor('business'));
    expect(forCharity).not.toEqual(forOrganisation);
  });

  it('says what is wrong beside the fields: its own checks first, then the API’s word on the address', async () => {
    const user = userEvent.setup();
    const refused = 'The address must reach the internet: 10.0.0.5 is on a private network.';
    const { fetchMock } = renderIntegrations('business', {
      'GET /api/business/5/webhooks': () => jsonResponse({ items: [] }),
      'GET /api/business/5/api_tokens': NO_TOKENS,
      'POST /api/business/5/webhooks': () =>
        errorResponse(400, 'BAD_REQUEST', refused, { fields: { url: refused } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('form', { name: 'Add a webhook' });
    const address = within(form).getByLabelText(/Address/);
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(within(form).getByText('Enter the address of your endpoint.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST', '/api/business/5/webhooks')).toHaveLength(0);

    await user.type(address, 'https://10.0.0.5/hook');
    await user.click(within(form).getByRole('checkbox', { name: /Someone joined the organisation/ }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(address).toHaveAccessibleDescription(expect.stringContaining(refused)));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent('Not added');
    // What was typed stays, to be corrected.
    expect(address).toHaveValue('https://10.0.0.5/hook');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an endpoint turned off and its last delivery, and removes one after a confirmation', async () => {
    const user = userEvent.setup();
    const off = webhookFixture({
      enabled: false,
      disabled_reason: 'No answer within 10 seconds.',
      last_delivery: { status: 'failed', response_status: null, at: '2029-12-04T08:00:00.000Z' },
    });
    const { fetchMock } = renderIntegrations('charity', {
      'GET /api/charity/3/webhooks': () => jsonResponse({ items: [off] }),
      'GET /api/charity/3/api_tokens': NO_TOKENS,
      'DELETE /api/charity/3/webhooks/7': () => jsonResponse({ items: [] }),
    });
    const row = await screen.findByTestId('webhook-7');
    expect(row).toHaveTextContent('Turned off: No answer within 10 seconds.');
    expect(row).toHaveTextContent('Last delivery:Failedno answer, 4 Dec 2029');
    expect(
      within(row).getByRole('link', { name: 'Delivery log of https://crm.example.org/kindred' }),
    ).toHaveAttribute('href', '/charity/integrations/webhooks/7');

    const remove = within(row).getByRole('button', {
      name: 'Remove the webhook to https://crm.example.org/kindred',
    });
    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this webhook?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/charity/3/webhooks/7')).toHaveLength(0);

    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove this webhook?' });
    expect(dialog).toHaveTextContent('what it has not sent yet is not sent');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/No webhooks yet/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/charity/3/webhooks/7')).toHaveLength(1);
    expect(toastTexts().map((t) => t.title)).toContain('Webhook removed');
  });
});

describe('the delivery log', { timeout: 20_000 }, () => {
  const failed = deliveryFixture({
    id: 102,
    status: 'pending',
    attempts: 2,
    response_status: 500,
    response_body: 'Internal error',
    error: 'The endpoint answered 500.',
    created_at: '2029-12-03T09:00:00.000Z',
    next_attempt_at: '2029-12-03T09:05:00.000Z',
  });

  it('pages through the deliveries, newest first, and retries one: a toast, then the log and the list read again', async () => {
    const user = userEvent.setup();
    let retried = false;
    const { fetchMock } = renderIntegrations(
      'charity',
      {
        'GET /api/charity/3/webhooks': () => jsonResponse({ items: [webhookFixture()] }),
        'GET /api/charity/3/webhooks/7/deliveries': (url) =>
          url.searchParams.get('cursor') === 'older'
            ? page([deliveryFixture({ id: 100, type: 'join_request.created' })])
            : page(
                [
                  retried
                    ? {
                        ...failed,
                        status: 'delivered',
                        response_status: 200,
                        error: null,
                        response_body: 'ok',
                      }
                    : failed,
                  deliveryFixture({ id: 101 }),
                ],
                'older',
              ),
        'POST /api/charity/3/webhooks/7/deliveries/102/retry': () => {
          retried = true;
          return jsonResponse({ ...failed, next_attempt_at: '2029-12-03T10:00:00.000Z' });
        },
      },
      { path: '/webhooks/7' },
    );
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    expect(await within(log).findByText('https://crm.example.org/kindred')).toBeInTheDocument();
    const table = await within(log).findByRole('table', { name: 'Deliveries' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Event', 'Status', 'Attempts', 'Answer', 'Answer or error', 'Next try', 'Actions']);
    const first = within(table).getByTestId('delivery-102');
    expect(first).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('The endpoint answered 500.');
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.click(within(log).getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByTestId('delivery-100')).toHaveTextContent('join_request.created');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(log).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const listReads = callsTo(fetchMock, 'GET', '/api/charity/3/webhooks').length;
    await user.click(within(first).getByRole('button', { name: /^Retry delivery 102 / }));
    await waitFor(() => expect(toastTexts().map((t) => t.title)).toContain('Sent again'));
    expect(callsTo(fetchMock, 'POST', '/api/charity/3/webhooks/7/deliveries/102/retry')).toHaveLength(1);
    await waitFor(() => expect(within(table).getByTestId('delivery-102')).toHaveTextContent('Delivered'));
    expect(callsTo(fetchMock, 'GET', '/api/charity/3/webhooks').length).toBeGreaterThan(listReads);

    expect(screen.getByRole('link', { name: /All webhooks and API tokens/ })).toHaveAttribute(
      'href',
      '/charity/integrations',
    );
  });

  it('says so when a webhook has had no delivery yet', async () => {
    renderIntegrations(
      'business',
      {
        'GET /api/business/5/webhooks': () => jsonResponse({ items: [webhookFixture()] }),
        'GET /api/business/5/webhooks/7/deliveries': () => page([]),
      },
      { path: '/webhooks/7' },
    );
    expect(
      await screen.findByText(/No deliveries yet\. Each event this webhook asked for/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All webhooks and API tokens/ })).toHaveAttribute(
      'href',
      '/organisation/integrations',
    );
  });
});

describe('who keeps integrations', () => {
  it('tells a member who is not an admin that its admins keep them, and asks the API nothing', async () => {
    const { fetchMock } = renderIntegrations('charity', {}, { canManage: false });
    expect(
      await screen.findByText(
        'Only the Super Admins and Admins of River Trust keep its webhooks and API tokens.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
