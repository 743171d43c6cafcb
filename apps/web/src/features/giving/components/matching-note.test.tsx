import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { liveProject, wallet } from '../testing/fixtures';
import { GiveActions } from './give-actions';

/** Acme matches 100% within what is left of the employee's ₹1,000 a year. */
const acmeMatch = (url: URL) => {
  const amount = Number(url.searchParams.get('amount'));
  return jsonResponse({
    items: amount > 0 ? [{ business: { id: 5, name: 'Acme Ltd' }, amount: Math.min(amount, 100_000) }] : [],
  });
};

function renderGive() {
  return renderRoutes(
    [
      {
        path: '/projects/:id',
        element: <GiveActions target={{ kind: 'project', project: liveProject }} />,
      },
    ],
    '/projects/1',
  );
}

const dialog = () => screen.getByRole('dialog');
const previews = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://x'))
    .filter((url) => url.pathname === '/api/user/matching_preview')
    .map((url) => url.searchParams.get('amount'));

async function openFunds() {
  await userEvent.click(screen.getByRole('button', { name: 'Give funds' }));
  await screen.findByRole('dialog', {}, { timeout: 5_000 });
}

async function typeAmount(value: string) {
  const input = within(dialog()).getByLabelText('Amount', { selector: 'input' });
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(value);
}

describe('the organisation’s match in the give flow', { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('says under the amount how much the organisation adds, following the amount and the cap', async () => {
    const mock = stubFetch({
      'GET /api/user/wallet': () => jsonResponse(wallet()),
      'GET /api/user/gift_aid_declaration': () => jsonResponse({ declaration: null }),
      'GET /api/user/matching_preview': acmeMatch,
    });
    renderGive();
    await openFunds();
    await userEvent.click(within(dialog()).getByRole('button', { name: '₹250' }));
    expect(await within(dialog()).findByText('Acme Ltd will match this gift with ₹250.')).toBeInTheDocument();
    await typeAmount('5000');
    // Over the employee's cap: the cap.
    expect(
      await within(dialog()).findByText('Acme Ltd will match this gift with ₹1,000.'),
    ).toBeInTheDocument();
    expect(previews(mock)).toContain('500000');
    // A recurring gift is not matched: nothing is said.
    await userEvent.click(within(dialog()).getByLabelText('Recurring'));
    expect(within(dialog()).queryByText(/will match this gift/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog()).getByLabelText('Once'));
    expect(await within(dialog()).findByText(/Acme Ltd will match this gift/)).toBeInTheDocument();
    // Credits are not matched either.
    await userEvent.click(within(dialog()).getByLabelText(/My credits/));
    expect(within(dialog()).queryByText(/will match this gift/)).not.toBeInTheDocument();
  });

  it('says nothing when no organisation matches', async () => {
    const mock = stubFetch({
      'GET /api/user/wallet': () => jsonResponse(wallet()),
      'GET /api/user/gift_aid_declaration': () => jsonResponse({ declaration: null }),
      'GET /api/user/matching_preview': () => jsonResponse({ items: [] }),
    });
    renderGive();
    await openFunds();
    await userEvent.click(within(dialog()).getByRole('button', { name: '₹250' }));
    await waitFor(() => expect(previews(mock)).toContain('25000'));
    expect(within(dialog()).queryByText(/will match/)).not.toBeInTheDocument();
  });
});
