import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormRefusal } from '@/components/ui/form-refusal';
import { serverErrorsOf } from '@/lib/form';

export interface ReasonDialogProps {
  title: string;
  /** What happens, said above the field. */
  description: string;
  confirmLabel: string;
  pending: boolean;
  /** The API's refusal, shown above the field. */
  refusal?: string | null;
  /** The API's message about the reason itself, shown on the field. */
  fieldError?: string | null;
  /** Said on the field when it is left empty. */
  emptyMessage?: string;
  /** The title of the refusal ('Not rejected'). */
  refusalTitle?: string;
  /** The fewest characters a reason has (3 unless the call asks more). */
  minLength?: number;
  /** The most characters a reason may have (1000 unless the call allows fewer). */
  maxLength?: number;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void> | void;
}

/**
 * The submit of a reason dialog: sends the reason, and keeps what the server said, about the reason
 * (`fieldError`) or the action (`refusal`), for the dialog to show.
 */
export function useReasonSubmit(send: (reason: string) => Promise<unknown>, onDone: () => void) {
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (reason: string) => {
    setRefusal(null);
    setFieldError(null);
    try {
      await send(reason);
      onDone();
    } catch (caught) {
      const { fields, refusal: message } = serverErrorsOf(caught, { reason });
      if (fields.reason) setFieldError(String(fields.reason));
      setRefusal(message);
    }
  };
  return { submit, fieldError, refusal };
}

/**
 * Asks why before a refusal (rejecting an organisation, a donation, hiding a fundraising page): at
 * least 3 characters unless `minLength` says more.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  pending,
  refusal = null,
  fieldError = null,
  emptyMessage = 'Say why, in a few words.',
  refusalTitle = 'Not rejected',
  minLength = 3,
  maxLength = 1000,
  onClose,
  onSubmit,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < minLength) {
      setError(reason.trim() ? `Use at least ${minLength} characters.` : emptyMessage);
      return;
    }
    await onSubmit(reason.trim());
  };
  return (
    <Modal opened onClose={onClose} title={title} size="sm" centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <FormRefusal title={refusalTitle} message={refusal} />
          <Text size="sm">{description}</Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={maxLength}
            value={reason}
            error={error ?? fieldError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
