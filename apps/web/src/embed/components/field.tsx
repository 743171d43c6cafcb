/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';

/** The id of a field's input, from its path: `card.number` -> `gift-card-number`. */
export const inputId = (path: string) => `gift-${path.replace(/[._]/g, '-')}`;

const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

export interface TextFieldProps {
  path: string;
  label: string;
  description?: string;
  error?: string | undefined;
  value: string;
  onValue: (value: string) => void;
  required?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
  maxLength?: number;
  /** Shown inside the field before the text (a currency sign), hidden from screen readers. */
  prefix?: string;
}

/**
 * A labelled text field: its description under the label, its message under the input (linked
 * with aria-describedby, the input marked invalid), as the app's own fields show them.
 */
export function TextField(props: TextFieldProps) {
  const id = inputId(props.path);
  const description = props.description ? `${id}-description` : undefined;
  const error = props.error ? `${id}-error` : undefined;
  const common = {
    id,
    name: props.path,
    value: props.value,
    required: props.required,
    autoComplete: props.autoComplete,
    inputMode: props.inputMode,
    maxLength: props.maxLength,
    'aria-invalid': props.error ? ('true' as const) : undefined,
    'aria-describedby': describedBy(description, error),
    onInput: (event: { currentTarget: HTMLInputElement }) => props.onValue(event.currentTarget.value),
  };
  return (
    <div class="field">
      <label for={id}>
        {props.label}
        {props.required ? (
          <span class="required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {props.description ? (
        <p class="description" id={description}>
          {props.description}
        </p>
      ) : null}
      <div class={props.prefix ? 'input has-prefix' : 'input'}>
        {props.prefix ? (
          <span class="prefix" aria-hidden="true">
            {props.prefix}
          </span>
        ) : null}
        {props.type === 'email' ? <input type="email" {...common} /> : <input type="text" {...common} />}
      </div>
      {props.error ? (
        <p class="error" id={error}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export interface CheckFieldProps {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}

/** A checkbox with its label beside it and its description under the label. */
export function CheckField({ id, label, description, checked, onChecked }: CheckFieldProps) {
  return (
    <div class="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => onChecked(event.currentTarget.checked)}
      />
      <div>
        <label for={id}>{label}</label>
        {description ? (
          <p class="description" id={`${id}-description`}>
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** An alert box: a failure (role alert, focusable) or a note. */
export function Notice({
  tone,
  title,
  children,
  alertRef,
}: {
  tone: 'error' | 'info';
  title?: string;
  children: ComponentChildren;
  alertRef?: { current: HTMLDivElement | null };
}) {
  return (
    <div
      class={`notice notice-${tone}`}
      role={tone === 'error' ? 'alert' : undefined}
      tabIndex={alertRef ? -1 : undefined}
      ref={alertRef}
    >
      {title ? <p class="notice-title">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
