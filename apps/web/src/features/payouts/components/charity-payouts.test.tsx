import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '@/testing/downloads';
import { bodyOfCall, errorResponse, headersOf, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { accountFixture, callsTo, FUNDS, payoutFixture } from '../testing/fixtures';
import { CharityPayouts } from './charity-payouts';

const NONE = () => errorResponse(404, 'NOT_FOUND', 'The payout account was not found.');
const page = (items: unknown[], next: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: null });

function renderPayouts(routes: Record<string, Route> = {}) {
  const fetchMock = stubFetch({
    'GET /api/charity/funds/3': () => jsonResponse(FUNDS),
    'GET /api/stripe/account/3': NONE,
    'GET /api/charity/3/payouts': () => page([]),
    'GET /api/charity/3/payout_schedule': () => jsonResponse({ frequency: null, next_on: null }),
    ...routes,
  });
  renderWithProviders(<CharityPayouts charityId={3} />);
  return fetchMock;
}

signedInForEachTest();

describe("the charity's payout account", { timeout: 20_000 }, () => {
  it('asks for the bank account, says what is wrong beside each field, then shows it masked and waiting for a check', async () => {
    let saved = false;
    const fetchMock = renderPayouts({
      'GET /api/stripe/account/3': () => (saved ? jsonResponse(accountFixture()) : NONE()),
      'PATCH /api/stripe/account': (_url, init) => {
        const body = JSON.parse(String(init.body));
        if (body.bank.account_number === '00000001')
          return errorResponse(400, 'VALIDATION_ERROR', 'Check the bank details.', {
            fields: { 'bank.sort_code': 'This sort code is not a bank’s.' },
          });
        saved = true;
        return jsonResponse(accountFixture());
      },
    });
    const section = await screen.findByRole('region', { name: 'Payout account' });
    const form = await within(section).findByRole('form', { name: 'Add the bank account' });
    // Pay out waits for the account.
    expect(await screen.findByText('Add the charity’s bank account above first.')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText(/Name on the account/), 'River Trust');
    await userEvent.type(within(form).getByLabelText(/Sort code/), '12-34');
    await userEvent.type(within(form).getByLabelText(/Account number/), '1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bank details' }));
    expect(within(form).getByText('A sort code is 6 digits, like 12-34-56.')).toBeInTheDocument();
    expect(within(form).getByText('An account number is 8 digits.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Sort code/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PATCH', '/api/stripe/account')).toHaveLength(0);

    // The server's word on a field goes beside that field.
    await userEvent.clear(within(form).getByLabelText(/Sort code/));
    await userEvent.type(within(form).getByLabelText(/Sort code/), '12-34-56');
    await userEvent.clear(within(form).getByLabelText(/Account number/));
    await userEvent.type(within(form).getByLabelText(/Account number/), '00000001');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bank details' }));
    expect(await within(form).findByText('This sort code is not a bank’s.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Sort code/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(form).getByLabelText(/Account number/));
    await userEvent.type(within(form).getByLabelText(/Account number/), '12345678');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bank details' }));
    const shown = await within(section).findByTestId('payout-account');
    expect(shown).toHaveTextContent('River Trust');
    expect(shown).toHaveTextContent('sort code 12-34-56, account ••••5678');
    expect(shown).toHaveTextContent('Waiting for Kindred to check it');
    expect(bodyOfCall(callsTo(fetchMock, 'PATCH', '/api/stripe/account').at(-1))).toEqual({
      charity_id: 3,
      bank: { account_name: 'River Trust', sort_code: '12-34-56', account_number: '12345678' },
    });
    expect(
      await screen.findByText('Payouts can be asked for once Kindred has checked the bank account.'),
    ).toBeInTheDocument();
    expect(toastTexts().map((t) => t.title)).toContain('Bank details saved');
  });

  it('shows a checked account, and new bank details say they wait for a check again', async () => {
    renderPayouts({
      'GET /api/stripe/account/3': () =>
        jsonResponse(accountFixture({ verified: true, verified_at: '2026-12-02T10:00:00.000Z' })),
    });
    const shown = await screen.findByTestId('payout-account');
    expect(shown).toHaveTextContent('Checked');
    expect(shown).toHaveTextContent('Checked by Kindred on 2 Dec 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Change bank details' }));
    const form = screen.getByRole('form', { name: 'New bank details' });
    expect(form).toHaveTextContent('The new account waits for Kindred to check it again');
    await userEvent.click(within(form).getByRole('button', { name: 'Keep the current account' }));
    expect(screen.queryByRole('form', { name: 'New bank details' })).not.toBeInTheDocument();
  });

  it('says so when the account could not be loaded', async () => {
    renderPayouts({
      'GET /api/stripe/account/3': () =>
        errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.'),
    });
    expect(await screen.findByText('The payout account could not be loaded.')).toBeInTheDocument();
  });
});

describe('paying out', { timeout: 20_000 }, () => {
  const verified = () =>
    jsonResponse(accountFixture({ verified: true, verified_at: '2026-12-02T10:00:00.000Z' }));

  it('offers all that is available, confirms where it goes, sends one keyed request and reads the funds again', async () => {
    const fetchMock = renderPayouts({
      'GET /api/stripe/account/3': verified,
      'POST /api/charity/3/payouts': () => jsonResponse({ payout: payoutFixture({ amount: 120_000 }) }, 201),
    });
    const section = await screen.findByRole('region', { name: 'Pay out' });
    const amount = await within(section).findByLabelText(/Amount/);
    expect(amount).toHaveValue('1800');
    expect(section).toHaveTextContent('At least ₹10, at most ₹1,800 (all that is available).');

    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(within(section).getByRole('button', { name: 'Pay out' }));
    expect(within(section).getByText('A payout is at least ₹10.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1900');
    await userEvent.click(within(section).getByRole('button', { name: 'Pay out' }));
    expect(within(section).getByText('At most ₹1,800 is available to pay out.')).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, '1200');
    const fundsReads = callsTo(fetchMock, 'GET', '/api/charity/funds/3').length;
    await userEvent.click(within(section).getByRole('button', { name: 'Pay out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay ₹1,200 to River Trust?' });
    expect(dialog).toHaveTextContent('Into sort code 12-34-56, account ••••5678.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹1,200' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/charity/3/payouts')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST', '/api/charity/3/payouts');
    expect(bodyOfCall(call)).toEqual({ amount: 120_000 });
    expect(headersOf(call?.[1] as RequestInit)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(toastTexts().map((t) => t.title)).toContain('Payout asked for'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/charity/funds/3').length).toBeGreaterThan(fundsReads),
    );
  });

  it('sends nothing when the confirm is declined, and shows the refusal beside the amount', async () => {
    const fetchMock = renderPayouts({
      'GET /api/stripe/account/3': verified,
      'POST /api/charity/3/payouts': () =>
        errorResponse(409, 'PAYOUT_TOO_LARGE', 'At most ₹1,500 is available to pay out.', {
          fields: { amount: 'At most ₹1,500 is available to pay out.' },
        }),
    });
    const section = await screen.findByRole('region', { name: 'Pay out' });
    await within(section).findByLabelText(/Amount/);
    await userEvent.click(within(section).getByRole('button', { name: 'Pay out' }));
    let dialog = await screen.findByRole('dialog', { name: 'Pay ₹1,800 to River Trust?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/charity/3/payouts')).toHaveLength(0);

    await userEvent.click(within(section).getByRole('button', { name: 'Pay out' }));
    dialog = await screen.findByRole('dialog', { name: 'Pay ₹1,800 to River Trust?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹1,800' }));
    expect(await within(section).findByText('At most ₹1,500 is available to pay out.')).toBeInTheDocument();
    expect(within(section).getByLabelText(/Amount/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why no payout can be asked for when less than the minimum is available', async () => {
    renderPayouts({
      'GET /api/stripe/account/3': verified,
      'GET /api/charity/funds/3': () => jsonResponse({ ...FUNDS, available: 500 }),
    });
    expect(await screen.findByText(/A payout is at least ₹10; ₹5 is available now\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay out' })).not.toBeInTheDocument();
  });
});

describe('automatic payouts', { timeout: 20_000 }, () => {
  it('turns weekly payouts on and shows the next date, then off again', async () => {
    const fetchMock = renderPayouts({
      'PUT /api/charity/3/payout_schedule': (_url, init) => {
        const { frequency } = JSON.parse(String(init.body));
        return jsonResponse({ frequency, next_on: frequency ? '2026-12-09' : null });
      },
    });
    const section = await screen.findByRole('region', { name: 'Automatic payouts' });
    expect(await within(section).findByRole('radio', { name: 'Off' })).toBeChecked();
    expect(section).toHaveTextContent('Payouts are made only when you ask for one.');
    await userEvent.click(within(section).getByRole('radio', { name: 'Weekly' }));
    expect(await within(section).findByText(/The next is on 9 Dec 2026\./)).toBeInTheDocument();
    expect(bodyOfCall(callsTo(fetchMock, 'PUT', '/api/charity/3/payout_schedule')[0])).toEqual({
      frequency: 'weekly',
    });
    await userEvent.click(within(section).getByRole('radio', { name: 'Off' }));
    expect(
      await within(section).findByText('Payouts are made only when you ask for one.'),
    ).toBeInTheDocument();
  });
});

describe("the charity's payouts", { timeout: 20_000 }, () => {
  it('says when there is none yet', async () => {
    renderPayouts();
    expect(await screen.findByText(/No payouts yet\./)).toBeInTheDocument();
  });

  it('shows each with its status, transfer or failure, its schedule mark, and more on demand', async () => {
    const paid = payoutFixture({
      id: 42,
      status: 'paid',
      transfer_id: 'tr_sandbox_42',
      paid_at: '2026-12-03T10:00:00.000Z',
    });
    const failed = payoutFixture({
      id: 43,
      status: 'failed',
      scheduled: true,
      failure_message: 'The bank refused the transfer.',
      failed_at: '2026-12-04T10:00:00.000Z',
    });
    const older = payoutFixture({ id: 40, created_at: '2026-11-01T09:00:00.000Z' });
    renderPayouts({
      'GET /api/charity/3/payouts': (url) =>
        url.searchParams.get('cursor') === 'next' ? page([older]) : page([paid, failed], 'next'),
    });
    const table = await screen.findByRole('table', { name: 'Payouts' });
    const paidRow = within(table).getByTestId('payout-42');
    expect(paidRow).toHaveTextContent('Paid');
    expect(paidRow).toHaveTextContent('tr_sandbox_42');
    expect(paidRow).toHaveTextContent('₹500');
    expect(paidRow).toHaveTextContent('2 gifts');
    const failedRow = within(table).getByTestId('payout-43');
    expect(failedRow).toHaveTextContent('Failed');
    expect(failedRow).toHaveTextContent('Scheduled');
    expect(failedRow).toHaveTextContent('The bank refused the transfer.');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(table).findByTestId('payout-40')).toHaveTextContent('Asked for');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('downloads a statement as PDF and as CSV', async () => {
    const saved = captureDownloads();
    const fetchMock = renderPayouts({
      'GET /api/charity/3/payouts': () => page([payoutFixture({ status: 'paid' })]),
      'GET /api/charity/3/payouts/41/statement': (url) =>
        new Response(url.searchParams.get('format') === 'csv' ? 'date,donation\n' : '%PDF-1.4', {
          status: 200,
          headers: {
            'Content-Disposition': `attachment; filename="kindred-payout-41.${url.searchParams.get('format')}"`,
          },
        }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'CSV statement of payout 41, 1 Dec 2026' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]?.blob.text()).toBe('date,donation\n');
    await userEvent.click(screen.getByRole('button', { name: 'PDF statement of payout 41, 1 Dec 2026' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    const formats = callsTo(fetchMock, 'GET', '/api/charity/3/payouts/41/statement').map(([input]) =>
      new URL(String(input), 'http://x').searchParams.get('format'),
    );
    expect(formats).toEqual(['csv', 'pdf']);
  });

  it('says so when the payouts could not be loaded, and tries again', async () => {
    let fail = true;
    renderPayouts({
      'GET /api/charity/3/payouts': () =>
        fail ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.') : page([]),
    });
    const section = await screen.findByRole('region', { name: 'Payouts so far' });
    expect(await within(section).findByText('The payouts could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText(/No payouts yet\./)).toBeInTheDocument();
  });
});
