import { PASSWORD_MIN_LENGTH } from '@kindred/shared';
import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/** What `NewPasswordInputs` uses of a form (Mantine's form has it). */
export interface PasswordForm {
  getInputProps: (path: 'password' | 'confirm_password') => ComponentProps<typeof PasswordInput>;
}

/**
 * A new password and its confirmation (registration, a reset, a change), both required and
 * offered to password managers as new.
 */
export function NewPasswordInputs({ form, label = 'New password' }: { form: PasswordForm; label?: string }) {
  return (
    <>
      <PasswordInput
        label={label}
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm password"
        required
        autoComplete="new-password"
        {...form.getInputProps('confirm_password')}
      />
    </>
  );
}
