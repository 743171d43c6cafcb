import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, headersOf, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { UnsubscribeScreen } from './unsubscribe-screen';

const TOKEN = '7-gift_update-abc';
const PATH = `/api/unsubscribe/${TOKEN}`;

function renderScreen(routes: Record<string, Route>) {
  const fetchMock = stubFetch(routes);
  renderRoutes([{ path: '/unsubscribe/:token', element: <UnsubscribeScreen /> }], `/unsubscribe/${TOKEN}`);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the unsubscribe page', { timeout: 20_000 }, () => {
  it('asks first, then stops the mail in one click without signing in', async () => {
    let stopped = false;
    const fetchMock = renderScreen({
      [`GET ${PATH}`]: () => jsonResponse({ kind: 'gift_update', label: 'My gifts', unsubscribed: stopped }),
      [`POST ${PATH}`]: () => {
        stopped = true;
        return jsonResponse({ kind: 'gift_update', label: 'My gifts', unsubscribed: true });
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stop mail about “My gifts”?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop these mails' }));
    expect(
      await screen.findByText(
        (_text, element) =>
          element?.getAttribute('role') === 'status' &&
          element.textContent ===
            'Done: you will no longer get mail about “My gifts”. You can change this any time in your notification settings.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'notification settings' })).toHaveAttribute(
      'href',
      '/profile/notifications',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[1]?.body).toBeUndefined();
    expect(headersOf(post?.[1]).Authorization).toBeUndefined();
  });

  it('says so when the mail is already stopped', async () => {
    renderScreen({
      [`GET ${PATH}`]: () => jsonResponse({ kind: 'gift_update', label: 'My gifts', unsubscribed: true }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mail already stopped' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You already get no mail about “My gifts”.');
    expect(screen.queryByRole('button', { name: 'Stop these mails' })).not.toBeInTheDocument();
  });

  it('says a link that is not ours is not valid, with the reason the API gives', async () => {
    renderScreen({
      [`GET ${PATH}`]: () => errorResponse(404, 'NOT_FOUND', 'This unsubscribe link was not found.'),
    });
    expect(await screen.findByText('This link is not valid')).toBeInTheDocument();
    expect(screen.getByText(/This unsubscribe link was not found\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop these mails' })).not.toBeInTheDocument();
  });

  it('words a digest’s link, which stops every mail that may be stopped', async () => {
    renderScreen({
      [`GET ${PATH}`]: () =>
        jsonResponse({ kind: null, label: 'all mail you may stop', unsubscribed: false }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stop notification mail from Kindred?' }),
    ).toBeInTheDocument();
  });
});
