import '@mantine/dates/styles.css';
import {
  DATE_INPUT_FORMAT,
  DATE_TYPED_MESSAGE,
  dateRangeMessage,
  parseDateInput,
  WEEK_STARTS_ON,
} from '@kindred/shared';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'minDate' | 'maxDate'> & {
  ref?: React.Ref<HTMLInputElement>;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The first and last days the field takes (ISO dates). */
  minDate?: string | undefined;
  maxDate?: string | undefined;
  /**
   * Told what is wrong with the typed text (null once it is a date the field takes): a form made
   * with `useAccessibleForm` passes it through `getInputProps(path, { typed: true })`, so the
   * form is not sent while the field shows the problem.
   */
  onTypedProblem?: (message: string | null) => void;
};

/** What is wrong with a date typed into a field taking `minDate`..`maxDate`, or null. */
export function typedDateProblem(text: string, minDate?: string, maxDate?: string): string | null {
  if (text.trim() === '') return null;
  const date = parseDateInput(text);
  if (date === null) return DATE_TYPED_MESSAGE;
  if ((minDate && date < minDate) || (maxDate && date > maxDate))
    return dateRangeMessage(minDate ?? null, maxDate ?? null);
  return null;
}

/**
 * A date input (docs/product/dates.md): shown and typed as mm/dd/yy, weeks starting on Sunday. What was typed
 * is never changed or dropped (decision 036): a text that is not a date, or a day outside the
 * days the field takes, stays as typed with a sentence beside it, and a day the calendar would not
 * offer is still handed to the form, whose own check (and the server's) refuses it by name.
 */
export function DateField({
  label,
  value,
  onChange,
  description,
  error,
  onBlur,
  onTypedProblem,
  minDate,
  maxDate,
  ...props
}: DateFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const report = (message: string | null) => {
    setProblem(message);
    onTypedProblem?.(message);
  };
  return (
    <DateInput
      label={label}
      description={description ?? 'mm/dd/yy'}
      placeholder="mm/dd/yy"
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={(text) => parseDateInput(text)}
      firstDayOfWeek={WEEK_STARTS_ON}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      value={value}
      onChange={(next) => {
        if (problem) report(null);
        onChange(next || null);
      }}
      // The typed text stays as it is on leaving the field; it is checked here instead.
      fixOnBlur={false}
      onBlur={(event) => {
        onBlur?.(event);
        const text = event.currentTarget.value;
        const found = typedDateProblem(text, minDate, maxDate);
        if (found !== problem) report(found);
        const date = parseDateInput(text);
        if (date !== null && date !== value) onChange(date);
      }}
      minDate={minDate}
      maxDate={maxDate}
      error={problem ?? error}
      {...props}
    />
  );
}
