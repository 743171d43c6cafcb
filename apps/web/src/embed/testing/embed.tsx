/** @jsxImportSource preact */
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { render } from 'preact';
import { afterEach } from 'vitest';
import { guestGiftAnswer } from '@/testing/fixtures';
import { paste } from '@/testing/user';
import { EmbedApp } from '../embed-app';
import { addressOf } from '../target';

/**
 * The donate button's page in a test: rendered by Preact into the document (unmounted after each
 * test), at the address given, against a stubbed `fetch` (@/testing/http).
 */
let mounted: HTMLElement | null = null;
afterEach(() => {
  if (mounted) render(null, mounted);
  mounted?.remove();
  mounted = null;
});

export function renderEmbed(path = '/embed/project/1') {
  mounted = document.createElement('div');
  document.body.append(mounted);
  render(<EmbedApp address={addressOf(path)} />, mounted);
}

export { configRoute } from '@/testing/http';

/** A guest's gift as the API answers it (approved, with its receipt number). */
export const giftAnswer = guestGiftAnswer;

/** The 202 answer: the card's bank asks for one more step. */
export const bankStepAnswer = () => ({
  payment: { id: 55, status: 'requires_action', client_secret: 'sandbox_pi_55_secret_x' },
});

export const YEAR = String(new Date().getFullYear() + 2);
/** A text field by its accessible name (its label, without the required mark). */
export const input = (label: string | RegExp) => screen.getByRole('textbox', { name: label });
export const typeInto = (label: string | RegExp, value: string) => paste(input(label), value);
export const click = (name: string | RegExp) => userEvent.click(screen.getByRole('button', { name }));

/** Types the giver (amount by its preset), and a sandbox card. */
export async function fillGift(card = '4242 4242 4242 4242') {
  await screen.findByRole('form', { name: 'Your gift' });
  await click('₹250');
  await typeInto('Email', 'gina@example.org');
  await typeInto('First name', 'Gina');
  await typeInto('Last name', 'Guest');
  await typeInto('Card number', card);
  await typeInto('Expiry month', '12');
  await typeInto('Expiry year', YEAR);
  await typeInto('Security code', '123');
}
