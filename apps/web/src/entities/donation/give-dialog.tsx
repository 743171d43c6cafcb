import { Modal, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef } from 'react';

export interface GiveDialogProps {
  title: string;
  /** While a gift is being made the dialog stays open (its close button, Escape and onClose do nothing). */
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The dialog a gift is made in, step by step: the whole screen on a phone. */
export function GiveDialog({ title, busy, onClose, children }: GiveDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnEscape={!busy}
      closeOnClickOutside={false}
    >
      {children}
    </Modal>
  );
}

/**
 * The heading of a give dialog's step (`active`): each step starts with its heading focused, so a
 * screen reader says where the person is. Not on opening: the dialog puts focus on its first field.
 */
export function useStepHeading(active: number) {
  const ref = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (active > 0) moved.current = true;
    if (moved.current) ref.current?.focus();
  }, [active]);
  return (text: string) => (
    <Title order={3} size="h4" ref={ref} tabIndex={-1}>
      {text}
    </Title>
  );
}
