import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { headersOf, jsonResponse, searchRoute, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { paste } from '@/testing/user';
import { createDirectDebit, mandateFixture } from '../testing/payments';
import { DirectDebitForm } from './direct-debit-form';

const YEAR = String(new Date().getFullYear() + 2);

const mandate = (body: Record<string, unknown>) => mandateFixture(body, 'Visa •••• 4242');

async function fillCard(form: HTMLElement) {
  await paste(within(form).getByLabelText('Card number'), '4242424242424242');
  await paste(within(form).getByLabelText('Expiry month'), '12');
  await paste(within(form).getByLabelText('Expiry year'), YEAR);
  await paste(within(form).getByLabelText('Security code'), '123');
}

describe('direct debit form', { timeout: 20_000 }, () => {
  signedInForEachTest();

  it("sets up the person's wallet top-up: amount, frequency, today's start and the card", async () => {
    const fetchMock = stubFetch({
      'POST /api/user/create_direct_debit': createDirectDebit('Visa •••• 4242'),
    });
    renderWithProviders(<DirectDebitForm owner={{ type: 'user' }} currency="INR" />);
    const form = screen.getByRole('form', { name: 'Set up a direct debit' });
    expect(within(form).getByLabelText('How often')).toHaveValue('3');
    expect(within(form).queryByLabelText('What it pays for')).not.toBeInTheDocument();
    await paste(within(form).getByLabelText('Amount'), '57');
    await userEvent.selectOptions(within(form).getByLabelText('How often'), 'Weekly');
    await fillCard(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Set up direct debit' }));

    expect(await screen.findByText('Direct debit set up')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      amount: 5_700,
      frequency: 2,
      start_date: todayIso(),
      card: { number: '4242424242424242', exp_month: 12, exp_year: Number(YEAR), cvc: '123' },
    });
    expect(headersOf(fetchMock.mock.calls[0]?.[1])['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(form).getByLabelText('Amount')).toHaveValue(''));
  });

  it('subscribes an organisation to a charity found by name, and requires one', async () => {
    const fetchMock = stubFetch({
      'GET /api/charity/list': searchRoute('Riv', [{ id: 3, name: 'River Trust' }]),
      'POST /api/business/direct_debit/9': (_url, init) =>
        jsonResponse(mandate({ ...JSON.parse(String(init.body)), owner_type: 'business', owner_id: 9 }), 201),
    });
    renderWithProviders(
      <DirectDebitForm owner={{ type: 'business', id: 9, name: 'Acme Ltd' }} currency="INR" />,
    );
    const form = screen.getByRole('form', { name: 'Set up a direct debit' });
    await userEvent.selectOptions(within(form).getByLabelText('What it pays for'), '3');
    await paste(within(form).getByLabelText('Amount'), '100');
    await fillCard(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Set up direct debit' }));
    expect(await within(form).findByText('Choose the charity.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((call) => String(call[0]).includes('/business/direct_debit'))).toBe(
      false,
    );

    await userEvent.type(within(form).getByRole('combobox', { name: 'Charity' }), 'Riv');
    await userEvent.click(await screen.findByRole('option', { name: 'River Trust' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Set up direct debit' }));
    expect(await screen.findByText('Direct debit set up')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find((call) => String(call[0]).includes('/business/direct_debit/9'));
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      type: 3,
      charity_id: 3,
      amount: 10_000,
      frequency: 3,
    });
  });
});
