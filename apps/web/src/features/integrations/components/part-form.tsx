import { Paper, Stack, Title } from '@mantine/core';
import { type FormEventHandler, type ReactNode, type RefObject, useId } from 'react';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormRefusal } from '@/components/ui/form-refusal';

export interface PartFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The heading, which names the form. */
  title: string;
  /** What did not happen when refused: 'Not added'. */
  refusalTitle: string;
  refusal: string | null;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A form opened inside a section to add one thing (a webhook, a token): framed under its heading,
 * the refusal above its fields, Cancel and its submit at its end.
 */
export function PartForm({
  formRef,
  onSubmit,
  title,
  refusalTitle,
  refusal,
  children,
  ...actions
}: PartFormProps) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" bg="gray.0">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <Stack gap="sm">
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          <FormRefusal title={refusalTitle} message={refusal} />
          {children}
          <DialogActions {...actions} />
        </Stack>
      </form>
    </Paper>
  );
}
