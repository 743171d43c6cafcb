import type { ValidationErrors } from '@kindred/shared';
import { type FormErrors, type UseFormInput, useForm } from '@mantine/form';
import type { z } from 'zod';
import { isApiError } from './api-client';

/** Texts of the error keys produced by the shared validators (spec §5 leaves them open). */
export const VALIDATION_MESSAGES: Record<string, string> = {
  required: 'Required.',
  email: 'Enter a valid email address.',
  isWhitespace: 'This cannot be only spaces.',
  number: 'Use digits only.',
  notZero: 'This cannot be 0.',
  registrationNumber: 'Use two letters followed by six digits, or eight digits.',
  compareFields: 'The passwords do not match.',
  nino: 'Enter a valid National Insurance number, for example AB123456C.',
};

/** The message of the first error of a shared validator's result, or null. */
export function messageOf(
  errors: ValidationErrors | null,
  overrides: Record<string, string> = {},
): string | null {
  if (!errors) return null;
  const key = Object.keys(errors)[0];
  if (!key) return null;
  if (key === 'largerThan') {
    const bound = (errors.largerThan as { bound?: number } | undefined)?.bound;
    return overrides.largerThan ?? `Must be more than ${bound ?? 0}.`;
  }
  return overrides[key] ?? VALIDATION_MESSAGES[key] ?? 'This value is not valid.';
}

/** Field errors of a zod schema, keyed by field path (first message per field). */
export function schemaErrors(schema: z.ZodType, values: unknown): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** Merges error maps; earlier maps win for the same field. */
export function mergeErrors(...maps: FormErrors[]): FormErrors {
  const out: FormErrors = {};
  for (const map of maps) {
    for (const [key, value] of Object.entries(map)) {
      if (value && !(key in out)) out[key] = value;
    }
  }
  return out;
}

/**
 * Puts the per-field messages of a 400 answer (`details.fields`) on the form's fields; a refused
 * password (401 or 403 without field messages, not an expired token) goes on `passwordField`.
 * Returns true when at least one field got a message.
 */
export function applyServerErrors(
  error: unknown,
  setFieldError: (field: string, message: string) => void,
  fieldMap: Record<string, string> = {},
  passwordField?: string,
): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries(error.fieldErrors);
  for (const [field, message] of entries) setFieldError(fieldMap[field] ?? field, message);
  if (entries.length === 0 && passwordField && (error.status === 401 || error.status === 403)) {
    if (error.isTokenExpired) return false;
    setFieldError(passwordField, error.message);
    return true;
  }
  return entries.length > 0;
}

/** Moves focus to the first invalid field of a form once the errors are rendered. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  if (!form) return;
  setTimeout(() => {
    const invalid = form.querySelector<HTMLElement>(
      'input[aria-invalid="true"], textarea[aria-invalid="true"], select[aria-invalid="true"], input[data-invalid="true"]',
    );
    invalid?.focus();
  }, 0);
}

/**
 * Mantine's `useForm`, with `aria-invalid` on every field that has an error (Mantine's
 * PasswordInput only marks its inner input with `data-invalid`).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as Mantine's useForm.
export function useAccessibleForm<Values extends Record<string, any>>(input: UseFormInput<Values>) {
  return useForm<Values>({
    ...input,
    enhanceGetInputProps: (payload) => ({
      'aria-invalid': payload.inputProps.error ? true : undefined,
      ...(input.enhanceGetInputProps?.(payload) ?? {}),
    }),
  });
}
