import { Button, Group } from '@mantine/core';

/** A dialog form's buttons: Cancel (or its own word), then its submit (with its pending spinner), on the right. */
export function DialogActions({
  submitLabel,
  pending,
  onCancel,
  cancelLabel = 'Cancel',
  danger = false,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  /** The submit ends something for good (it is red). */
  danger?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={danger ? 'red.9' : undefined} loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
