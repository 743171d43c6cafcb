import { Alert } from '@mantine/core';

export interface DismissibleRefusalProps {
  /** What was refused: 'Not changed'. */
  title: string;
  /** Why (the server's message); nothing shows without one. */
  message: string | null;
  /** The person closes it ("Dismiss"). */
  onDismiss: () => void;
}

/** Why an action on a list was refused, kept above the list until the person dismisses it. */
export function DismissibleRefusal({ title, message, onDismiss }: DismissibleRefusalProps) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      role="alert"
      withCloseButton
      onClose={onDismiss}
      closeButtonLabel="Dismiss"
    >
      {message}
    </Alert>
  );
}
