import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Presses the shared reason dialog's confirm button with no reason typed, and checks the dialog asks for one. */
export async function expectReasonAsked(dialog: HTMLElement, confirm: string, asked: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
  expect(within(dialog).getByText(asked)).toBeInTheDocument();
}

/** Types the reason into the shared reason dialog and presses its confirm button. */
export async function confirmWithReason(dialog: HTMLElement, confirm: string, reason: string) {
  await userEvent.type(within(dialog).getByLabelText(/Reason/), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
}
