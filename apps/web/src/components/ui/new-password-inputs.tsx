import { compareFields, PASSWORD_MIN_LENGTH, passwordSchema } from '@kindred/shared';
import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { messageOf } from '@/lib/form';

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

/** The person's password as it is now (signing in, or to confirm a change), offered to password managers. */
export function CurrentPasswordInput({ label = 'Password', ...props }: ComponentProps<typeof PasswordInput>) {
  return <PasswordInput label={label} required autoComplete="current-password" {...props} />;
}

/**
 * The compare-fields message when the confirmation is typed and differs from the password (both
 * fields are flagged, docs/product/limits-and-messages.md#form-checks), or null.
 */
export function passwordMismatch(values: { password: string; confirm_password: string }): string | null {
  return values.confirm_password && compareFields('password', 'confirm_password')(values)
    ? messageOf({ compareFields: true })
    : null;
}

/**
 * The checks of `NewPasswordInputs`: the password's first rule it breaks (or the mismatch), and the
 * confirmation missing (`again` says so) or differing.
 */
export function newPasswordErrors(
  values: { password: string; confirm_password: string },
  again: string,
): { password: string | null; confirm_password: string | null } {
  const mismatch = passwordMismatch(values);
  const weak = passwordSchema.safeParse(values.password).error?.issues[0]?.message ?? null;
  return { password: weak ?? mismatch, confirm_password: values.confirm_password ? mismatch : again };
}
