import type { Ref } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';

export interface Failure {
  title: string;
  message: string;
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
