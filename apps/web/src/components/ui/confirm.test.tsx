import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { confirm } from './confirm';

async function open() {
  renderWithProviders(<p>page</p>);
  let result: Promise<boolean> = Promise.resolve(false);
  act(() => {
    result = confirm({ title: 'Delete your account?', message: 'This cannot be undone.' });
  });
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { dialog, result };
}

describe('confirm dialog', () => {
  it('resolves true on confirm', async () => {
    const { dialog, result } = await open();
    expect(dialog.textContent).toContain('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(result).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false on decline', async () => {
    const { result } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(result).resolves.toBe(false);
  });

  it('resolves false when dismissed with the close button', async () => {
    const { result } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    await expect(result).resolves.toBe(false);
  });

  it('resolves false when dismissed with Escape', async () => {
    const { result } = await open();
    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toBe(false);
  });

  it('is a small dialog', async () => {
    const { dialog } = await open();
    const root = dialog.closest('.mantine-Modal-root') ?? dialog;
    expect(root.outerHTML).toMatch(/--modal-size:\s*var\(--modal-size-sm\)/);
  });
});
