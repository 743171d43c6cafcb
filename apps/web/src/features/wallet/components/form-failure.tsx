import { Alert, type AlertProps } from '@mantine/core';
import type { Ref } from 'react';

export interface Failure {
  title: string;
  message: string;
}

/**
 * A red alert whose title and text keep the body text colour (WCAG AA on the red tint; the theme
 * already does this for titles).
 */
export function ErrorAlert({ ref, ...props }: AlertProps & { ref?: Ref<HTMLDivElement> }) {
  return (
    <Alert
      ref={ref}
      color="red"
      variant="light"
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
      {...props}
    />
  );
}

/**
 * A form's failure that belongs to no single field (a declined card, a network error): announced at
 * once, and focusable so the form can move focus to it.
 */
export function FormFailure({ failure, ref }: { failure: Failure | null; ref?: Ref<HTMLDivElement> }) {
  if (!failure) return null;
  return (
    <ErrorAlert ref={ref} tabIndex={-1} role="alert" title={failure.title}>
      {failure.message}
    </ErrorAlert>
  );
}
