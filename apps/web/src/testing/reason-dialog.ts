import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Presses a dialog's confirm button with no reason typed, and checks the dialog asks for one. */
export async function expectReasonAsked(dialog: HTMLElement, confirm: string, asked: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
  expect(within(dialog).getByText(asked)).toBeInTheDocument();
}

/** Types the reason into a dialog's Reason field and presses its confirm button. */
export async function confirmWithReason(dialog: HTMLElement, confirm: string, reason: string) {
  await userEvent.type(within(dialog).getByLabelText(/Reason/), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
}
