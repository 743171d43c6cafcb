import type { PaymentMethod } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WalletOwner } from '@/entities/wallet';
import { paymentMethodFixture } from '@/testing/fixtures';
import { bodyOfCall, errorResponse, jsonResponse, pathOfCall, type Route, stubFetch } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { renderWithProviders, textsOf } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { paste } from '@/testing/user';
import { SavedCardsSection } from './saved-cards-section';

const YEAR = String(new Date().getFullYear() + 2);
const ACME: WalletOwner = { type: 'business', id: 9, name: 'Acme Ltd' };
const DECLINED = 'Your card was declined. Try another card.';

const savedCard = (id: number, brand: string, last4: string, is_default: boolean) =>
  paymentMethodFixture({ id, brand, last4, is_default });

const MASTERCARD = savedCard(1, 'Mastercard', '4444', true);
const VISA = savedCard(2, 'Visa', '4242', false);

/** The list call answering the cards given now (a test changes them as the server would). */
const listOf =
  (cards: () => PaymentMethod[]): Route =>
  () =>
    jsonResponse({ items: cards() });

function renderSection(owner: WalletOwner = { type: 'user' }) {
  renderWithProviders(<SavedCardsSection owner={owner} currency="INR" />);
  return screen.getByRole('region', { name: 'Saved cards' });
}

const addCardForm = (section: HTMLElement) => within(section).getByRole('form', { name: 'Add a card' });

async function fillCard(form: HTMLElement, number = '4242424242424242') {
  await paste(within(form).getByLabelText('Card number'), number);
  await paste(within(form).getByLabelText('Expiry month'), '12');
  await paste(within(form).getByLabelText('Expiry year'), YEAR);
  await paste(within(form).getByLabelText('Security code'), '123');
}

const saveCard = (form: HTMLElement) =>
  userEvent.click(within(form).getByRole('button', { name: 'Save card' }));

describe('saved cards section', { timeout: 20_000 }, () => {
  signedInForEachTest();

  it('lists the cards, the default first with its badge, each with its expiry', async () => {
    stubFetch({ 'GET /api/user/payment_methods': listOf(() => [MASTERCARD, VISA]) });
    const section = renderSection();
    const list = await within(section).findByRole('list', { name: 'Your saved cards' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('Two cards were expected.');
    expect(within(first).getByText('Mastercard ending 4444')).toBeInTheDocument();
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(within(first).getByText('Expires 04/31')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /^Make default/ })).not.toBeInTheDocument();
    expect(within(second).getByText('Visa ending 4242')).toBeInTheDocument();
    expect(within(second).queryByText('Default')).not.toBeInTheDocument();
    expect(textsOf(within(list).getAllByRole('button'))).toEqual(['Remove', 'Make default', 'Remove']);
    expect(within(second).getByRole('button', { name: 'Make default: Visa ending 4242' })).toBeEnabled();
    expect(within(second).getByRole('button', { name: 'Remove Visa ending 4242' })).toBeEnabled();
  });

  it('says when there are no saved cards yet, and when they could not be loaded', async () => {
    let fails = true;
    stubFetch({
      'GET /api/user/payment_methods': () =>
        fails
          ? errorResponse(500, 'INTERNAL', 'Something went wrong on our side.')
          : jsonResponse({ items: [] }),
    });
    const section = renderSection();
    expect(await within(section).findByText('The saved cards could not be loaded.')).toBeInTheDocument();
    fails = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(
      await within(section).findByText('No saved cards yet. Save one to give by card in one step.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });

  it('saves a typed card as the default: the body sent, the card listed and a toast', async () => {
    let cards = [MASTERCARD];
    const fetchMock = stubFetch({
      'GET /api/user/payment_methods': listOf(() => cards),
      'POST /api/user/payment_methods': () => {
        const saved = { ...VISA, is_default: true };
        cards = [saved, { ...MASTERCARD, is_default: false }];
        return jsonResponse({ payment_method: saved }, 201);
      },
    });
    const section = renderSection();
    await within(section).findByText('Mastercard ending 4444');
    const form = addCardForm(section);
    await fillCard(form, '4242 4242 4242 4242');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Make this my default card' }));
    await saveCard(form);

    const list = within(section).getByRole('list', { name: 'Your saved cards' });
    await waitFor(() =>
      expect(
        within(within(list).getAllByRole('listitem')[0] as HTMLElement).getByText('Default'),
      ).toBeInTheDocument(),
    );
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Visa ending 4242');
    const post = fetchMock.mock.calls.find((call) => call[1]?.method === 'POST');
    expect(bodyOfCall(post)).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: Number(YEAR), cvc: '123' },
      make_default: true,
    });
    expect(toastTexts()).toContainEqual({
      title: 'Card saved',
      message: 'Visa ending 4242 is saved as the default card.',
    });
    // The form starts again empty.
    expect(within(form).getByLabelText('Card number')).toHaveValue('');
    expect(within(form).getByRole('checkbox', { name: 'Make this my default card' })).not.toBeChecked();
  });

  it('shows why a declined card was refused beside its number, focused, and above the button', async () => {
    stubFetch({
      'GET /api/user/payment_methods': listOf(() => []),
      'POST /api/user/payment_methods': () => errorResponse(402, 'CARD_DECLINED', DECLINED),
    });
    const section = renderSection();
    const form = addCardForm(section);
    await fillCard(form, '4000000000000002');
    await saveCard(form);

    const number = within(form).getByLabelText('Card number');
    await waitFor(() => expect(number).toHaveAccessibleDescription(expect.stringContaining(DECLINED)));
    await waitFor(() => expect(number).toHaveFocus());
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toContain('Card declined');
    expect(alert.textContent).toContain(DECLINED);
    expect(toastTexts()).toEqual([]);
    expect(number).toHaveValue('4000000000000002');
    expect(
      within(section).getByText('No saved cards yet. Save one to give by card in one step.'),
    ).toBeInTheDocument();
  });

  it('checks the card typed before sending it', async () => {
    const fetchMock = stubFetch({ 'GET /api/user/payment_methods': listOf(() => []) });
    const section = renderSection();
    const form = addCardForm(section);
    await fillCard(form, '4242424242424241');
    await saveCard(form);
    const number = within(form).getByLabelText('Card number');
    await waitFor(() =>
      expect(number).toHaveAccessibleDescription(
        expect.stringContaining('This card number is not valid. Check the digits.'),
      ),
    );
    await waitFor(() => expect(number).toHaveFocus());
    expect(fetchMock.mock.calls.some((call) => call[1]?.method === 'POST')).toBe(false);
  });

  it('makes another card the default', async () => {
    let cards = [MASTERCARD, VISA];
    const fetchMock = stubFetch({
      'GET /api/user/payment_methods': listOf(() => cards),
      'POST /api/user/payment_methods/2/default': () => {
        cards = [
          { ...VISA, is_default: true },
          { ...MASTERCARD, is_default: false },
        ];
        return jsonResponse({ payment_method: cards[0] });
      },
    });
    const section = renderSection();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Make default: Visa ending 4242' }),
    );

    expect(
      await within(section).findByRole('button', { name: 'Make default: Mastercard ending 4444' }),
    ).toBeInTheDocument();
    const [first] = within(section).getAllByRole('listitem');
    expect(first?.textContent).toContain('Visa ending 4242');
    expect(first?.textContent).toContain('Default');
    expect(toastTexts()).toContainEqual({
      title: 'Default card changed',
      message: 'Visa ending 4242 is now the default card.',
    });
    expect(fetchMock.mock.calls.map(pathOfCall)).toContain('/api/user/payment_methods/2/default');
  });

  it('removes a card only once the removal is confirmed', async () => {
    const fetchMock = stubFetch({
      'GET /api/user/payment_methods': listOf(() => [MASTERCARD, VISA]),
      'DELETE /api/user/payment_methods/1': () => jsonResponse({ items: [{ ...VISA, is_default: true }] }),
    });
    const section = renderSection();
    const remove = await within(section).findByRole('button', { name: 'Remove Mastercard ending 4444' });

    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mastercard ending 4444?' });
    expect(dialog.textContent).toContain('Another saved card becomes the default.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some((call) => call[1]?.method === 'DELETE')).toBe(false);
    expect(within(section).getByText('Mastercard ending 4444')).toBeInTheDocument();

    await userEvent.click(remove);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() =>
      expect(within(section).queryByText('Mastercard ending 4444')).not.toBeInTheDocument(),
    );
    const [only] = within(section).getAllByRole('listitem');
    expect(only?.textContent).toContain('Visa ending 4242');
    expect(only?.textContent).toContain('Default');
    expect(toastTexts()).toContainEqual({
      title: 'Card removed',
      message: 'Mastercard ending 4444 is no longer saved.',
    });
  });

  it("manages an organisation's cards through its own calls, in its words", async () => {
    let cards: PaymentMethod[] = [];
    const fetchMock = stubFetch({
      'GET /api/business/9/payment_methods': listOf(() => cards),
      'POST /api/business/9/payment_methods': () => {
        cards = [{ ...VISA, is_default: true }];
        return jsonResponse({ payment_method: cards[0] }, 201);
      },
      'DELETE /api/business/9/payment_methods/2': () => {
        cards = [];
        return jsonResponse({ items: [] });
      },
    });
    const section = renderSection(ACME);
    expect(
      await within(section).findByText(
        'Acme Ltd has no saved cards yet. Save one to give by card in one step.',
      ),
    ).toBeInTheDocument();
    const form = addCardForm(section);
    await fillCard(form);
    expect(
      within(form).getByRole('checkbox', { name: 'Make this the default card of Acme Ltd' }),
    ).toBeInTheDocument();
    await saveCard(form);
    const list = await within(section).findByRole('list', { name: 'Saved cards of Acme Ltd' });
    expect(within(list).getByText('Visa ending 4242')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Remove Visa ending 4242' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, remove it' }));
    expect(
      await within(section).findByText(
        'Acme Ltd has no saved cards yet. Save one to give by card in one step.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((call) => `${call[1]?.method ?? 'GET'} ${pathOfCall(call)}`)).toEqual([
      'GET /api/business/9/payment_methods',
      'POST /api/business/9/payment_methods',
      'GET /api/business/9/payment_methods',
      'DELETE /api/business/9/payment_methods/2',
    ]);
  });
});
