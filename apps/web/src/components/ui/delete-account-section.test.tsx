import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';
import { DeleteAccountSection } from './delete-account-section';

function renderSection(remove: () => Promise<unknown>, onDeleted = vi.fn()) {
  renderWithProviders(
    <DeleteAccountSection
      noun="charity"
      name="River Trust"
      consequence="The charity leaves Kindred."
      rule="A charity that holds funds cannot be deleted."
      pending={false}
      remove={remove}
      onDeleted={onDeleted}
    />,
  );
  return onDeleted;
}

async function deleteAndConfirm(answer: 'Delete charity' | 'Keep charity') {
  await userEvent.click(screen.getByRole('button', { name: 'Delete charity' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete River Trust?' });
  expect(dialog.textContent).toContain('The charity leaves Kindred.');
  await userEvent.click(within(dialog).getByRole('button', { name: answer }));
}

describe('DeleteAccountSection', () => {
  it('says the rule before anyone tries, and deletes nothing when the person keeps it', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const onDeleted = renderSection(remove);
    expect(screen.getByText('A charity that holds funds cannot be deleted.')).toBeInTheDocument();
    await deleteAndConfirm('Keep charity');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('keeps a refusal beside the button, and stays on the page', async () => {
    const remove = vi.fn(() =>
      Promise.reject(new ApiError(409, 'CONFLICT', 'River Trust still holds ₹12.00: pay it out first.')),
    );
    const onDeleted = renderSection(remove);
    await deleteAndConfirm('Delete charity');
    const section = screen.getByRole('region', { name: 'Delete the charity' });
    const refusal = await within(section).findByRole('alert');
    expect(refusal.textContent).toContain('Not deleted');
    expect(refusal.textContent).toContain('River Trust still holds ₹12.00: pay it out first.');
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('deletes after the confirmation, then hands over to the screen', async () => {
    const remove = vi.fn(() => Promise.resolve({ message: 'Deleted' }));
    const onDeleted = renderSection(remove);
    await deleteAndConfirm('Delete charity');
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('River Trust was deleted.')).toBeInTheDocument();
  });
});
