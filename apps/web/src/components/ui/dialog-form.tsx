import { Stack } from '@mantine/core';
import type { ComponentProps, FormEventHandler, ReactNode, RefObject } from 'react';
import { DialogActions } from './dialog-actions';
import { FormRefusal } from './form-refusal';

export interface DialogFormProps {
  formRef?: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name, where it needs one of its own. */
  label?: string;
  /** Its buttons: the submit's label and pending state, and what Cancel does. */
  actions: ComponentProps<typeof DialogActions>;
  /** What the server said when it refused the form, above the fields (nothing shows without it). */
  refusal?: string | null;
  /** The refusal's title, e.g. 'Not extended'. */
  refusalTitle?: string;
  /** The fields (and what the dialog says above them). */
  children: ReactNode;
}

/** A dialog's form: why it was refused, its fields, then its buttons (Cancel, and the submit) on the right. */
export function DialogForm({
  formRef,
  onSubmit,
  label,
  actions,
  refusal = null,
  refusalTitle,
  children,
}: DialogFormProps) {
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        <FormRefusal title={refusalTitle} message={refusal} />
        {children}
        <DialogActions {...actions} />
      </Stack>
    </form>
  );
}
