import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '@/testing/downloads';
import { errorResponse, headersOf, jsonResponse, pathOfCall } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { sessionClearedAfterEachTest, signInWith } from '@/testing/session';
import { paste } from '@/testing/user';
import {
  GIFT_TOKEN,
  giftView,
  MASTERCARD,
  makePlan,
  PLAN_TOKEN,
  planApi,
  renderManage,
  stubManageApi,
  VISA,
} from '../testing/manage';

/** The plan's section, once loaded (named by its heading, the amount and frequency). */
const planSection = (name: string | RegExp) => screen.findByRole('region', { name });
const actionsSection = () => screen.getByRole('region', { name: 'Change this recurring gift' });

describe('manage from the mail', { timeout: 20_000 }, () => {
  sessionClearedAfterEachTest();

  it('shows a gift with its receipt, downloaded with the link alone, and the way to all of one’s giving', async () => {
    const saved = captureDownloads();
    const fetchMock = stubManageApi({
      [`GET /api/manage/${GIFT_TOKEN}`]: () => jsonResponse(giftView()),
      [`GET /api/manage/${GIFT_TOKEN}/receipt`]: () =>
        new Response('%PDF-1.7 receipt', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="kindred-receipt-KR-000005.pdf"',
          },
        }),
    });
    renderManage(GIFT_TOKEN);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your gift' })).toBeInTheDocument();
    const gift = await screen.findByRole('region', { name: '₹25' });
    expect(within(gift).getByText('Approved')).toBeInTheDocument();
    expect(within(gift).getByRole('link', { name: 'Clean-up of the river banks' })).toHaveAttribute(
      'href',
      '/projects/1',
    );
    expect(within(gift).getByRole('link', { name: 'River Trust' })).toHaveAttribute('href', '/charities/3');
    expect(within(gift).getByText('10 Jan 2030')).toBeInTheDocument();
    expect(within(gift).getByText('Card')).toBeInTheDocument();
    expect(within(gift).getByText('Yes: it adds ₹6.25')).toBeInTheDocument();
    expect(within(gift).getByText(/To see all your giving,/)).toHaveTextContent(
      'To see all your giving, sign in.',
    );
    expect(within(gift).getByRole('link', { name: 'sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fdonations',
    );
    expect(screen.getByText('This link works until 9 Feb 2030.')).toBeInTheDocument();
    // A single gift cannot be changed from its link.
    expect(screen.queryByRole('region', { name: 'Change this recurring gift' })).not.toBeInTheDocument();

    await userEvent.click(within(gift).getByRole('button', { name: 'Download receipt KR-000005 (PDF)' }));
    expect(await screen.findByText('Receipt downloaded')).toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['kindred-receipt-KR-000005.pdf']);
    const receiptCall = fetchMock.mock.calls.find((call) => pathOfCall(call).endsWith('/receipt'));
    expect(headersOf(receiptCall?.[1]).Accept).toBe('application/pdf');
  });

  it('works the same signed in, without sending the sign-in, and links to one’s giving', async () => {
    signInWith();
    const fetchMock = stubManageApi({
      [`GET /api/manage/${GIFT_TOKEN}`]: () => jsonResponse(giftView({ receipt: false })),
    });
    renderManage(GIFT_TOKEN);

    const gift = await screen.findByRole('region', { name: '₹25' });
    expect(within(gift).queryByRole('button', { name: /receipt/i })).not.toBeInTheDocument();
    expect(within(gift).getByRole('link', { name: 'See all your giving' })).toHaveAttribute(
      'href',
      '/donations',
    );
    const view = fetchMock.mock.calls.find((call) => pathOfCall(call) === `/api/manage/${GIFT_TOKEN}`);
    expect(headersOf(view?.[1]).Authorization).toBeUndefined();
  });

  it('pauses a plan and resumes it, one button, the page showing each new state', async () => {
    const { bodies } = planApi(makePlan());
    renderManage(PLAN_TOKEN);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your recurring gift' })).toBeInTheDocument();
    const plan = await planSection('₹25 monthly');
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('1 Feb 2030')).toBeInTheDocument();
    expect(within(plan).getByText('Your wallet')).toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Clean the River Wey' })).toHaveAttribute(
      'href',
      '/projects/11',
    );
    expect(screen.getByText('This link works until 31 Jan 2030.')).toBeInTheDocument();
    // A plan from the wallet has no card to change.
    expect(within(actionsSection()).queryByRole('button', { name: 'Change card' })).not.toBeInTheDocument();

    await userEvent.click(within(actionsSection()).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('The recurring gift is paused.')).toBeInTheDocument();
    await waitFor(() => expect(within(plan).getByText('Paused')).toBeInTheDocument());
    expect(within(plan).getByText(/No gifts are made until you resume it/)).toBeInTheDocument();
    expect(within(plan).getByText('None while it is paused')).toBeInTheDocument();
    // The one button keeps the focus, now saying what it does next.
    await waitFor(() =>
      expect(within(actionsSection()).getByRole('button', { name: 'Resume' })).toHaveFocus(),
    );

    await userEvent.click(within(actionsSection()).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('The next gift is on 1 Mar 2030.')).toBeInTheDocument();
    await waitFor(() => expect(within(plan).getByText('Active')).toBeInTheDocument());
    expect(within(plan).getByText('1 Mar 2030')).toBeInTheDocument();
    expect(within(actionsSection()).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(bodies).toEqual([{ action: 'pause' }, { action: 'resume' }]);
  });

  it('changes the amount: a refused amount shows beside its field, then the new amount is shown', async () => {
    const { bodies } = planApi(makePlan(), null, {
      refuse: (body) =>
        body.action === 'amount' && (body.amount as number) > 100_000_000
          ? errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
              fields: { amount: 'The amount is too large.' },
            })
          : null,
    });
    renderManage(PLAN_TOKEN);
    await planSection('₹25 monthly');

    await userEvent.click(within(actionsSection()).getByRole('button', { name: 'Change amount' }));
    const form = screen.getByRole('form', { name: 'Change the amount' });
    const field = within(form).getByLabelText('New amount');
    expect(field).toHaveValue('25');

    await paste(field, '1.234');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the amount' }));
    expect(within(form).getByText('Use at most 2 decimals.')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    expect(bodies).toEqual([]);

    await paste(field, '2000000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the amount' }));
    expect(await within(form).findByText('The amount is too large.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The amount is too large.'));
    await waitFor(() => expect(field).toHaveFocus());

    await paste(field, '40.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the amount' }));
    expect(await screen.findByText('The amount is changed.')).toBeInTheDocument();
    expect(await planSection('₹40.50 monthly')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change the amount' })).not.toBeInTheDocument();
    expect(bodies).toEqual([
      { action: 'amount', amount: 200_000_000 },
      { action: 'amount', amount: 4_050 },
    ]);
  });

  it('changes the card of a failing plan: a declined card beside its number, then a good one', async () => {
    const { bodies } = planApi(makePlan({ source: 'card', status: 'failing', failed_periods: 3 }), VISA, {
      refuse: (body) =>
        (body.card as { number?: string } | undefined)?.number === '4000000000000002'
          ? errorResponse(402, 'CARD_DECLINED', 'The card was declined.')
          : null,
    });
    renderManage(PLAN_TOKEN);
    const plan = await planSection('₹25 monthly');
    expect(within(plan).getByText('Failing')).toBeInTheDocument();
    expect(within(plan).getByText('Visa ending 4242 (expires 04/31)')).toBeInTheDocument();
    expect(
      within(plan).getByText('The last payment failed: change the card so the next one goes ahead.'),
    ).toBeInTheDocument();
    expect(within(plan).getByText('3 gifts in a row could not be made.')).toBeInTheDocument();

    await userEvent.click(within(actionsSection()).getByRole('button', { name: 'Change card' }));
    const form = await screen.findByRole('form', { name: 'Change the card' });
    const number = within(form).getByLabelText('Card number');
    await paste(number, '4000 0000 0000 0002');
    await paste(within(form).getByLabelText('Expiry month'), '04');
    await paste(within(form).getByLabelText('Expiry year'), '2031');
    await paste(within(form).getByLabelText('Security code'), '123');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the card' }));

    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription(expect.stringContaining('The card was declined.'));
    await waitFor(() => expect(number).toHaveFocus());

    await paste(number, '4242 4242 4242 4242');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the card' }));
    expect(await screen.findByText('The card is changed.')).toBeInTheDocument();
    expect(toastTexts()).toContainEqual({
      title: 'The card is changed.',
      message: `The next gift is charged to ${MASTERCARD.label}.`,
    });
    await waitFor(() =>
      expect(within(plan).getByText('Mastercard ending 4444 (expires 09/32)')).toBeInTheDocument(),
    );
    expect(bodies).toEqual([
      { action: 'card', card: { number: '4000000000000002', exp_month: 4, exp_year: 2031, cvc: '123' } },
      { action: 'card', card: { number: '4242424242424242', exp_month: 4, exp_year: 2031, cvc: '123' } },
    ]);
  });

  it('cancels only once confirmed, then shows the plan cancelled with nothing left to do', async () => {
    const { bodies } = planApi(makePlan());
    renderManage(PLAN_TOKEN);
    const plan = await planSection('₹25 monthly');

    await userEvent.click(
      within(actionsSection()).getByRole('button', { name: 'Cancel the recurring gift' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this recurring gift?' });
    expect(within(dialog).getByText(/No more gifts will be made\./)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await userEvent.click(
      within(actionsSection()).getByRole('button', { name: 'Cancel the recurring gift' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Cancel this recurring gift?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the gift' }));
    expect(await screen.findByText('The recurring gift is cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(within(plan).getByText('Cancelled')).toBeInTheDocument());
    expect(within(plan).getByText('No more gifts will be made.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Change this recurring gift' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pause|Resume|Change|Cancel/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: '₹25 monthly' })).toHaveFocus());
    expect(bodies).toEqual([{ action: 'cancel' }]);
  });

  it('says a link that is not valid is not valid, and points to signing in', async () => {
    stubManageApi({
      'GET /api/manage/nonsense': () =>
        errorResponse(404, 'NOT_FOUND', 'This link is not valid. Use the link in your latest mail.'),
    });
    renderManage('nonsense');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Use the link in your latest mail, or sign in to see your giving.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fdonations');
    // Shown in the page: no error toast.
    expect(toastTexts()).toEqual([]);
  });

  it('says an expired link has expired, in the server’s words, with a sign-in link', async () => {
    const message = 'This link has expired: links in mails work for 30 days. Sign in to see your giving.';
    stubManageApi({
      [`GET /api/manage/${PLAN_TOKEN}`]: () => errorResponse(410, 'LINK_EXPIRED', message),
    });
    renderManage(PLAN_TOKEN);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to see your giving' })).toHaveAttribute(
      'href',
      '/login?next=%2Fdonations',
    );
    expect(toastTexts()).toEqual([]);
  });

  it('offers to try again when the page could not be loaded', async () => {
    let fail = true;
    stubManageApi({
      [`GET /api/manage/${GIFT_TOKEN}`]: () =>
        fail
          ? errorResponse(429, 'RATE_LIMITED', 'Too many requests. Wait a moment.')
          : jsonResponse(giftView()),
    });
    renderManage(GIFT_TOKEN);
    expect(await screen.findByText('Your gift could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Wait a moment.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: '₹25' })).toBeInTheDocument();
  });
});
