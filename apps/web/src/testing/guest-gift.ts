import { waitFor, within } from '@testing-library/dom';
import { expect } from 'vitest';

/**
 * The thank-you for Gina Guest's ₹250 with Gift Aid to the river clean-up, paid by the card ending
 * 4242 (guestGiftFixture's gift): it takes the focus and says what was given, to what, how it was
 * paid and where the receipt goes. The web app's guest giving and the donate button say the same.
 */
export async function expectGuestThanks(thanks: HTMLElement) {
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Thank you for your gift'));
  expect(thanks.textContent).toContain('You gave₹250, with ₹62.50 of Gift Aid');
  expect(thanks.textContent).toContain('ToClean-up of the river banks, a project of River Trust');
  expect(thanks.textContent).toContain('Paid byCard ending 4242');
  expect(
    within(thanks).getByText('Your receipt KR-2026-000091 is on its way to gina@example.org.'),
  ).toBeVisible();
}
