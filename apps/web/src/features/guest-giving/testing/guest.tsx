import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectFixture } from '@/testing/fixtures';
import { pathOfCall, type stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { paste } from '@/testing/user';
import { GuestGiveFlow } from '../components/guest-give-flow';
import type { GuestGiveTarget } from '../lib/target';

export const DONATE = 'POST /api/guest/donate/project/1';
export const liveProject = projectFixture();
export const projectTarget: GuestGiveTarget = { kind: 'project', project: liveProject };
/** A card expiry year two years ahead. */
export const YEAR = String(new Date().getFullYear() + 2);

/** A guest's gift as the API answers it (approved, with its receipt number), and the donate call's answer. */
export { guestGiftAnswer as guestAnswer, guestGiftFixture as guestGift } from '@/testing/fixtures';
export { configRoute } from '@/testing/http';

/** The 202 answer: the card's bank asks for one more step. */
export const bankStepAnswer = (client_secret = 'sandbox_pi_55_secret_x') => ({
  payment: { id: 55, status: 'requires_action', client_secret },
});

/** Renders the guest flow for the project, with the pages its links go to. */
export function renderGuestFlow(target: GuestGiveTarget = projectTarget) {
  return renderRoutes([
    {
      path: '/',
      element: <GuestGiveFlow target={target} onClose={() => {}} />,
    },
    { path: '/register', element: <p>Register page</p> },
    { path: '/login', element: <p>Sign in page</p> },
  ]);
}

export const dialog = () => screen.getByRole('dialog');
export const click = (name: string | RegExp) =>
  userEvent.click(within(dialog()).getByRole('button', { name }));
export const field = (label: string | RegExp) =>
  within(dialog()).getByLabelText(label, { selector: 'input, textarea' });
export const typeInto = (label: string | RegExp, value: string) => paste(field(label), value);

/** Types the giver: amount by its preset, email and name. */
export async function fillGiver({ email = 'gina@example.org' } = {}) {
  await within(dialog()).findByLabelText('Email');
  await click('₹250');
  await typeInto('Email', email);
  await typeInto('First name', 'Gina');
  await typeInto('Last name', 'Guest');
}

/** Types a sandbox card. */
export async function fillSandboxCard(number = '4242 4242 4242 4242') {
  await typeInto('Card number', number);
  await typeInto('Expiry month', '12');
  await typeInto('Expiry year', YEAR);
  await typeInto('Security code', '123');
}

/** The calls of a stubbed fetch to a path. */
export const callsTo = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls.filter((call) => pathOfCall(call) === path);

/** The paths of the POST calls, in order. */
export const posts = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls
    .filter((call) => (call[1] as RequestInit | undefined)?.method === 'POST')
    .map((call) => pathOfCall(call));
