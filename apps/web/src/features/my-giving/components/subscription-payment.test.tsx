import type { PaymentMethod, Subscription } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { bodyOfCall, errorResponse, jsonResponse, pathOfCall, stubFetch } from '@/testing/http';
import { textsOf } from '@/testing/render';
import { makeCard, makeSubscription, pageOf } from '../testing/fixtures';
import { renderGiving } from '../testing/render';

const VISA = makeCard();
const MASTERCARD = makeCard({ id: 52, brand: 'Mastercard', last4: '4444', exp_month: 8, is_default: false });
const AMEX = makeCard({
  id: 53,
  brand: 'Amex',
  last4: '0005',
  exp_month: 1,
  exp_year: 2035,
  is_default: false,
});

/** A plan by card whose gift of 1 Feb 2030 was declined, tried again on 3 Feb 2030. */
const MISSED = makeSubscription({
  source: 'card',
  payment_method_id: VISA.id,
  next_date: '2030-03-01',
  missed: { period: '2030-02-01', next_try_at: '2030-02-03T12:00:00.000Z' },
});

/**
 * A stubbed API with the donor's plans and saved cards; choosing a card answers `changed(body)`
 * (the plan as the server has it after trying the missed gift on the card), or a refusal.
 */
function givingApi(
  plans: Subscription[],
  cards: PaymentMethod[],
  changed?: (paymentMethodId: number, plan: Subscription) => Partial<Subscription> | Response,
) {
  let current = plans;
  const fetchMock = stubFetch({
    'GET /api/user/donation_subscriptions': () => pageOf(current),
    'GET /api/user/payment_methods': () => jsonResponse({ items: cards }),
    [`POST /api/user/donation_subscription/${MISSED.id}/card`]: (_url, init) => {
      const { payment_method_id } = JSON.parse(String(init.body)) as { payment_method_id: number };
      const plan = current.find((p) => p.id === MISSED.id) ?? MISSED;
      const answer = changed?.(payment_method_id, plan) ?? {};
      if (answer instanceof Response) return answer;
      const next = { ...plan, payment_method_id, ...answer };
      current = current.map((p) => (p.id === next.id ? next : p));
      return jsonResponse({ subscription: next });
    },
  });
  const cardCalls = () =>
    fetchMock.mock.calls.filter((call) => pathOfCall(call).endsWith('/card')).map((call) => bodyOfCall(call));
  return { cardCalls };
}

async function planCard(name: RegExp = /to Clean the River Wey/) {
  return screen.findByRole('listitem', { name });
}

describe('my giving: how a recurring gift is paid, and a gift that could not be made', () => {
  afterEach(() => {
    session.clearSession();
  });

  it('names the saved card a plan by card charges, or says the card was removed', async () => {
    givingApi(
      [
        makeSubscription({ source: 'card', payment_method_id: VISA.id }),
        makeSubscription({
          id: 32,
          source: 'card',
          payment_method_id: 99,
          project: { id: 12, title: 'Plant the Downs' },
        }),
      ],
      [VISA, MASTERCARD],
    );
    renderGiving('/donations?tab=subscriptions');
    const item = await planCard();
    expect(await within(item).findByText('Paid by Visa ending 4242.')).toBeInTheDocument();
    expect(within(item).queryByRole('alert')).not.toBeInTheDocument();
    const removed = await planCard(/to Plant the Downs/);
    expect(within(removed).getByText('Paid by a card you removed.')).toBeInTheDocument();
  });

  it('warns of a missed gift by card; another saved card pays it, and the warning goes', async () => {
    const { cardCalls } = givingApi([MISSED], [VISA, MASTERCARD, AMEX], () => ({
      missed: null,
      status: 'active',
    }));
    renderGiving('/donations?tab=subscriptions');
    const item = await planCard();
    const warning = await within(item).findByRole('alert', { name: 'A gift could not be made' });
    expect(
      within(warning).getByText('The gift of 1 Feb 2030 was not paid. We try again on 3 Feb 2030.'),
    ).toBeInTheDocument();

    // Only the other cards are offered, with their expiry.
    const select = await within(warning).findByLabelText('Choose another card so it goes ahead:');
    expect(textsOf(within(select).getAllByRole('option'))).toEqual([
      'Mastercard ending 4444, expires 08/34',
      'Amex ending 0005, expires 01/35',
    ]);
    await userEvent.selectOptions(select, 'Amex ending 0005, expires 01/35');
    await userEvent.click(within(warning).getByRole('button', { name: 'Use this card' }));

    expect(await screen.findByText('The card is changed.')).toBeInTheDocument();
    expect(screen.getByText('The missed gift was paid with Amex ending 0005.')).toBeInTheDocument();
    expect(cardCalls()).toEqual([{ payment_method_id: AMEX.id }]);
    await waitFor(() => expect(within(item).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(item).getByText('Paid by Amex ending 0005.')).toBeInTheDocument();
    expect(item).toHaveFocus();
  });

  it('says when a missed gift is tried again if the new card did not pay it, and shows a refusal beside the card', async () => {
    let refused = false;
    const { cardCalls } = givingApi([MISSED], [VISA, MASTERCARD], (id) => {
      if (!refused) {
        refused = true;
        return errorResponse(400, 'VALIDATION_FAILED', 'Choose one of your saved cards.', {
          fields: { payment_method_id: 'Not a saved card.' },
        });
      }
      return {
        payment_method_id: id,
        missed: { period: '2030-02-01', next_try_at: '2030-02-06T12:00:00.000Z' },
      };
    });
    renderGiving('/donations?tab=subscriptions');
    const item = await planCard();
    const select = await within(item).findByLabelText('Choose another card so it goes ahead:');
    await userEvent.click(within(item).getByRole('button', { name: 'Use this card' }));
    expect(await within(item).findByText('Not a saved card.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(within(item).getByRole('button', { name: 'Use this card' }));
    expect(await screen.findByText('We will try the missed gift again on 6 Feb 2030.')).toBeInTheDocument();
    expect(cardCalls()).toEqual([{ payment_method_id: MASTERCARD.id }, { payment_method_id: MASTERCARD.id }]);
    const warning = within(item).getByRole('alert', { name: 'A gift could not be made' });
    expect(
      await within(warning).findByText('The gift of 1 Feb 2030 was not paid. We try again on 6 Feb 2030.'),
    ).toBeInTheDocument();
    expect(within(item).getByText('Paid by Mastercard ending 4444.')).toBeInTheDocument();
    // The card it now charges is no longer offered; the Visa is.
    expect(textsOf(within(warning).getAllByRole('option'))).toEqual(['Visa ending 4242, expires 04/34']);
  });

  it('with no other saved card, sends the donor to the wallet to save one', async () => {
    const { cardCalls } = givingApi([MISSED], [VISA]);
    renderGiving('/donations?tab=subscriptions');
    const item = await planCard();
    const warning = await within(item).findByRole('alert', { name: 'A gift could not be made' });
    expect(
      await within(warning).findByText('Save another card in your wallet, then choose it here.'),
    ).toBeInTheDocument();
    expect(within(warning).getByRole('link', { name: 'Go to your wallet' })).toHaveAttribute(
      'href',
      '/wallet',
    );
    expect(within(warning).queryByRole('button', { name: 'Use this card' })).not.toBeInTheDocument();
    expect(cardCalls()).toEqual([]);
  });

  it('asks for money in the wallet when a gift from the wallet could not be made', async () => {
    givingApi(
      [makeSubscription({ missed: { period: '2030-02-01', next_try_at: '2030-02-03T12:00:00.000Z' } })],
      [VISA],
    );
    renderGiving('/donations?tab=subscriptions');
    const item = await planCard();
    expect(within(item).getByText('Paid from your wallet.')).toBeInTheDocument();
    const warning = within(item).getByRole('alert', { name: 'A gift could not be made' });
    expect(
      within(warning).getByText('The gift of 1 Feb 2030 was not paid. We try again on 3 Feb 2030.'),
    ).toBeInTheDocument();
    expect(within(warning).getByText('Add money to your wallet so it goes ahead.')).toBeInTheDocument();
    expect(within(warning).getByRole('link', { name: 'Go to your wallet' })).toHaveAttribute(
      'href',
      '/wallet',
    );
    expect(within(warning).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('warns of a failing plan by card with no missed gift, and a paused one not at all', async () => {
    givingApi(
      [
        makeSubscription({
          source: 'card',
          payment_method_id: VISA.id,
          status: 'failing',
          failed_periods: 3,
        }),
        makeSubscription({
          id: 32,
          status: 'paused',
          failed_periods: 1,
          project: { id: 12, title: 'Plant the Downs' },
        }),
      ],
      [VISA, MASTERCARD],
    );
    renderGiving('/donations?tab=subscriptions');
    const item = await planCard();
    const warning = within(item).getByRole('alert', { name: 'A gift could not be made' });
    expect(within(warning).getByText('3 gifts in a row could not be made.')).toBeInTheDocument();
    expect(
      await within(warning).findByLabelText('Choose another card so the next gift goes ahead:'),
    ).toBeInTheDocument();
    const paused = await planCard(/to Plant the Downs/);
    expect(within(paused).queryByRole('alert')).not.toBeInTheDocument();
  });
});
