import { REQUIRED_MESSAGE, type ValidationErrors } from '@kindred/shared';
import {
  type FormErrors,
  type GetInputPropsReturnType,
  type UseFormInput,
  type UseFormReturnType,
  useForm,
} from '@mantine/form';
import { type RefObject, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { isApiError } from './api-client';

/**
 * Texts of the error keys produced by the shared validators
 * (docs/product/limits-and-messages.md#form-checks).
 */
export const VALIDATION_MESSAGES: Record<string, string> = {
  required: REQUIRED_MESSAGE,
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
    return overrides.largerThan ?? `Enter more than ${bound ?? 0}.`;
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

/** The refusal of a failure that is not an API answer (a bug, a lost connection before any answer). */
export const UNEXPECTED_REFUSAL = 'Something went wrong. Try again.';

/** What a refused submit shows: messages beside the fields, and one refusal above the form. */
export interface ServerErrors {
  /** Messages by form field path (only paths the form has). */
  fields: FormErrors;
  /** The server's message, followed by the field messages that have no field on this form. */
  refusal: string | null;
}

function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The one mapping of a refusal onto a form: each `details.fields` message goes on its field (the
 * API's name, or `fieldMap`'s name for it on this form); a message whose field the form does not
 * have joins the refusal, so nothing the server said is lost.
 */
export function serverErrorsOf(
  error: unknown,
  values: unknown,
  fieldMap: Record<string, string> = {},
): ServerErrors {
  if (isAbort(error)) return { fields: {}, refusal: null };
  if (!isApiError(error)) return { fields: {}, refusal: UNEXPECTED_REFUSAL };
  const fields: FormErrors = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const path = fieldMap[field] ?? field;
    if (hasPath(values, path)) {
      if (!(path in fields)) fields[path] = message;
    } else {
      elsewhere.push(message);
    }
  }
  const refusal = [error.message, ...elsewhere.filter((message) => message !== error.message)].join(' ');
  return { fields, refusal };
}

/** The parts of a Mantine form the server errors need. */
interface ErrorTarget {
  getValues: () => unknown;
  setErrors: (errors: FormErrors) => void;
}

/**
 * Puts a refusal's field messages on the form (replacing its errors) and answers the whole result,
 * for a form that shows the refusal its own way (the wallet forms add what a retry does).
 */
export function applyServerErrors(
  error: unknown,
  form: ErrorTarget,
  fieldMap: Record<string, string> = {},
): ServerErrors {
  const result = serverErrorsOf(error, form.getValues(), fieldMap);
  form.setErrors(result.fields);
  return result;
}

export interface FormErrorsOptions {
  /** API field name -> this form's field path, where they differ. */
  fieldMap?: Record<string, string>;
  /** The form element: focus goes to the first field with a message. */
  formRef?: RefObject<HTMLFormElement | null>;
}

/**
 * A form's refusal state. `report(error)` puts a failed submit's messages on the fields and keeps
 * the refusal for `<FormRefusal>`; `clear()` (at each submit, and after a success) removes both.
 * The form's values are never touched. Calls whose refusal a form shows are `silent` (no toast).
 */
export function useServerErrors(form: ErrorTarget, options: FormErrorsOptions = {}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const { fieldMap, formRef } = options;
  const report = useCallback(
    (error: unknown) => {
      const result = applyServerErrors(error, form, fieldMap);
      setRefusal(result.refusal);
      if (Object.keys(result.fields).length > 0) focusFirstInvalid(formRef?.current ?? null);
    },
    [form, fieldMap, formRef],
  );
  const clear = useCallback(() => {
    setRefusal(null);
  }, []);
  return { refusal, report, clear };
}

/**
 * The submit handler of a form whose values go to the API: the last refusal goes, `send` runs with
 * the values, a refusal is kept beside its fields (`useServerErrors`), and when the form's own
 * checks fail its first invalid field takes the focus.
 */
export function submitToServer<Values>(
  form: Pick<UseFormReturnType<Values>, 'onSubmit'>,
  server: { clear: () => void; report: (error: unknown) => void },
  formRef: RefObject<HTMLFormElement | null>,
  send: (values: Values) => Promise<void>,
) {
  return form.onSubmit(
    async (values) => {
      server.clear();
      try {
        await send(values);
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );
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
 * PasswordInput only marks its inner input with `data-invalid`), and the problems of what was
 * typed: a field given `getInputProps(path, { typed: true })` (a `DateField`) reports text it
 * cannot take through `onTypedProblem`, and the form keeps that message on the field and refuses
 * to submit until it is corrected, rather than sending another value (decision 036).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as Mantine's useForm.
export function useAccessibleForm<Values extends Record<string, any>>(input: UseFormInput<Values>) {
  const typed = useRef<Record<string, string>>({});
  const { validate } = input;
  return useForm<Values>({
    ...input,
    validate:
      typeof validate === 'function'
        ? (values: Values) => ({ ...validate(values), ...typed.current })
        : withTypedProblems(validate, typed.current),
    enhanceGetInputProps: (payload) => ({
      'aria-invalid': payload.inputProps.error ? true : undefined,
      ...(payload.options.typed
        ? {
            onTypedProblem: (message: string | null) => {
              const field = String(payload.field);
              if (message) typed.current[field] = message;
              else delete typed.current[field];
              payload.form.setFieldError(field, message);
            },
          }
        : {}),
      ...(input.enhanceGetInputProps?.(payload) ?? {}),
    }),
  });
}

/** A rules object whose top-level rules answer a typed problem of their field first. */
function withTypedProblems<Rules>(rules: Rules, typed: Record<string, string>): Rules {
  if (!rules || typeof rules !== 'object') return rules;
  const wrapped: Record<string, unknown> = { ...(rules as Record<string, unknown>) };
  for (const [field, rule] of Object.entries(wrapped)) {
    if (typeof rule !== 'function') continue;
    wrapped[field] = (...args: unknown[]) => typed[field] ?? rule(...args);
  }
  return wrapped as Rules;
}

/** What `dateFieldProps` uses of a form (Mantine's form, made with `useAccessibleForm`). */
interface DateForm<Path extends string, Stored extends string | null> {
  values: Record<Path, Stored>;
  getInputProps: (path: Path, options: { typed: true }) => GetInputPropsReturnType;
  setFieldValue: (path: Path, value: Stored) => void;
}

/** What a `DateField` takes from its form. */
type DateFieldBinding = GetInputPropsReturnType & {
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * A `DateField`'s props from its form: the form's own (what was typed that is not a date stops the
 * form, decision 036), its value and its changes. A form that holds the date as text keeps '' for
 * a cleared field (`empty`); otherwise it keeps null.
 */
export function dateFieldProps<Path extends string>(
  form: DateForm<Path, string | null>,
  path: Path,
): DateFieldBinding;
export function dateFieldProps<Path extends string>(
  form: DateForm<Path, string>,
  path: Path,
  empty: '',
): DateFieldBinding;
export function dateFieldProps<Path extends string>(
  form: DateForm<Path, string | null> | DateForm<Path, string>,
  path: Path,
  empty: '' | null = null,
): DateFieldBinding {
  const field = form as DateForm<Path, string | null>;
  return {
    ...field.getInputProps(path, { typed: true }),
    value: empty === '' ? field.values[path] || null : field.values[path],
    onChange: (value) => field.setFieldValue(path, value ?? empty),
  };
}
