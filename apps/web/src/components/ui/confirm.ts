import type { ReactNode } from 'react';
import { whenDialogHostReady } from './dialog-host';

export interface ConfirmOptions {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
}

/**
 * The confirm dialog, size small (docs/product/limits-and-messages.md#messages-users-see): resolves
 * `true` on confirm and `false` on
 * decline or dismissal (close button, Escape, click outside). Needs `DialogHost` mounted (the app's
 * providers mount it).
 */
export async function confirm({
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  const [{ modals }] = await Promise.all([import('@mantine/modals'), whenDialogHostReady()]);
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      size: 'sm',
      centered: true,
      children: message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red.9' } : {},
      closeButtonProps: { 'aria-label': 'Close dialog' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
