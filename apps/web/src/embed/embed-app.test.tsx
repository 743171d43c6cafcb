/** @jsxImportSource preact */
import { giftAidDeclarationText } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { charityFixture, projectFixture } from '@/testing/fixtures';
import { expectGuestThanks } from '@/testing/guest-gift';
import {
  answersInTurn,
  bodyOfCall,
  errorResponse,
  headersOf,
  jsonResponse,
  pathOfCall,
  stubFetch,
} from '@/testing/http';
import { addressOf } from './target';
import {
  bankStepAnswer,
  click,
  configRoute,
  fillGift,
  giftAnswer,
  input,
  renderEmbed,
  typeInto,
  YEAR,
} from './testing/embed';

const DONATE = 'POST /api/guest/donate/project/1';
const project = projectFixture({ cover: '/api/files/gallery/cover-1' });

/** The calls of a stubbed fetch to a path. */
const callsTo = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls.filter((call) => pathOfCall(call) === path);
const keyOf = (call: unknown[] | undefined) => headersOf(call?.[1] as RequestInit)['Idempotency-Key'];

describe('the donate button’s page', { timeout: 30_000 }, () => {
  it('shows the project with its picture and progress, then gives by card with Gift Aid and says thank you', async () => {
    let raised = project.funds_raised;
    const fetchMock = stubFetch({
      'GET /api/config': configRoute(),
      'GET /api/project/1': () => jsonResponse({ ...project, funds_raised: raised }),
      [DONATE]: () => {
        raised += 25_000;
        return jsonResponse(giftAnswer({ gift_aid: true, gift_aid_amount: 6_250 }), 201);
      },
    });
    renderEmbed();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clean-up of the river banks' }),
    ).toBeVisible();
    expect(screen.getByText('A project of River Trust')).toBeVisible();
    expect(screen.getByTestId('embed-progress').textContent).toBe('₹3,000 raised of ₹10,000 · 4 givers');
    const picture = document.querySelector('img.thumb');
    expect(picture?.getAttribute('src')).toBe('/api/files/gallery/cover-1_small.webp');
    expect(picture?.getAttribute('alt')).toBe('');

    await fillGift();
    expect(screen.getByRole('button', { name: '₹250' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '₹100' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(
      screen.getByRole('checkbox', {
        name: /Add Gift Aid: ₹62\.50 more for the charity \(25%\), at no cost to you/,
      }),
    );
    // The declaration names the charity that receives the gift, in HMRC's words.
    const declaration = screen.getByRole('group', { name: 'Gift Aid declaration for River Trust' });
    expect(declaration.textContent).toContain(giftAidDeclarationText('River Trust'));
    await typeInto('Title', 'Ms');
    await typeInto('House name or number', '12');
    await typeInto('Post code', 'bs1 4dj');
    await click('Give ₹250');

    const thanks = await screen.findByTestId('embed-thank-you');
    await expectGuestThanks(thanks);
    // Links leave the frame: Kindred's own pages open in a new tab.
    const account = within(thanks).getByRole('link', { name: /make an account on Kindred/ });
    expect(account).toHaveAttribute('target', '_blank');
    expect(account).toHaveAttribute('href', '/register');

    const [call] = callsTo(fetchMock, '/api/guest/donate/project/1');
    expect(bodyOfCall(call)).toEqual({
      email: 'gina@example.org',
      first_name: 'Gina',
      last_name: 'Guest',
      amount: 25_000,
      card: { number: '4242424242424242', exp_month: 12, exp_year: Number(YEAR), cvc: '123' },
      gift_aid: true,
      declaration: { title: 'Ms', house: '12', post_code: 'BS1 4DJ' },
    });
    expect(keyOf(call)).toMatch(/^[0-9a-f-]{36}$/);
    // The progress is read again after the gift.
    await waitFor(() =>
      expect(screen.getByTestId('embed-progress').textContent).toBe('₹3,250 raised of ₹10,000 · 4 givers'),
    );
  });

  it('says what is wrong beside each field, focuses the first, and sends nothing', async () => {
    const fetchMock = stubFetch({
      'GET /api/config': configRoute(),
      'GET /api/project/1': () => jsonResponse(project),
    });
    renderEmbed();
    await screen.findByRole('form', { name: 'Your gift' });
    await typeInto('Amount', '12.345');
    await typeInto('Email', 'not-an-email');
    await typeInto('Card number', '4242 4242 4242 4241');
    await userEvent.click(screen.getByRole('checkbox', { name: /Add Gift Aid/ }));
    await typeInto('Post code', 'nowhere');
    await click('Give');

    await waitFor(() => expect(document.activeElement).toBe(input('Amount')));
    const message = (label: string) => {
      const field = input(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      return field
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent);
    };
    expect(message('Amount')).toContain('Use at most 2 decimals.');
    expect(message('Email')).toContain('Your receipt is sent here.');
    expect(message('Email')?.at(-1)).toMatch(/email/i);
    expect(message('First name')).toBeDefined();
    expect(message('Card number')).toContain('This card number is not valid. Check the digits.');
    expect(message('Expiry month')).toContain('Enter the month, 1 to 12.');
    expect(message('House name or number')).toContain('Enter your house name or number.');
    expect(message('Post code')).toContain('Enter a valid UK post code.');
    expect(input('Title')).not.toHaveAttribute('aria-invalid');
    expect(callsTo(fetchMock, '/api/guest/donate/project/1')).toHaveLength(0);
    // A corrected field loses its message; the others keep theirs until the next try.
    await typeInto('Amount', '12.34');
    expect(input('Amount')).not.toHaveAttribute('aria-invalid');
    expect(input('Email')).toHaveAttribute('aria-invalid', 'true');
    // Without Gift Aid, the declaration's fields and their messages go.
    await userEvent.click(screen.getByRole('checkbox', { name: /Add Gift Aid/ }));
    expect(screen.queryByRole('textbox', { name: 'Post code' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Add Gift Aid/ }));
    expect(input('Post code')).not.toHaveAttribute('aria-invalid');
  });

  it('takes the bank’s extra step when the card asks for it, with the same key to finish', async () => {
    const fetchMock = stubFetch({
      'GET /api/config': configRoute(),
      'GET /api/project/1': () => jsonResponse(project),
      [DONATE]: () => jsonResponse(bankStepAnswer(), 202),
      'POST /api/sandbox/authenticate': () => jsonResponse({ id: 'sandbox_pi_55', status: 'succeeded' }),
      'POST /api/guest/payment/55/confirm': () => jsonResponse(giftAnswer(), 201),
    });
    renderEmbed();
    await fillGift('4000 0025 0000 3155');
    await click('Give ₹250');
    const bank = await screen.findByTestId('bank-check');
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Your bank asks you to confirm this payment'),
    );
    expect(bank.textContent).toContain('₹250 to Kindred, for River Trust.');
    await click('Confirm payment');
    expect(await screen.findByTestId('embed-thank-you')).toBeVisible();
    expect(bodyOfCall(callsTo(fetchMock, '/api/sandbox/authenticate')[0])).toEqual({
      client_secret: 'sandbox_pi_55_secret_x',
      outcome: 'complete',
    });
    const [confirm] = callsTo(fetchMock, '/api/guest/payment/55/confirm');
    expect(bodyOfCall(confirm)).toEqual({ client_secret: 'sandbox_pi_55_secret_x' });
    expect(keyOf(confirm)).toBe(keyOf(callsTo(fetchMock, '/api/guest/donate/project/1')[0]));
  });

  it('shows a declined card beside its number; the next try is a new gift with a new key', async () => {
    const fetchMock = stubFetch({
      'GET /api/config': configRoute(),
      'GET /api/project/1': () => jsonResponse(project),
      [DONATE]: answersInTurn(
        () => errorResponse(402, 'CARD_DECLINED', 'The card was declined.'),
        () => jsonResponse(giftAnswer(), 201),
      ),
    });
    renderEmbed();
    await fillGift('4000 0000 0000 0002');
    await click('Give ₹250');
    await waitFor(() => expect(document.activeElement).toBe(input('Card number')));
    expect(input('Card number')).toHaveAccessibleDescription('The card was declined.');
    await typeInto('Card number', '4242 4242 4242 4242');
    await click('Give ₹250');
    expect(await screen.findByTestId('embed-thank-you')).toBeVisible();
    const [first, second] = callsTo(fetchMock, '/api/guest/donate/project/1');
    expect(keyOf(first)).not.toBe(keyOf(second));
  });

  it('puts the server’s refusal of a field beside it, and keeps the key when a gift may have gone through', async () => {
    const fetchMock = stubFetch({
      'GET /api/config': configRoute(),
      'GET /api/project/1': () => jsonResponse(project),
      [DONATE]: answersInTurn(
        () =>
          errorResponse(400, 'VALIDATION_ERROR', 'Check the fields.', {
            fields: { email: 'This email cannot take receipts.' },
          }),
        () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Try again in a moment.'),
        () => jsonResponse(giftAnswer(), 201),
      ),
    });
    renderEmbed();
    await fillGift();
    await click('Give ₹250');
    await waitFor(() => expect(document.activeElement).toBe(input('Email')));
    expect(input('Email')).toHaveAccessibleDescription(
      'Your receipt is sent here. This email cannot take receipts.',
    );

    await click('Give ₹250');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your gift was not made');
    expect(alert.textContent).toContain('the same gift is retried, so your card is not charged twice');
    await click('Give ₹250');
    expect(await screen.findByTestId('embed-thank-you')).toBeVisible();
    const [refused, lost, retried] = callsTo(fetchMock, '/api/guest/donate/project/1');
    // After a refusal a new key; after an answer that may have gone through, the same one.
    expect(keyOf(refused)).not.toBe(keyOf(lost));
    expect(keyOf(retried)).toBe(keyOf(lost));
  });

  it('gives to a charity directly, with its Live projects for progress', async () => {
    const fetchMock = stubFetch({
      'GET /api/config': configRoute(),
      'GET /api/charity/3': () => jsonResponse(charityFixture({ live_projects: 2 })),
      'POST /api/guest/donate/charity/3': () =>
        jsonResponse(giftAnswer({ project: null, charity: { id: 3, name: 'River Trust' } }), 201),
    });
    renderEmbed('/embed/charity/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'River Trust' })).toBeVisible();
    expect(screen.getByText('2 live projects')).toBeVisible();
    expect(screen.getByText(/Give directly to River Trust\./)).toBeVisible();
    await fillGift();
    await click('Give ₹250');
    expect((await screen.findByTestId('embed-thank-you')).textContent).toContain('ToRiver Trust');
    expect(callsTo(fetchMock, '/api/guest/donate/charity/3')).toHaveLength(1);
  });

  it('says when the project takes no gifts now', async () => {
    stubFetch({
      'GET /api/config': configRoute(),
      'GET /api/project/1': () => jsonResponse(projectFixture({ status: 4 })),
    });
    renderEmbed('/embed/project/1');
    expect(await screen.findByText('Not taking gifts now')).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says when the address names nothing on Kindred', async () => {
    stubFetch({
      'GET /api/config': configRoute(),
      'GET /api/project/2': () => errorResponse(404, 'NOT_FOUND', 'Project not found.'),
    });
    renderEmbed('/embed/project/2');
    expect(await screen.findByRole('heading', { name: 'Nothing to give to here' })).toBeVisible();
    expect(addressOf('/embed/project/abc')).toBeNull();
    expect(addressOf('/embed/group/3')).toBeNull();
    expect(addressOf('/embed/charity/3/')).toEqual({ kind: 'charity', id: 3 });
  });
});
