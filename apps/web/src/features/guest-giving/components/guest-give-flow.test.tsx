import { giftAidDeclarationText } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectGuestThanks } from '@/testing/guest-gift';
import { bodyOfCall, errorResponse, headersOf, jsonResponse, type Route, stubFetch } from '@/testing/http';
import { sessionClearedAfterEachTest } from '@/testing/session';
import {
  bankStepAnswer,
  callsTo,
  click,
  configRoute,
  DONATE,
  dialog,
  field,
  fillGiver,
  fillSandboxCard,
  guestAnswer,
  posts,
  renderGuestFlow,
  typeInto,
} from '../testing/guest';

const DONATE_PATH = '/api/guest/donate/project/1';
const CONFIRM = 'POST /api/guest/payment/55/confirm';

/** The public API of a sandbox deployment, with the guest's donate call given. */
function stubApi(donate: Route = () => jsonResponse(guestAnswer(), 201), extra: Record<string, Route> = {}) {
  return stubFetch({ 'GET /api/config': configRoute('sandbox'), [DONATE]: donate, ...extra });
}

/** Opens the flow and types a complete gift with the card given, then goes to the review. */
async function reviewGift(card?: string) {
  renderGuestFlow();
  await fillGiver();
  await fillSandboxCard(card);
  await click('Review');
  return within(dialog()).findByTestId('guest-review');
}

describe('giving as a guest', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  it('gives by card with Gift Aid declared inline, then says thank you with the receipt and where it goes', async () => {
    const fetchMock = stubApi(() =>
      jsonResponse(guestAnswer({ gift_aid: true, gift_aid_amount: 6_250 }), 201),
    );
    renderGuestFlow();
    expect(
      await screen.findByRole('dialog', { name: /Give as a guest: Clean-up of the river banks/ }),
    ).toBeInTheDocument();
    await fillGiver();
    expect(within(dialog()).getByRole('button', { name: '₹250' })).toHaveAttribute('aria-pressed', 'true');
    await fillSandboxCard();
    await userEvent.click(field(/Add Gift Aid: ₹62\.50 more for the charity \(25%\), at no cost to you/));
    // The declaration names the charity that receives the gift, in HMRC's words.
    const declaration = within(dialog()).getByRole('group', {
      name: 'Gift Aid declaration for River Trust',
    });
    expect(declaration.textContent).toContain(giftAidDeclarationText('River Trust'));
    await typeInto('Title', 'Ms');
    await typeInto('House name or number', '12');
    await typeInto('Post code', 'bs1 4dj');
    await typeInto('Message to River Trust', 'For the river');
    await click('Review');

    const review = await within(dialog()).findByTestId('guest-review');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Check your gift'));
    expect(review.textContent).toContain('Clean-up of the river banks, a project of River Trust');
    expect(review.textContent).toContain('Card ending 4242');
    expect(review.textContent).toContain('Yes: ₹62.50 added, ₹312.50 for the charity');
    expect(review.textContent).toContain('Ms Gina Guest, 12, BS1 4DJ');
    expect(review.textContent).toContain('gina@example.org');
    expect(callsTo(fetchMock, DONATE_PATH)).toHaveLength(0);

    await click('Confirm: give ₹250');
    const thanks = await within(dialog()).findByTestId('guest-thank-you');
    await expectGuestThanks(thanks);
    expect(thanks.textContent).toContain(
      'Make an account with gina@example.org and this gift shows in your giving.',
    );
    expect(within(thanks).getByRole('link', { name: 'Make an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(thanks).getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login');

    const [call] = callsTo(fetchMock, DONATE_PATH);
    expect(bodyOfCall(call)).toEqual({
      email: 'gina@example.org',
      first_name: 'Gina',
      last_name: 'Guest',
      amount: 25_000,
      card: {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: Number(new Date().getFullYear() + 2),
        cvc: '123',
      },
      gift_aid: true,
      declaration: { title: 'Ms', house: '12', post_code: 'BS1 4DJ' },
      message: 'For the river',
    });
    const headers = headersOf(call?.[1] as RequestInit);
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.Authorization).toBeUndefined();
  });

  it('gives straight to a charity, anonymously, without Gift Aid', async () => {
    const fetchMock = stubFetch({
      'GET /api/config': configRoute('sandbox'),
      'POST /api/guest/donate/charity/3': () =>
        jsonResponse(guestAnswer({ project: null, amount: 5_000 }), 201),
    });
    renderGuestFlow({ kind: 'charity', charity: { id: 3, name: 'River Trust' } });
    await within(await screen.findByRole('dialog')).findByLabelText('Email');
    await typeInto('Amount', '50');
    await typeInto('Email', ' gina@example.org ');
    await typeInto('First name', 'Gina');
    await typeInto('Last name', 'Guest');
    await fillSandboxCard();
    await userEvent.click(field('Give anonymously'));
    await click('Review');
    expect((await within(dialog()).findByTestId('guest-review')).textContent).toContain('Anonymous');
    await click('Confirm: give ₹50');
    expect((await within(dialog()).findByTestId('guest-thank-you')).textContent).toContain('ToRiver Trust');
    expect(bodyOfCall(callsTo(fetchMock, '/api/guest/donate/charity/3')[0])).toMatchObject({
      email: 'gina@example.org',
      amount: 5_000,
      anonymous: true,
    });
  });

  it('says a gift held for the platform’s review waits, and that its receipt comes once approved', async () => {
    stubApi(() =>
      jsonResponse(
        guestAnswer({ status: 40, status_label: 'Awaiting platform admin approval', receipt_number: null }),
        201,
      ),
    );
    await reviewGift();
    await click('Confirm: give ₹250');
    const thanks = await within(dialog()).findByTestId('guest-thank-you');
    expect(thanks.textContent).toContain(
      'Kindred’s team reviews this gift before it reaches River Trust. Your card was charged and the amount is held until then; its receipt is mailed to gina@example.org once it is approved.',
    );
    expect(thanks.textContent).not.toContain('Your receipt');
  });

  it('refuses a bad email and a missing post code beside their fields before sending anything', async () => {
    const fetchMock = stubApi();
    renderGuestFlow();
    await fillGiver({ email: 'gina@' });
    await fillSandboxCard();
    await userEvent.click(field(/Add Gift Aid/));
    await typeInto('House name or number', '12');
    await click('Review');

    const email = field('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog()).getByText('Enter a valid email address.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(field('Post code')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog()).getByText('Enter a valid UK post code.')).toBeInTheDocument();
    expect(within(dialog()).queryByTestId('guest-review')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, DONATE_PATH)).toHaveLength(0);

    // Corrected, the gift goes on to the review.
    await typeInto('Email', 'gina@example.org');
    await typeInto('Post code', 'BS1 4DJ');
    await click('Review');
    expect(await within(dialog()).findByTestId('guest-review')).toBeInTheDocument();
  });

  it('asks for the name and a valid card before the review', async () => {
    stubApi();
    renderGuestFlow();
    await within(await screen.findByRole('dialog')).findByLabelText('Email');
    await click('₹100');
    await typeInto('Email', 'gina@example.org');
    await typeInto('Card number', '4242 4242 4242 4241');
    await click('Review');
    await waitFor(() => expect(document.activeElement).toBe(field('First name')));
    expect(within(dialog()).getByText('Enter your first name.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Enter your last name.')).toBeInTheDocument();
    expect(
      within(dialog()).getByText('This card number is not valid. Check the digits.'),
    ).toBeInTheDocument();
  });

  it('shows a declined card beside the card number, back on the details', async () => {
    const fetchMock = stubApi(() =>
      errorResponse(402, 'CARD_DECLINED', 'Your card was declined.', {
        fields: { card: 'Your card was declined.' },
      }),
    );
    await reviewGift('4000 0000 0000 0002');
    await click('Confirm: give ₹250');
    const number = field('Card number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog()).getByText('Your card was declined.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(within(dialog()).queryByTestId('guest-review')).not.toBeInTheDocument();

    // Another card is another attempt, with its own key.
    await typeInto('Card number', '4242 4242 4242 4242');
    await click('Review');
    await click('Confirm: give ₹250');
    const calls = callsTo(fetchMock, DONATE_PATH);
    await waitFor(() => expect(calls).toHaveLength(2));
    const keys = calls.map((call) => headersOf(call[1] as RequestInit)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows the bank’s check for a 3-D Secure card, then confirms the payment and says thank you', async () => {
    const fetchMock = stubApi(() => jsonResponse(bankStepAnswer(), 202), {
      'POST /api/sandbox/authenticate': () => jsonResponse({ id: 'sandbox_pi_55', status: 'succeeded' }),
      [CONFIRM]: () => jsonResponse(guestAnswer(), 201),
    });
    await reviewGift('4000 0025 0000 3155');
    await click('Confirm: give ₹250');
    const check = await within(dialog()).findByRole('region', {
      name: 'Your bank asks you to confirm this payment',
    });
    expect(check.textContent).toContain('₹250 to Kindred, for River Trust.');
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Your bank asks you to confirm this payment'),
    );
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm payment' }));

    const thanks = await within(dialog()).findByTestId('guest-thank-you');
    expect(thanks.textContent).toContain('Your receipt KR-2026-000091 is on its way to gina@example.org.');
    expect(posts(fetchMock)).toEqual([
      DONATE_PATH,
      '/api/sandbox/authenticate',
      '/api/guest/payment/55/confirm',
    ]);
    expect(bodyOfCall(callsTo(fetchMock, '/api/sandbox/authenticate')[0])).toEqual({
      client_secret: 'sandbox_pi_55_secret_x',
      outcome: 'complete',
    });
    const [confirm] = callsTo(fetchMock, '/api/guest/payment/55/confirm');
    expect(bodyOfCall(confirm)).toEqual({ client_secret: 'sandbox_pi_55_secret_x' });
    const donateKey = headersOf(callsTo(fetchMock, DONATE_PATH)[0]?.[1] as RequestInit)['Idempotency-Key'];
    expect(headersOf(confirm?.[1] as RequestInit)['Idempotency-Key']).toBe(donateKey);
  });

  it('takes a refused bank check back to the card, with the bank’s answer beside it', async () => {
    stubApi(() => jsonResponse(bankStepAnswer(), 202), {
      'POST /api/sandbox/authenticate': () => jsonResponse({ id: 'sandbox_pi_55', status: 'failed' }),
      [CONFIRM]: () =>
        errorResponse(402, 'CARD_DECLINED', 'Your bank did not confirm the payment.', {
          fields: { card: 'Your bank did not confirm the payment.' },
        }),
    });
    await reviewGift('4000 0025 0000 3155');
    await click('Confirm: give ₹250');
    const check = await within(dialog()).findByTestId('bank-check');
    await userEvent.click(within(check).getByRole('button', { name: 'Refuse payment' }));
    const number = field('Card number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog()).getByText('Your bank did not confirm the payment.')).toBeInTheDocument();
  });

  it('shows a refusal of the gift itself as the flow’s alert, on the review', async () => {
    stubApi(() =>
      errorResponse(409, 'PROJECT_NOT_LIVE', 'This project is not taking donations: it is not live.'),
    );
    await reviewGift();
    await click('Confirm: give ₹250');
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Your gift was not made');
    expect(alert.textContent).toContain('This project is not taking donations: it is not live.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('retries an unanswered confirm with the same key', async () => {
    let tries = 0;
    const fetchMock = stubApi(() => {
      tries += 1;
      return tries === 1
        ? errorResponse(503, 'UNAVAILABLE', 'The service is busy.')
        : jsonResponse(guestAnswer(), 201);
    });
    await reviewGift();
    await click('Confirm: give ₹250');
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      'the same gift is retried, so your card is not charged twice',
    );
    await click('Confirm: give ₹250');
    await within(dialog()).findByTestId('guest-thank-you');
    const keys = callsTo(fetchMock, DONATE_PATH).map(
      (call) => headersOf(call[1] as RequestInit)['Idempotency-Key'],
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
