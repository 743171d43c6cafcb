import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { sessionClearedAfterEachTest } from '@/testing/session';
import { CARD_DOUBLE_LABEL, cardElement, resetStripeDouble, stripeJs } from '@/testing/stripe';
import { paste } from '@/testing/user';
import { MASTERCARD, makePlan, PLAN_TOKEN, planApi, renderManage, VISA } from '../testing/manage';

vi.mock('@stripe/stripe-js/pure', async () => (await import('@/testing/stripe')).stripeJsModule);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeModule);

describe('manage from the mail: a new card with Stripe', { timeout: 20_000 }, () => {
  sessionClearedAfterEachTest();
  beforeEach(() => {
    resetStripeDouble();
    stripeJs.createPaymentMethod
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_declined' } })
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_good' } });
  });

  it('sends the PaymentMethod Stripe made, never a card number; a declined card shows beside Stripe’s field', async () => {
    const { bodies } = planApi(makePlan({ source: 'card' }), VISA, {
      provider: 'stripe',
      refuse: (body) =>
        body.provider_method_id === 'pm_declined'
          ? errorResponse(402, 'CARD_DECLINED', 'The card was declined.')
          : null,
    });
    renderManage(PLAN_TOKEN);
    await screen.findByRole('region', { name: '₹25 monthly' });
    await userEvent.click(screen.getByRole('button', { name: 'Change card' }));
    const form = await screen.findByRole('form', { name: 'Change the card' });
    expect(within(form).queryByLabelText('Card number')).not.toBeInTheDocument();

    // An incomplete card is stopped here, beside the field.
    await userEvent.click(within(form).getByRole('button', { name: 'Save the card' }));
    expect(
      await within(form).findByText('Enter the card number, expiry date and security code.'),
    ).toBeInTheDocument();
    expect(cardElement.focus).toHaveBeenCalled();
    expect(bodies).toEqual([]);

    await paste(await within(form).findByLabelText(CARD_DOUBLE_LABEL), 'complete');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the card' }));
    const field = within(form).getByRole('group', { name: 'Card' });
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining('The card was declined.')),
    );

    await userEvent.click(within(form).getByRole('button', { name: 'Save the card' }));
    expect(await screen.findByText('The card is changed.')).toBeInTheDocument();
    expect(toastTexts()).toContainEqual({
      title: 'The card is changed.',
      message: `The next gift is charged to ${MASTERCARD.label}.`,
    });
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: cardElement });
    expect(bodies).toEqual([
      { action: 'card', provider_method_id: 'pm_declined' },
      { action: 'card', provider_method_id: 'pm_good' },
    ]);
  });
});
