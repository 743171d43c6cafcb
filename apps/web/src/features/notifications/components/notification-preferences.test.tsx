import type { NotificationPreferencesBody } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOfCall, errorResponse, jsonResponse, pathOfCall, type Route, stubFetch } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { preferencesFixture } from '../testing/fixtures';
import { NotificationPreferences } from './notification-preferences';

const PATH = '/api/user/notification_preferences';

function renderPreferences(routes: Record<string, Route> = {}) {
  const fetchMock = stubFetch({
    [`GET ${PATH}`]: () => jsonResponse(preferencesFixture()),
    [`PUT ${PATH}`]: (_url, init) => {
      const body = JSON.parse(String(init.body)) as NotificationPreferencesBody;
      return jsonResponse(
        preferencesFixture(Object.fromEntries(body.preferences.map((choice) => [choice.kind, choice]))),
      );
    },
    ...routes,
  });
  renderWithProviders(<NotificationPreferences />);
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => init?.method === 'PUT' && pathOfCall([input]) === PATH);

signedInForEachTest();

describe('notification settings', { timeout: 20_000 }, () => {
  it('lists every kind with its words and says which mail always goes', async () => {
    renderPreferences();
    const gifts = await screen.findByRole('group', { name: 'My gifts' });
    expect(gifts).toHaveAccessibleDescription(
      'A gift of yours is signed off, approved, matched, declined, delivered or refunded.',
    );
    expect(within(gifts).getByRole('switch', { name: 'Show in Kindred' })).toBeChecked();
    expect(within(gifts).getByRole('radio', { name: 'At once' })).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: 'Gifts to my charity' })).getByRole('radio', {
        name: 'Daily digest',
      }),
    ).toBeChecked();
    expect(screen.getAllByRole('group')).toHaveLength(10);
    expect(screen.getByRole('group', { name: 'My fundraising pages' })).toHaveAccessibleDescription(
      'Someone gives through a fundraising page of yours, or its charity takes it down.',
    );
    expect(
      screen.getByText(/Receipts, credit notes, failed payments and security mail always go/),
    ).toBeInTheDocument();
  });

  it('saves only the kinds changed, in one call, and says so', async () => {
    const fetchMock = renderPreferences();
    const gifts = await screen.findByRole('group', { name: 'My gifts' });
    await userEvent.click(within(gifts).getByText('Off'));
    const messages = screen.getByRole('group', { name: 'Messages' });
    await userEvent.click(within(messages).getByRole('switch', { name: 'Show in Kindred' }));
    // Changed and changed back: not sent.
    const payouts = screen.getByRole('group', { name: 'Payouts' });
    await userEvent.click(within(payouts).getByText('Daily digest'));
    await userEvent.click(within(payouts).getByText('At once'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(toastTexts().map((t) => t.title)).toContain('Notification settings saved');
    expect(puts(fetchMock).map(bodyOfCall)).toEqual([
      {
        preferences: [
          { kind: 'gift_update', in_app: true, mail: 'off' },
          { kind: 'message', in_app: false, mail: 'now' },
        ],
      },
    ]);
    expect(within(gifts).getByRole('radio', { name: 'Off' })).toBeChecked();

    // Saved: a second Save has nothing to send.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You have not changed anything yet.')).toBeInTheDocument();
    expect(puts(fetchMock)).toHaveLength(1);
  });

  it('puts a refused choice beside its field', async () => {
    renderPreferences({
      [`PUT ${PATH}`]: () =>
        errorResponse(400, 'VALIDATION_ERROR', 'Check your choices.', {
          fields: { 'preferences.0.mail': 'Choose now, daily or off.' },
        }),
    });
    const projects = await screen.findByRole('group', { name: 'Projects' });
    await userEvent.click(within(projects).getByText('Off'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(projects).findByText('Choose now, daily or off.')).toBeInTheDocument();
    expect(within(projects).getByRole('radiogroup')).toHaveAccessibleDescription('Choose now, daily or off.');
    expect(screen.getByTestId('form-refusal')).toHaveTextContent('Check your choices.');
  });
});
