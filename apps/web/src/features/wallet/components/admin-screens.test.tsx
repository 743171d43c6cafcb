import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectForPlatformAdminsOnly } from '@/testing/admin';
import { errorResponse, headersOf, jsonResponse, searchRoute, stubFetch } from '@/testing/http';
import { renderRoutes, textsOf } from '@/testing/render';
import { sessionClearedAfterEachTest, signInAsPlatformUser } from '@/testing/session';
import { paste } from '@/testing/user';
import { AdminDirectDebitsScreen } from './admin-direct-debits-screen';
import { AdminMoneyScreen } from './admin-money-screen';

const routes = [
  { path: '/admin/money', element: <AdminMoneyScreen /> },
  { path: '/admin/direct-debits', element: <AdminDirectDebitsScreen /> },
];

function makeAdminUser(id: number, first_name: string, last_name: string, email: string) {
  return { id, first_name, last_name, email, deleted: false };
}

/** The first call made with the given method. */
function callOf(fetchMock: { mock: { calls: unknown[][] } }, method: string) {
  const call = fetchMock.mock.calls.find((c) => (c[1] as RequestInit | undefined)?.method === method);
  return call?.[1] as RequestInit | undefined;
}

describe('admin money screens', { timeout: 20_000 }, () => {
  sessionClearedAfterEachTest();

  it('tells people who are not platform admins that the screens are not for them', () => {
    expectForPlatformAdminsOnly(routes, '/admin/money');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows an Employee the direct debits but not the deposit form', async () => {
    signInAsPlatformUser(true, 99);
    const fetchMock = stubFetch({
      'GET /api/admin/direct_debits_list': () =>
        jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    });
    const { router } = renderRoutes(routes, '/admin/money');
    expect(screen.queryByRole('form', { name: 'Deposit money or credits' })).not.toBeInTheDocument();
    expect(screen.getByText(/only Super Admins and Admins can deposit/)).toBeInTheDocument();
    await router.navigate('/admin/direct-debits');
    expect(await screen.findByText('No direct debits yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    expect(await screen.findByText('No failed direct debits.')).toBeInTheDocument();
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
    expect(last.searchParams.get('status')).toBe('failed');
  });

  it('finds the person by name, deposits credits after confirming, and shows the new balance', async () => {
    signInAsPlatformUser(true, 1);
    const fetchMock = stubFetch({
      'GET /api/admin/user_list': (url) =>
        jsonResponse({
          items:
            url.searchParams.get('q') === 'asha'
              ? [
                  makeAdminUser(7, 'Asha', 'Rao', 'asha@example.org'),
                  makeAdminUser(8, 'Asha', 'Iyer', 'ai@example.org'),
                ]
              : [],
          next_cursor: null,
          prev_cursor: null,
        }),
      'POST /api/admin/user/7/deposit': () =>
        jsonResponse(
          { transaction_id: 9, wallet: { wallet_amount: 100, credits: 7_500, held: 0, currency: 'INR' } },
          201,
        ),
    });
    renderRoutes(routes, '/admin/money');
    const form = screen.getByRole('form', { name: 'Deposit money or credits' });
    expect(within(form).queryByText(/user id/)).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Deposit money' }));
    expect(
      await within(form).findByText('Choose the person from the list: type their name or email.'),
    ).toBeInTheDocument();
    await paste(within(form).getByRole('textbox', { name: 'Person' }), 'asha');
    await screen.findByRole('option', { name: 'Asha Rao (asha@example.org)' });
    const found = screen.getByRole('listbox', { name: 'People found' });
    expect(textsOf(within(found).getAllByRole('option'))).toEqual([
      'Asha Rao (asha@example.org)',
      'Asha Iyer (ai@example.org)',
    ]);
    await userEvent.click(within(found).getByRole('option', { name: 'Asha Rao (asha@example.org)' }));
    expect(within(form).getByRole('textbox', { name: 'Person' })).toHaveProperty(
      'value',
      'Asha Rao (asha@example.org)',
    );
    await userEvent.click(within(form).getByRole('radio', { name: 'Credits (donations only)' }));
    await paste(within(form).getByLabelText('Amount'), '75');
    await paste(within(form).getByLabelText('Reason'), 'Thank you');
    await userEvent.click(within(form).getByRole('button', { name: 'Deposit credits' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deposit credits?' });
    expect(dialog.textContent).toContain('₹75 of credits to Asha Rao (asha@example.org)');
    expect(callOf(fetchMock, 'POST')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, deposit' }));

    const result = await screen.findByRole('region', { name: 'New balance of Asha Rao (asha@example.org)' });
    expect(result.textContent).toContain('Credits₹75');
    expect(JSON.parse(String(callOf(fetchMock, 'POST')?.body))).toEqual({
      amount: 7_500,
      kind: 'credits',
      reason: 'Thank you',
    });
    expect(headersOf(callOf(fetchMock, 'POST'))['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The toast comes after the balance is shown.
    expect(await screen.findByText('Deposit recorded')).toBeInTheDocument();
  });

  it('a corrected deposit after a refusal gets a new Idempotency-Key; a retry after no answer keeps it', async () => {
    signInAsPlatformUser(true, 2);
    const sent: { amount: number; key: string | undefined }[] = [];
    stubFetch({
      'GET /api/admin/user_list': () =>
        jsonResponse({
          items: [makeAdminUser(12, 'Asha', 'Rao', 'asha@example.org')],
          next_cursor: null,
          prev_cursor: null,
        }),
      'POST /api/admin/user/12/deposit': (_url: URL, init: RequestInit) => {
        const { amount } = JSON.parse(String(init.body)) as { amount: number };
        sent.push({ amount, key: headersOf(init)['Idempotency-Key'] });
        if (sent.length === 1)
          return errorResponse(409, 'LIMIT_EXCEEDED', 'A deposit of that size needs a second admin.');
        if (sent.length === 2) return Promise.reject(new TypeError('Failed to fetch'));
        return jsonResponse(
          { transaction_id: 3, wallet: { wallet_amount: 1_000, credits: 0, held: 0, currency: 'INR' } },
          201,
        );
      },
    });
    renderRoutes(routes, '/admin/money');
    const form = screen.getByRole('form', { name: 'Deposit money or credits' });
    const deposit = async () => {
      await userEvent.click(within(form).getByRole('button', { name: 'Deposit money' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Yes, deposit' }));
    };
    await paste(within(form).getByRole('textbox', { name: 'Person' }), 'asha');
    await userEvent.click(await screen.findByRole('option', { name: 'Asha Rao (asha@example.org)' }));
    await paste(within(form).getByLabelText('Amount'), '100');
    await paste(within(form).getByLabelText('Reason'), 'Bank transfer');
    await deposit();
    expect(await within(form).findByText('A deposit of that size needs a second admin.')).toBeInTheDocument();
    await paste(within(form).getByLabelText('Amount'), '10');
    await deposit();
    await waitFor(() => expect(sent).toHaveLength(2));
    await deposit();
    expect(await screen.findByText('Deposit recorded')).toBeInTheDocument();
    expect(sent.map((call) => call.amount)).toEqual([10_000, 1_000, 1_000]);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    expect(sent[2]?.key).toBe(sent[1]?.key);
  });

  it('gives an organisation found by name credits through its cc call, and puts a refusal on the field', async () => {
    signInAsPlatformUser(true, 2);
    const fetchMock = stubFetch({
      'GET /api/admin/business_list': searchRoute('Gone', [{ id: 404, name: 'Gone Ltd' }]),
      'POST /api/admin/business/404/cc': () =>
        errorResponse(404, 'NOT_FOUND', 'The organisation was not found.'),
    });
    renderRoutes(routes, '/admin/money');
    const form = screen.getByRole('form', { name: 'Deposit money or credits' });
    await userEvent.click(within(form).getByRole('radio', { name: 'An organisation' }));
    await paste(within(form).getByRole('textbox', { name: 'Organisation' }), 'Nobody');
    expect(await within(form).findByText('No organisation found by that name.')).toBeInTheDocument();
    await paste(within(form).getByRole('textbox', { name: 'Organisation' }), 'Gone');
    await userEvent.click(await screen.findByRole('option', { name: 'Gone Ltd' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Credits (donations only)' }));
    await paste(within(form).getByLabelText('Amount'), '10');
    await paste(within(form).getByLabelText('Reason'), 'Matching');
    await userEvent.click(within(form).getByRole('button', { name: 'Deposit credits' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, deposit' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Organisation' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(within(form).getByText('The organisation was not found.')).toBeInTheDocument();
    expect(JSON.parse(String(callOf(fetchMock, 'POST')?.body))).toEqual({
      amount: 1_000,
      reason: 'Matching',
    });
  });
});
