import { email } from '@kindred/shared';
import { TextInput, type TextInputProps } from '@mantine/core';
import { messageOf } from '@/lib/form';

/** What is wrong with a typed email address, or null: the check of every email field of signing in. */
export function emailProblem(value: string): string | null {
  return value.trim() ? messageOf(email(value.trim())) : 'Enter your email.';
}

/** The person's email address, required and offered to autofill as such. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" required autoComplete="email" {...props} />;
}
