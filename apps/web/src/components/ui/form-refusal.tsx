import { ErrorAlert } from './error-alert';

export interface FormRefusalProps {
  /** The refusal to show; nothing is rendered without one. */
  message: string | null;
  /** What did not happen: 'Not saved', 'Not signed in'. */
  title?: string;
}

/**
 * A form's refusal, above its fields: it stays until the next submit (an error toast would fade or
 * pile up), and `role="alert"` has screen readers announce it.
 */
export function FormRefusal({ message, title = 'Not saved' }: FormRefusalProps) {
  if (!message) return null;
  return (
    <ErrorAlert role="alert" title={title} data-testid="form-refusal">
      {message}
    </ErrorAlert>
  );
}
