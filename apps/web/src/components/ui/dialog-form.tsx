import { Stack } from '@mantine/core';
import type { ComponentProps, FormEventHandler, ReactNode, RefObject } from 'react';
import { DialogActions } from './dialog-actions';

export interface DialogFormProps {
  formRef?: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name, where it needs one of its own. */
  label?: string;
  /** Its buttons: the submit's label and pending state, and what Cancel does. */
  actions: ComponentProps<typeof DialogActions>;
  /** The fields (and what the dialog says above them). */
  children: ReactNode;
}

/** A dialog's form: its fields, then its buttons (Cancel, and the submit) on the right. */
export function DialogForm({ formRef, onSubmit, label, actions, children }: DialogFormProps) {
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {children}
        <DialogActions {...actions} />
      </Stack>
    </form>
  );
}
