import { type GiftAidDeclaration, giftAidDeclarationText, type Project } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { paymentMethodFixture } from '@/testing/fixtures';
import {
  bodyOfCall,
  configRoute,
  errorResponse,
  headersOf,
  jsonResponse,
  type Route,
  stubFetch,
} from '@/testing/http';
import { signInToAcme } from '@/testing/organisation';
import { renderRoutes, textsOf } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { DONATION_TOAST, SUBSCRIPTION_TOAST } from '../lib/toasts';
import { donateAnswer, donation, liveProject, wallet } from '../testing/fixtures';
import { GiveActions } from './give-actions';

const DONATE = 'POST /api/user/donate/project/1';

function renderGive(project: Project = liveProject, path = '/projects/1') {
  return renderRoutes(
    [
      {
        path: '/projects/:id',
        element: <GiveActions target={{ kind: 'project', project }} />,
      },
      { path: '/login', element: <p>Sign in page</p> },
    ],
    path,
  );
}

/** The API with a wallet, no Gift Aid declaration yet, and the donate call given. */
function stubApi(donate: Route = () => jsonResponse(donateAnswer(), 201), extra: Record<string, Route> = {}) {
  return stubFetch({
    'GET /api/user/wallet': () => jsonResponse(wallet()),
    'GET /api/user/gift_aid_declaration': () => jsonResponse({ declaration: null, previous: null }),
    'GET /api/user/payment_methods': () => jsonResponse({ items: [] }),
    'GET /api/config': configRoute(),
    [DONATE]: donate,
    ...extra,
  });
}

/** A Gift Aid declaration as the API answers it: River Trust's (the demo project's charity) unless told. */
function declarationOf(extra: Partial<GiftAidDeclaration> = {}): GiftAidDeclaration {
  return {
    id: 1,
    charity: { id: 3, name: 'River Trust' },
    title: null,
    first_name: 'Dana',
    last_name: 'Donor',
    house: '12',
    address: 'High Street, Bristol',
    post_code: 'BS1 4DJ',
    text: giftAidDeclarationText('River Trust'),
    declared_at: '2026-01-01T00:00:00.000Z',
    cancelled_at: null,
    ...extra,
  };
}

/** The donate call answering that the donation was made as given. */
const gave =
  (overrides: Parameters<typeof donation>[0]): Route =>
  () =>
    jsonResponse(donateAnswer({ donation: donation(overrides) }), 201);

/** The Gift Aid declaration call: answers `answer` and keeps the body it was sent. */
function recordDeclarations() {
  const record = {
    sent: null as unknown,
    answer:
      (declaration: GiftAidDeclaration): Route =>
      (_url, init) => {
        record.sent = JSON.parse(String(init.body));
        return jsonResponse({ declaration }, 201);
      },
  };
  return record;
}

/**
 * The API of `stubApi` with the donor's Gift Aid declarations: the one for River Trust and the
 * latest for any charity; a declaration made is answered `made` and kept.
 */
function stubGiftAidApi(
  current: { declaration: GiftAidDeclaration | null; previous: GiftAidDeclaration | null },
  made: GiftAidDeclaration = declarationOf(),
) {
  const declarations = recordDeclarations();
  const fetchMock = stubApi(undefined, {
    'GET /api/user/gift_aid_declaration': () => jsonResponse(current),
    'POST /api/user/gift_aid_declaration': declarations.answer(made),
  });
  return { fetchMock, declarations };
}

const dialog = () => screen.getByRole('dialog');
/** Starts a kind's flow and waits for its dialog (the flow loads on demand). */
async function open(action: string) {
  await userEvent.click(screen.getByRole('button', { name: action }));
  await screen.findByRole('dialog', {}, { timeout: 5_000 });
}
async function typeInto(label: string, value: string) {
  const input = within(dialog()).getByLabelText(label, { selector: 'input, textarea' });
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(value);
}
/** Opens the funds flow, types the amount and ticks Gift Aid; returns the declaration it asks for. */
async function askGiftAid(amount: string, giftAid: RegExp) {
  renderGive();
  await open('Give funds');
  await typeInto('Amount', amount);
  await userEvent.click(within(dialog()).getByLabelText(giftAid));
  return within(dialog()).findByRole('group', { name: 'Gift Aid declaration for River Trust' });
}
/** Presses the declaration's button and waits for the declaration to be made. */
async function declare(declaration: HTMLElement, button: string) {
  await userEvent.click(within(declaration).getByRole('button', { name: button }));
  await waitFor(() => expect(within(dialog()).queryByTestId('gift-aid-declaration')).not.toBeInTheDocument());
}
const click = (name: string | RegExp) => userEvent.click(within(dialog()).getByRole('button', { name }));
const donateCalls = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls.filter(
    (call) => new URL(String(call[0]), 'http://x').pathname === '/api/user/donate/project/1',
  );

describe('the give flow', { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('offers only the kinds a Live project asks for, and nothing on a project that is not Live', async () => {
    stubApi();
    const { unmount } = renderGive({ ...liveProject, giving_kinds: [2, 5] });
    const section = screen.getByRole('region', { name: 'Support this project' });
    expect(textsOf(within(section).getAllByRole('button'))).toEqual(['Give funds', 'Give a gift']);
    unmount();
    renderGive({ ...liveProject, status: 3 });
    expect(screen.queryByRole('region', { name: 'Support this project' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, to come back to the same flow', async () => {
    session.clearSession();
    const { router } = renderGive();
    await userEvent.click(screen.getByRole('link', { name: 'Volunteer' }));
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/projects/1?give=3')}`);
  });

  it('opens the flow a visitor chose before signing in', async () => {
    stubApi();
    const { router } = renderGive(liveProject, '/projects/1?give=3');
    expect(
      await screen.findByRole('dialog', { name: /Volunteer your time/ }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('gives a preset amount: details, review, confirm, then what was given and its receipt', async () => {
    const fetchMock = stubApi(
      () => jsonResponse(donateAnswer({ donation: donation({ receipt_number: 'KR-2026-000091' }) }), 201),
      { 'GET /api/user/donation/91/receipt': () => new Response('%PDF-1.7', { status: 200 }) },
    );
    renderGive();
    await open('Give funds');
    expect(await within(dialog()).findByLabelText(/My wallet \(₹1,000 available\)/)).toBeInTheDocument();
    expect(within(dialog()).getByLabelText(/My credits \(₹50 available\)/)).toBeInTheDocument();
    await click('₹250');
    expect(within(dialog()).getByLabelText('Amount')).toHaveValue('250');
    expect(within(dialog()).getByRole('button', { name: '₹250' })).toHaveAttribute('aria-pressed', 'true');
    await click('Review');

    // The review says what will happen; nothing is sent yet.
    const review = await within(dialog()).findByTestId('give-review');
    expect(review.textContent).toContain('Clean-up of the river banks (River Trust)');
    expect(review.textContent).toContain('₹250');
    expect(review.textContent).toContain('Your wallet');
    expect(donateCalls(fetchMock)).toHaveLength(0);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Check your gift'));

    await click('Confirm: give ₹250');
    // Not only a toast: the dialog says what was given, to whom, from where, and what comes next.
    const done = await within(dialog()).findByTestId('give-confirmation');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Donation successful'));
    expect(done.textContent).toContain('You gave₹250');
    expect(done.textContent).toContain('ToClean-up of the river banks, a project of River Trust');
    expect(done.textContent).toContain('Paid fromYour wallet');
    expect(done.textContent).toContain('Your receipt KR-2026-000091 comes by email');
    expect(await screen.findByText(DONATION_TOAST.detail)).toBeInTheDocument();
    await userEvent.click(
      within(done).getByRole('button', { name: 'Download receipt KR-2026-000091 (PDF)' }),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/api/user/donation/91/receipt'))).toBe(
        true,
      ),
    );
    const [call] = donateCalls(fetchMock);
    expect(bodyOfCall(call)).toEqual({ type: 2, amount: 25_000, source: 'wallet' });
    expect(headersOf(call?.[1] as RequestInit)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await click('Done');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(session.getState().user?.wallet_amount).toBe(75_000);
  });

  it.each([
    ['0', 'The amount cannot be 0.'],
    ['12.345', 'Use at most 2 decimals.'],
    ['12,50', 'Use digits and a decimal point only, for example 250 or 99.50.'],
    ['', 'Enter an amount.'],
  ])('refuses the custom amount %j beside the field: %s', async (amount, message) => {
    const fetchMock = stubApi();
    renderGive();
    await open('Give funds');
    if (amount) await typeInto('Amount', amount);
    await click('Review');
    const field = within(dialog()).getByLabelText('Amount');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog()).getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(within(dialog()).queryByTestId('give-review')).not.toBeInTheDocument();
    expect(donateCalls(fetchMock)).toHaveLength(0);
  });

  it('gives a custom amount with a message, anonymously', async () => {
    const fetchMock = stubApi();
    renderGive();
    await open('Give funds');
    await typeInto('Amount', '99.50');
    await typeInto('Message to River Trust', 'Keep it up');
    await userEvent.click(within(dialog()).getByLabelText('Give anonymously'));
    await click('Review');
    const review = await within(dialog()).findByTestId('give-review');
    expect(review.textContent).toContain('Anonymous');
    expect(review.textContent).toContain('Keep it up');
    await click('Confirm: give ₹99.50');
    await screen.findByTestId('give-confirmation');
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toEqual({
      type: 2,
      amount: 9_950,
      source: 'wallet',
      anonymous: true,
      message: 'Keep it up',
    });
  });

  it('makes the Gift Aid declaration for the charity inline, shows the 25% added and gives with Gift Aid', async () => {
    const { fetchMock, declarations } = stubGiftAidApi({ declaration: null, previous: null });
    const declaration = await askGiftAid('250', /Add Gift Aid: ₹62\.50 more for the charity/);
    // The flow asked about the project's charity.
    const asked = fetchMock.mock.calls.map((call) => new URL(String(call[0]), 'http://x'));
    expect(
      asked.find((url) => url.pathname === '/api/user/gift_aid_declaration')?.searchParams.get('charity_id'),
    ).toBe('3');

    // Gift Aid needs the declaration before the review.
    await click('Review');
    expect(
      await within(dialog()).findByText(/Make your Gift Aid declaration below first/),
    ).toBeInTheDocument();

    // Its own checks, beside its fields: the name comes from the account.
    expect(within(declaration).getByLabelText('First name')).toHaveValue('Dana');
    await userEvent.click(within(declaration).getByRole('button', { name: 'Make the declaration' }));
    expect(await within(declaration).findByText('Enter a valid UK post code.')).toBeInTheDocument();
    expect(within(declaration).getByText('Tick the declaration to make it.')).toBeInTheDocument();
    await typeInto('House name or number', '12');
    await typeInto('Address', 'High Street, Bristol');
    await typeInto('Post code', 'BS1 4DJ');
    // The wording the donor ticks names the charity that claims.
    await userEvent.click(within(declaration).getByLabelText(giftAidDeclarationText('River Trust')));
    await declare(declaration, 'Make the declaration');
    expect(declarations.sent).toEqual({
      charity_id: 3,
      first_name: 'Dana',
      last_name: 'Donor',
      house: '12',
      address: 'High Street, Bristol',
      post_code: 'BS1 4DJ',
      confirm: true,
    });
    expect(
      within(dialog()).getByText(/Your Gift Aid declaration for River Trust of Dana Donor, BS1 4DJ applies/),
    ).toBeInTheDocument();

    await click('Review');
    const review = await within(dialog()).findByTestId('give-review');
    expect(review.textContent).toContain('Yes: ₹62.50 added, ₹312.50 for the charity');
    await click('Confirm: give ₹250');
    await screen.findByTestId('give-confirmation');
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toEqual({
      type: 2,
      amount: 25_000,
      source: 'wallet',
      gift_aid: true,
    });
  });

  it('asks again for a charity the donor has not declared for, with the details of their latest declaration filled in', async () => {
    const { declarations } = stubGiftAidApi(
      {
        declaration: null,
        previous: declarationOf({
          id: 7,
          charity: { id: 9, name: 'Paws & Whiskers Rescue' },
          title: 'Ms',
          first_name: 'Dana',
          last_name: 'Donor-Smith',
          house: 'Rose Cottage',
          address: 'Mill Lane, Bath',
          post_code: 'BA1 1AA',
          text: giftAidDeclarationText('Paws & Whiskers Rescue'),
        }),
      },
      declarationOf({ id: 8 }),
    );
    const declaration = await askGiftAid('20', /Add Gift Aid/);
    expect(within(declaration).getByText(/River Trust needs your declaration naming it/)).toBeInTheDocument();
    expect(within(declaration).getByLabelText('Title')).toHaveValue('Ms');
    expect(within(declaration).getByLabelText('Last name')).toHaveValue('Donor-Smith');
    expect(within(declaration).getByLabelText('House name or number')).toHaveValue('Rose Cottage');
    expect(within(declaration).getByLabelText('Address')).toHaveValue('Mill Lane, Bath');
    expect(within(declaration).getByLabelText('Post code')).toHaveValue('BA1 1AA');
    // The box is never ticked for the donor, and its wording names this charity, not the other one.
    const wording = within(declaration).getByLabelText(giftAidDeclarationText('River Trust'));
    expect(wording).not.toBeChecked();
    await userEvent.click(wording);
    await declare(declaration, 'Make the declaration');
    expect(declarations.sent).toEqual({
      charity_id: 3,
      title: 'Ms',
      first_name: 'Dana',
      last_name: 'Donor-Smith',
      house: 'Rose Cottage',
      address: 'Mill Lane, Bath',
      post_code: 'BA1 1AA',
      confirm: true,
    });
  });

  it('offers to confirm an earlier declaration that names no charity for this charity in one step', async () => {
    const { declarations } = stubGiftAidApi(
      { declaration: null, previous: declarationOf({ id: 2, charity: null, text: 'I am a UK taxpayer.' }) },
      declarationOf({ id: 3 }),
    );
    const declaration = await askGiftAid('20', /Add Gift Aid/);
    expect(
      within(declaration).getByText(/Your Gift Aid declaration names no charity.*Confirm it for River Trust/),
    ).toBeInTheDocument();
    expect(within(declaration).getByLabelText('House name or number')).toHaveValue('12');
    await userEvent.click(within(declaration).getByLabelText(giftAidDeclarationText('River Trust')));
    await declare(declaration, 'Confirm the declaration');
    expect(declarations.sent).toMatchObject({
      charity_id: 3,
      first_name: 'Dana',
      house: '12',
      post_code: 'BS1 4DJ',
    });
  });

  it('asks nothing more when the donor already declared for the charity', async () => {
    const { fetchMock } = stubGiftAidApi({ declaration: declarationOf(), previous: declarationOf() });
    renderGive();
    await open('Give funds');
    await typeInto('Amount', '20');
    await userEvent.click(within(dialog()).getByLabelText(/Add Gift Aid/));
    expect(
      await within(dialog()).findByText(
        /Your Gift Aid declaration for River Trust of Dana Donor, BS1 4DJ applies/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog()).queryByTestId('gift-aid-declaration')).not.toBeInTheDocument();
    await click('Review');
    await click('Confirm: give ₹20');
    await within(dialog()).findByTestId('give-confirmation');
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toMatchObject({ gift_aid: true });
  });

  it('never offers Gift Aid on credits', async () => {
    const fetchMock = stubApi();
    renderGive();
    await open('Give funds');
    await typeInto('Amount', '20');
    await userEvent.click(within(dialog()).getByLabelText(/Add Gift Aid/));
    await userEvent.click(within(dialog()).getByLabelText(/My credits/));
    expect(within(dialog()).queryByLabelText(/Add Gift Aid/)).not.toBeInTheDocument();
    await click('Review');
    expect((await within(dialog()).findByTestId('give-review')).textContent).toContain('Your credits');
    await click('Confirm: give ₹20');
    await screen.findByTestId('give-confirmation');
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toEqual({ type: 2, amount: 2_000, source: 'credits' });
  });

  it('says a gift held for the platform’s review waits, and pays from credits', async () => {
    stubApi(gave({ status: 40, status_label: 'Awaiting Platform Review', source: 'credits' }));
    renderGive();
    await open('Give funds');
    await click('₹250');
    await click('Review');
    await click('Confirm: give ₹250');
    const done = await within(dialog()).findByTestId('give-confirmation');
    expect(within(done).getByRole('heading', { name: 'Waiting for review' })).toBeInTheDocument();
    expect(done.textContent).toContain('Kindred’s team reviews this gift before it reaches River Trust.');
    expect(done.textContent).toContain('Paid fromYour credits');
    expect(within(done).queryByRole('button', { name: /receipt/i })).not.toBeInTheDocument();
    expect(screen.queryByText(DONATION_TOAST.summary)).not.toBeInTheDocument();
  });

  it('cannot confirm more than the credits hold', async () => {
    stubApi();
    renderGive();
    await open('Give funds');
    await typeInto('Amount', '60');
    await userEvent.click(within(dialog()).getByLabelText(/My credits/));
    await click('Review');
    expect(await within(dialog()).findByText('Not enough credits')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Confirm: give ₹60' })).toBeDisabled();
  });

  it('sets up a recurring gift: frequency and first date, and says when the first one is', async () => {
    const fetchMock = stubApi(() =>
      jsonResponse(
        donateAnswer({
          donation: null,
          subscription: {
            id: 5,
            status: 'active',
            frequency: 2,
            amount: 10_000,
            source: 'wallet',
            gift_aid: false,
            anonymous: false,
            message: null,
            project: { id: 1, title: liveProject.title },
            charity: { id: 3, name: 'River Trust' },
            start_date: '2030-01-04',
            end_date: null,
            next_date: '2030-01-04',
            failed_periods: 0,
            payment_method_id: null,
            missed: null,
            created_at: '2026-01-01T00:00:00.000Z',
          },
        }),
        201,
      ),
    );
    renderGive();
    await open('Give funds');
    await click('₹100');
    await userEvent.click(within(dialog()).getByLabelText('Recurring'));
    await userEvent.click(within(dialog()).getByLabelText('Frequency', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    await typeInto('First gift on', '01/04/30');
    await typeInto('Last gift by', '12/31/30');
    await click('Review');
    const review = await within(dialog()).findByTestId('give-review');
    expect(review.textContent).toContain('₹100 weekly');
    expect(review.textContent).toContain('4 Jan 2030');
    expect(review.textContent).toContain('31 Dec 2030');
    await click('Confirm: ₹100 weekly');
    const done = await within(dialog()).findByTestId('give-confirmation');
    expect(within(done).getByRole('heading', { name: SUBSCRIPTION_TOAST })).toBeInTheDocument();
    expect(done.textContent).toContain('You gave₹100 weekly');
    expect(done.textContent).toContain('The first gift is on 4 Jan 2030.');
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toEqual({
      type: 2,
      amount: 10_000,
      source: 'wallet',
      frequency: 2,
      start_date: '2030-01-04',
      end_date: '2030-12-31',
    });
  });

  it('reuses the Idempotency-Key when the same gift is confirmed again after an unanswered try', async () => {
    let tries = 0;
    const fetchMock = stubApi(() => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch');
      if (tries === 2) return errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.');
      return jsonResponse(donateAnswer(), 201);
    });
    renderGive();
    await open('Give funds');
    await click('₹500');
    await click('Review');
    await click('Confirm: give ₹500');
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('The server could not be reached.');
    expect(alert.textContent).toContain('it is not given twice');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // Silent: no generic error toast on top.
    expect(screen.queryByText('Error')).not.toBeInTheDocument();

    await click('Confirm: give ₹500');
    await within(dialog()).findByText(/The service is unavailable/);
    await click('Confirm: give ₹500');
    await screen.findByTestId('give-confirmation');
    const keys = donateCalls(fetchMock).map((call) => headersOf(call[1] as RequestInit)['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('gives once on a double click of the confirm', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubApi(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderGive();
    await open('Give funds');
    await click('₹100');
    await click('Review');
    await userEvent.dblClick(within(dialog()).getByRole('button', { name: 'Confirm: give ₹100' }));
    await waitFor(() => expect(donateCalls(fetchMock)).toHaveLength(1));
    answer(jsonResponse(donateAnswer(), 201));
    await screen.findByTestId('give-confirmation');
    expect(donateCalls(fetchMock)).toHaveLength(1);
  });

  it('goes back from the review to the details with what was typed, focus on its heading', async () => {
    stubApi();
    renderGive();
    await open('Give funds');
    await typeInto('Amount', '42');
    await click('Review');
    await within(dialog()).findByTestId('give-review');
    await click('Back');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Your gift'));
    expect(within(dialog()).getByLabelText('Amount')).toHaveValue('42');
  });

  it('uses a new key once the gift changed after a refusal', async () => {
    let tries = 0;
    const fetchMock = stubApi(() => {
      tries += 1;
      return tries === 1
        ? errorResponse(409, 'CHARITY_LOCKED', 'This charity is locked and cannot receive donations now.')
        : jsonResponse(donateAnswer(), 201);
    });
    renderGive();
    await open('Give funds');
    await click('₹100');
    await click('Review');
    await click('Confirm: give ₹100');
    expect((await within(dialog()).findByRole('alert')).textContent).toContain('This charity is locked');
    await click('Back');
    await click('₹250');
    await click('Review');
    await click('Confirm: give ₹250');
    await screen.findByTestId('give-confirmation');
    const keys = donateCalls(fetchMock).map((call) => headersOf(call[1] as RequestInit)['Idempotency-Key']);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('volunteers: hours, the project end date when the date is left blank', async () => {
    const fetchMock = stubApi(gave({ type: 3, amount: null, hours: 5, date: '2030-02-10', status: 30 }));
    renderGive();
    await open('Volunteer');
    expect(within(dialog()).getByText('27 hours are still needed.')).toBeInTheDocument();
    const date = within(dialog()).getByLabelText('Date') as HTMLInputElement;
    expect(date.placeholder).toBe('02/10/30');
    // The default is also said in a tooltip while the date is blank (docs/product/dates.md).
    await userEvent.click(date);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Left blank, this is the project end date (02/10/30).',
    );
    // More hours than the project still needs are refused before anything is sent.
    await typeInto('Hours', '28');
    await click('Review');
    expect(
      await within(dialog()).findByText('Enter 27 hours or fewer: that is what this project still needs.'),
    ).toBeInTheDocument();
    await typeInto('Hours', '5');
    await click('Review');
    expect((await within(dialog()).findByTestId('give-review')).textContent).toContain(
      '10 Feb 2030 (the project end date)',
    );
    await click('Confirm');
    // An offer waits for the charity: not "Donation successful".
    const done = await within(dialog()).findByTestId('give-confirmation');
    expect(within(done).getByRole('heading', { name: 'Offer sent' })).toBeInTheDocument();
    expect(done.textContent).toContain('You gave5 hours on 10 Feb 2030');
    expect(done.textContent).toContain('River Trust will decide whether to accept your offer. You will hear');
    expect(done.textContent).not.toContain('Paid from');
    expect(screen.queryByText(DONATION_TOAST.summary)).not.toBeInTheDocument();
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toEqual({ type: 3, hours: 5 });
  });

  it('never changes the hours or the day typed: a sentence beside the field instead, and nothing sent', async () => {
    const fetchMock = stubApi();
    renderGive();
    await open('Volunteer');
    const hours = within(dialog()).getByLabelText('Hours', { selector: 'input' }) as HTMLInputElement;
    for (const typed of ['-3', '2.5', '0']) {
      await typeInto('Hours', typed);
      expect(hours.value).toBe(typed);
      await click('Review');
      expect(
        await within(dialog()).findByText('Enter a whole number of hours between 1 and 10,000.'),
      ).toBeInTheDocument();
      expect(hours.value).toBe(typed);
    }
    await typeInto('Hours', '3');
    // A day before today (and before the project's days) is kept as typed and refused by name.
    await typeInto('Date', '01/02/20');
    await userEvent.tab();
    const date = within(dialog()).getByLabelText('Date') as HTMLInputElement;
    expect(date).toHaveValue('01/02/20');
    expect(
      await within(dialog()).findByText(/^Choose a date between .* and 10 Feb 2030\.$/),
    ).toBeInTheDocument();
    await click('Review');
    expect(within(dialog()).queryByTestId('give-review')).not.toBeInTheDocument();
    // Text that is not a date stays too, with what to type instead.
    await typeInto('Date', '31/31/31');
    await userEvent.tab();
    expect(date).toHaveValue('31/31/31');
    expect(
      await within(dialog()).findByText('Enter a real date as mm/dd/yy, for example 01/31/27.'),
    ).toBeInTheDocument();
    await click('Review');
    expect(within(dialog()).queryByTestId('give-review')).not.toBeInTheDocument();
    expect(donateCalls(fetchMock)).toHaveLength(0);
  });

  it("shows the server's field errors beside their fields, back on the details", async () => {
    stubApi(() =>
      errorResponse(409, 'HOURS_TAKEN', 'Only 3 hours are still needed.', {
        fields: { hours: 'At most 3.' },
        hours_left: 3,
      }),
    );
    renderGive();
    await open('Volunteer');
    await typeInto('Hours', '5');
    await click('Review');
    await click('Confirm');
    const hours = await within(dialog()).findByLabelText('Hours');
    await waitFor(() => expect(hours).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog()).getByText('At most 3.')).toBeInTheDocument();
    expect(within(dialog()).queryByTestId('give-review')).not.toBeInTheDocument();
    expect(screen.queryByText(DONATION_TOAST.summary)).not.toBeInTheDocument();
  });

  it('gives skills: only the skills the project asks for', async () => {
    const fetchMock = stubApi(
      gave({
        type: 4,
        amount: null,
        hours: 4,
        skill_type: 3,
        date: '2030-02-01',
        status: 30,
      }),
    );
    renderGive({
      ...liveProject,
      skill_needs: [
        { type: 6, hours: 10 },
        { type: 3, hours: 4 },
      ],
    });
    await open('Give your skills');
    await userEvent.click(within(dialog()).getByLabelText('Skill', { selector: 'input' }));
    const options = textsOf(await screen.findAllByRole('option'));
    expect(options).toEqual(['IT/Tech (10 hours asked for)', 'Legal/Governance (4 hours asked for)']);
    await userEvent.click(screen.getByRole('option', { name: 'Legal/Governance (4 hours asked for)' }));
    await typeInto('Hours', '4');
    await typeInto('Date', '02/01/30');
    await click('Review');
    expect((await within(dialog()).findByTestId('give-review')).textContent).toContain('Legal/Governance');
    await click('Confirm');
    await screen.findByTestId('give-confirmation');
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toEqual({
      type: 4,
      hours: 4,
      date: '2030-02-01',
      skill_type: 3,
    });
  });

  it('refuses a skilled pledge without a skill or hours, beside the fields', async () => {
    const fetchMock = stubApi();
    renderGive({
      ...liveProject,
      skill_needs: [
        { type: 6, hours: 10 },
        { type: 3, hours: 4 },
      ],
    });
    await open('Give your skills');
    await click('Review');
    expect(await within(dialog()).findByText('Choose a skill.')).toBeInTheDocument();
    expect(
      within(dialog()).getByText('Enter a whole number of hours between 1 and 10,000.'),
    ).toBeInTheDocument();
    expect(donateCalls(fetchMock)).toHaveLength(0);
  });

  it('gives a gift: the kind the project asks for, what, how many and its value', async () => {
    const fetchMock = stubApi(
      gave({
        type: 5,
        amount: null,
        gift_type: 5,
        description: 'Three winter coats',
        quantity: 3,
        estimated_value: 4_000,
        status: 30,
      }),
    );
    renderGive();
    await open('Give a gift');
    // The project asks for one kind: it is chosen already.
    expect(within(dialog()).getByLabelText('Kind of gift', { selector: 'input' })).toHaveValue(
      'Clothing or Bedding: 20 × Warm coats',
    );
    await click('Review');
    expect(await within(dialog()).findByText('Say what you will give.')).toBeInTheDocument();
    await typeInto('What you will give', 'Three winter coats');
    await typeInto('Quantity', '3');
    await typeInto('Estimated value', '40');
    await click('Review');
    const review = await within(dialog()).findByTestId('give-review');
    expect(review.textContent).toContain('Three winter coats');
    expect(review.textContent).toContain('₹40');
    await click('Confirm');
    const done = await within(dialog()).findByTestId('give-confirmation');
    expect(within(done).getByRole('heading', { name: 'Offer sent' })).toBeInTheDocument();
    expect(done.textContent).toContain('You gave3 × Clothing or Bedding (₹40)');
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toEqual({
      type: 5,
      gift_type: 5,
      description: 'Three winter coats',
      quantity: 3,
      estimated_value: 4_000,
    });
  });

  it('a wallet too short for the gift offers to pay by card instead, in the same step', async () => {
    const fetchMock = stubApi(
      () => jsonResponse(donateAnswer({ donation: donation({ source: 'card', amount: 25_000 }) }), 201),
      { 'GET /api/user/wallet': () => jsonResponse(wallet(10_050)) },
    );
    renderGive();
    await open('Give funds');
    await click('₹250');
    await click('Review');
    const short = await within(dialog()).findByTestId('give-short');
    expect(short.textContent).toContain('Your wallet has ₹100.50; this gift needs ₹250.');
    expect(within(dialog()).getByRole('button', { name: 'Confirm: give ₹250' })).toBeDisabled();
    expect(donateCalls(fetchMock)).toHaveLength(0);
    await userEvent.click(within(short).getByRole('button', { name: 'Pay by card instead' }));
    // Back on the details, the card is chosen: its number is typed there.
    expect(await within(dialog()).findByRole('radio', { name: /^A card/ })).toBeChecked();
    await typeInto('Card number', '4242 4242 4242 4242');
    await typeInto('Expiry month', '12');
    await typeInto('Expiry year', '2035');
    await typeInto('Security code', '123');
    await click('Review');
    await click('Confirm: pay ₹250 by card');
    await within(dialog()).findByTestId('give-confirmation');
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toMatchObject({ source: 'card', amount: 25_000 });
  });

  describe('acting as an organisation', () => {
    const ORG_DONATE = 'POST /api/business/5/donate/project/1';
    it('gives as the organisation by default: its wallet, once, no Gift Aid, sent for sign-off', async () => {
      signInToAcme(1);
      const fetchMock = stubFetch({
        'GET /api/business/wallet/5': () => jsonResponse(wallet(200_000)),
        'GET /api/user/gift_aid_declaration': () => jsonResponse({ declaration: null, previous: null }),
        [ORG_DONATE]: () =>
          jsonResponse(
            donateAnswer({
              donation: donation({
                status: 20,
                status_label: 'Awaiting Organisation Approval',
                donor: { kind: 'business', id: 5, name: 'Acme Ltd' },
              }),
              wallet: wallet(175_000),
            }),
            201,
          ),
      });
      renderGive();
      await open('Give funds');
      expect(within(dialog()).getByLabelText('Acme Ltd')).toBeChecked();
      expect(
        await within(dialog()).findByLabelText(/Acme Ltd’s wallet \(₹2,000 available\)/),
      ).toBeInTheDocument();
      expect(within(dialog()).queryByText('How often')).not.toBeInTheDocument();
      expect(within(dialog()).queryByLabelText(/Add Gift Aid/)).not.toBeInTheDocument();
      await click('₹250');
      await click('Review');
      expect(await within(dialog()).findByText('On behalf of Acme Ltd')).toBeInTheDocument();
      // The review says who pays and whose name the charity sees: the organisation, not the person.
      const review = within(within(dialog()).getByTestId('give-review'));
      expect(review.getByText('Paid from').nextElementSibling?.textContent).toBe('Acme Ltd’s wallet');
      expect(review.getByText('Shown as').nextElementSibling?.textContent).toBe('Acme Ltd');
      expect(review.queryByText(/Your wallet|Your name/)).not.toBeInTheDocument();
      await click('Confirm: give ₹250');
      const done = await within(dialog()).findByTestId('give-confirmation');
      expect(within(done).getByRole('heading', { name: 'Sent for sign-off' })).toBeInTheDocument();
      expect(done.textContent).toContain('Paid fromAcme Ltd’s wallet');
      expect(done.textContent).toContain('It waits for the sign-off admins of Acme Ltd to approve it.');
      expect(screen.queryByText(DONATION_TOAST.summary)).not.toBeInTheDocument();
      const call = fetchMock.mock.calls.find(
        (c) => new URL(String(c[0]), 'http://x').pathname === '/api/business/5/donate/project/1',
      );
      expect(bodyOfCall(call)).toEqual({ type: 2, amount: 25_000, source: 'wallet' });
      expect(headersOf(call?.[1] as RequestInit)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('says beside the amount why a gift its sign-off admins could never approve was refused', async () => {
      signInToAcme(1);
      const why =
        'From ₹200, 2 sign-off admins other than you must approve; Acme Ltd has 1. Give less, or ask a Super Admin to make more members sign-off admins or to change the sign-off policy.';
      stubFetch({
        'GET /api/business/wallet/5': () => jsonResponse(wallet(200_000)),
        'GET /api/user/gift_aid_declaration': () => jsonResponse({ declaration: null }),
        [ORG_DONATE]: () =>
          errorResponse(409, 'SIGNOFF_IMPOSSIBLE', 'This donation would need 2 approvals…', {
            needed: 2,
            available: 1,
            fields: { amount: why },
          }),
      });
      renderGive();
      await open('Give funds');
      await click('₹250');
      await click('Review');
      await click('Confirm: give ₹250');
      expect(await within(dialog()).findByText(why)).toBeInTheDocument();
      expect(within(dialog()).queryByTestId('give-review')).not.toBeInTheDocument();
    });

    it('lets the person give as themself instead', async () => {
      signInToAcme(99);
      const fetchMock = stubApi();
      renderGive();
      await open('Give funds');
      // An Employee does not read the organisation's wallet.
      expect(within(dialog()).getAllByLabelText(/its admins see the balance/)).toHaveLength(2);
      await userEvent.click(within(dialog()).getByLabelText('Myself'));
      // Recurring is for one's own gifts: switching back to the organisation makes it once again.
      await userEvent.click(within(dialog()).getByLabelText('Recurring'));
      await userEvent.click(within(dialog()).getByLabelText('Acme Ltd'));
      expect(within(dialog()).queryByText('How often')).not.toBeInTheDocument();
      await userEvent.click(within(dialog()).getByLabelText('Myself'));
      expect(within(dialog()).getByLabelText('Once')).toBeChecked();
      await click('₹250');
      await click('Review');
      await click('Confirm: give ₹250');
      const done = await within(dialog()).findByTestId('give-confirmation');
      expect(done.textContent).toContain('Paid fromYour wallet');
      expect(donateCalls(fetchMock)).toHaveLength(1);
    });
  });
});

describe('the give flow by card', { timeout: 30_000 }, () => {
  signedInForEachTest();

  const visa = paymentMethodFixture({
    id: 7,
    exp_month: 12,
    exp_year: 2035,
    created_at: '2026-01-01T00:00:00.000Z',
  });
  const byCard = (overrides: Parameters<typeof donation>[0] = {}) =>
    gave({ source: 'card', amount: 50_000, payment_id: 3, ...overrides });
  const chooseCard = async () => {
    await open('Give funds');
    await click('₹500');
    await userEvent.click(within(dialog()).getByRole('radio', { name: /^Card/ }));
  };
  const typeCard = async (number: string) => {
    await typeInto('Card number', number);
    await typeInto('Expiry month', '12');
    await typeInto('Expiry year', '2035');
    await typeInto('Security code', '123');
  };

  it('pays with the default saved card in one step, the wallet untouched', async () => {
    const fetchMock = stubApi(byCard(), {
      'GET /api/user/wallet': () => jsonResponse(wallet(0)),
      'GET /api/user/payment_methods': () => jsonResponse({ items: [visa] }),
    });
    renderGive();
    await chooseCard();
    expect(await within(dialog()).findByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
    await click('Review');
    expect(within(dialog()).getByTestId('give-review').textContent).toContain('Paid fromVisa ending 4242');
    // No "wallet is short": the card pays.
    expect(within(dialog()).queryByTestId('give-short')).not.toBeInTheDocument();
    await click('Confirm: pay ₹500 by card');
    const done = await within(dialog()).findByTestId('give-confirmation');
    expect(done.textContent).toContain('Paid fromVisa ending 4242');
    // The thank-you asks to pass the project on.
    const share = within(done).getByRole('group', { name: 'Ask your friends to give too' });
    expect(within(share).getByRole('link', { name: 'Share by mail' }).getAttribute('href')).toContain(
      encodeURIComponent('/projects/1'),
    );
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toEqual({
      type: 2,
      amount: 50_000,
      source: 'card',
      payment_method_id: 7,
    });
  });

  it('keeps “Another card” chosen over the default saved card when the giver comes back to the details', async () => {
    stubApi(byCard(), { 'GET /api/user/payment_methods': () => jsonResponse({ items: [visa] }) });
    renderGive();
    await chooseCard();
    await within(dialog()).findByRole('radio', { name: /Visa ending 4242/ });
    await userEvent.click(within(dialog()).getByRole('radio', { name: /Another card/ }));
    await typeCard('4242 4242 4242 4242');
    await click('Review');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(await within(dialog()).findByRole('radio', { name: /Another card/ })).toBeChecked();
    expect(within(dialog()).getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
  });

  it('a declined new card sends the giver back to the card number, with the reason beside it', async () => {
    const declined = 'Your card was declined. Try another card.';
    let tries = 0;
    const fetchMock = stubApi(() => {
      tries += 1;
      return tries === 1
        ? errorResponse(402, 'CARD_DECLINED', declined, { fields: { card: declined } })
        : jsonResponse(donateAnswer({ donation: donation({ source: 'card', amount: 50_000 }) }), 201);
    });
    renderGive();
    await chooseCard();
    // A card with a wrong number is caught before anything is sent.
    await typeCard('4242 4242 4242 4241');
    await click('Review');
    expect(within(dialog()).getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    await typeCard('4000 0000 0000 0002');
    await click('Review');
    await click('Confirm: pay ₹500 by card');
    const number = await within(dialog()).findByLabelText('Card number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog()).getByText(declined)).toBeInTheDocument();
    expect(bodyOfCall(donateCalls(fetchMock)[0])).toMatchObject({
      source: 'card',
      card: { number: '4000000000000002', exp_month: 12, exp_year: 2035, cvc: '123' },
    });
    // Another card is another attempt, with a new key.
    await typeCard('4242 4242 4242 4242');
    await click('Review');
    await click('Confirm: pay ₹500 by card');
    await within(dialog()).findByTestId('give-confirmation');
    const [first, second] = donateCalls(fetchMock).map((call) => headersOf(call[1] as RequestInit));
    expect(second?.['Idempotency-Key']).not.toBe(first?.['Idempotency-Key']);
  });

  it('a card that asks for 3-D Secure shows the bank’s check, then the gift is made', async () => {
    const calls: string[] = [];
    const fetchMock = stubApi(
      () =>
        jsonResponse({ payment: { id: 41, status: 'requires_action', client_secret: 'sbx_secret_1' } }, 202),
      {
        'POST /api/sandbox/authenticate': (_url, init) => {
          calls.push(`bank ${JSON.parse(String(init.body)).outcome}`);
          return jsonResponse({ id: 'sbx_pi_1', status: 'succeeded' });
        },
        'POST /api/payment/41/confirm': () => {
          calls.push('confirm');
          return jsonResponse(donateAnswer({ donation: donation({ source: 'card', amount: 50_000 }) }), 201);
        },
      },
    );
    renderGive();
    await chooseCard();
    await typeCard('4000 0025 0000 3155');
    await click('Review');
    await click('Confirm: pay ₹500 by card');
    const check = await within(dialog()).findByRole('region', {
      name: 'Your bank asks you to confirm this payment',
    });
    expect(check.textContent).toContain('₹500 to Kindred, for River Trust');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm payment' }));
    await within(dialog()).findByTestId('give-confirmation');
    expect(calls).toEqual(['bank complete', 'confirm']);
    // The confirm goes with the gift's own key.
    const confirm = fetchMock.mock.calls.find(
      (call) => new URL(String(call[0]), 'http://x').pathname === '/api/payment/41/confirm',
    );
    const key = headersOf(donateCalls(fetchMock)[0]?.[1] as RequestInit)['Idempotency-Key'];
    expect(headersOf(confirm?.[1] as RequestInit)['Idempotency-Key']).toBe(`${key}:confirm`);
  });

  it('warns when the wallet will not cover a recurring gift’s next gifts', async () => {
    stubApi(undefined, { 'GET /api/user/wallet': () => jsonResponse(wallet(60_000)) });
    renderGive();
    await open('Give funds');
    await click('₹500');
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'Recurring' }));
    await click('Review');
    const warning = await within(dialog()).findByText(/Your wallet will not cover the next gifts/);
    expect(warning.closest('[role="alert"], .mantine-Alert-root')?.textContent).toContain(
      'After this, your wallet has ₹100; each gift needs ₹500.',
    );
  });
});
