import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/** Every dialog's look: centred, its close button named. */
const LOOK = { centered: true, closeButtonProps: { 'aria-label': 'Close dialog' } } as const;

/** A dialog, centred over the screen while it is shown, its close button named 'Close dialog'. */
export function Dialog({
  title,
  onClose,
  opened = true,
  size,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  opened?: boolean;
  /** The dialog's width (Mantine's sizes); Mantine's own where not given. */
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} {...LOOK}>
      {children}
    </Modal>
  );
}
