import { apiTokenScopesFor } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { bodyOfCall, errorResponse, jsonResponse } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { signedInForEachTest } from '@/testing/session';
import { apiTokenFixture } from '../testing/fixtures';
import { callsTo, renderIntegrations } from '../testing/render';

const NO_WEBHOOKS = () => jsonResponse({ items: [] });

/** The person's day `days` from today, as 'YYYY-MM-DD'. */
function dayAhead(days: number) {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return todayIso(day);
}
/** 'YYYY-MM-DD' as the date field shows it: mm/dd/yy. */
const typed = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;

signedInForEachTest();

describe('API tokens', { timeout: 20_000 }, () => {
  it('makes a token: 90 days by default, the token shown once, then listed by its first characters, never used', async () => {
    const user = userEvent.setup();
    let made = false;
    const { fetchMock } = renderIntegrations('business', {
      'GET /api/business/5/webhooks': NO_WEBHOOKS,
      'GET /api/business/5/api_tokens': () => jsonResponse({ items: made ? [apiTokenFixture()] : [] }),
      'POST /api/business/5/api_tokens': () => {
        made = true;
        return jsonResponse({ ...apiTokenFixture(), token: 'kt_AbCdEfGhIjKlMnOp' }, 201);
      },
    });
    const section = await screen.findByRole('region', { name: 'API tokens' });
    expect(
      await within(section).findByText(/No API tokens yet\. A token lets one of your own tools/),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'New token' }));
    const form = within(section).getByRole('form', { name: 'New API token' });
    // An organisation gives the scopes it may: no payouts, no projects.
    expect(
      within(form)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(apiTokenScopesFor('business'));
    expect(within(form).getByLabelText(/Stops working after/)).toHaveValue(typed(dayAhead(90)));

    await user.click(within(form).getByRole('button', { name: 'Make token' }));
    expect(within(form).getByText('Name the token, say after the tool that uses it.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/business/5/api_tokens')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Name/), 'Our CRM');
    await user.click(within(form).getByRole('checkbox', { name: /Read donations/ }));
    await user.click(within(form).getByRole('button', { name: 'Make token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(dialog).getByTestId('shown-once')).toHaveTextContent('kt_AbCdEfGhIjKlMnOp');
    expect(dialog).toHaveTextContent('it will not be shown again');
    expect(dialog).toHaveTextContent('Authorization: Bearer kt_AbCdEfG…');
    expect(dialog).toHaveTextContent(
      'It works for Acme Ltd only, within its scopes, until the end of 1 Mar 2030 (UTC).',
    );
    expect(bodyOfCall(callsTo(fetchMock, 'POST', '/api/business/5/api_tokens')[0])).toEqual({
      name: 'Our CRM',
      scopes: ['donations:read'],
      expires_at: dayAhead(90),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Copy the token' }));
    expect(await navigator.clipboard.readText()).toBe('kt_AbCdEfGhIjKlMnOp');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('kt_AbCdEfGhIjKlMnOp')).not.toBeInTheDocument();

    const row = await within(section).findByTestId('api-token-11');
    expect(row).toHaveTextContent('Our CRM');
    expect(row).toHaveTextContent('kt_AbCdEfG…');
    expect(row).toHaveTextContent('donations:read');
    expect(row).toHaveTextContent('1 Mar 2030');
    expect(row).toHaveTextContent('Never used');
  });

  it('offers a charity every scope, and puts the API’s word on the expiry beside it', async () => {
    const user = userEvent.setup();
    renderIntegrations('charity', {
      'GET /api/charity/3/webhooks': NO_WEBHOOKS,
      'GET /api/charity/3/api_tokens': () => jsonResponse({ items: [] }),
      'POST /api/charity/3/api_tokens': () =>
        errorResponse(400, 'BAD_REQUEST', 'A token lives a year at most.', {
          fields: { expires_at: 'Choose a day within a year from today.' },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const form = screen.getByRole('form', { name: 'New API token' });
    expect(
      within(form)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(apiTokenScopesFor('charity'));
    await user.type(within(form).getByLabelText(/Name/), 'Finance');
    await user.click(within(form).getByRole('checkbox', { name: /Read payouts/ }));
    await user.click(within(form).getByRole('button', { name: 'Make token' }));
    const expiry = within(form).getByLabelText(/Stops working after/);
    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription(
        expect.stringContaining('Choose a day within a year from today.'),
      ),
    );
    expect(within(form).getByRole('alert')).toHaveTextContent('Not made');
  });

  it('revokes a token only once confirmed, and lists when each was last used', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderIntegrations('charity', {
      'GET /api/charity/3/webhooks': NO_WEBHOOKS,
      'GET /api/charity/3/api_tokens': () =>
        jsonResponse({
          items: [
            apiTokenFixture(),
            apiTokenFixture({ id: 12, name: 'Reports', last_used_at: '2029-12-05T14:05:00.000Z' }),
          ],
        }),
      'DELETE /api/charity/3/api_tokens/11': () =>
        jsonResponse({
          items: [apiTokenFixture({ id: 12, name: 'Reports', last_used_at: '2029-12-05T14:05:00.000Z' })],
        }),
    });
    const table = await screen.findByRole('table', { name: 'API tokens' });
    expect(within(table).getByTestId('api-token-12')).toHaveTextContent('5 Dec 2029');
    const revoke = within(table).getByRole('button', { name: 'Revoke Our CRM' });

    await user.click(revoke);
    const asked = await screen.findByRole('dialog', { name: 'Revoke Our CRM?' });
    expect(asked).toHaveTextContent('It stops working at once');
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/charity/3/api_tokens/11')).toHaveLength(0);

    await user.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Our CRM?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(table).queryByTestId('api-token-11')).not.toBeInTheDocument());
    expect(within(table).getByTestId('api-token-12')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/charity/3/api_tokens/11')).toHaveLength(1);
    expect(toastTexts().map((t) => t.title)).toContain('Token revoked');
  });
});
