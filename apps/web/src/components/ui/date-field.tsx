import '@mantine/dates/styles.css';
import { DATE_INPUT_FORMAT, parseDateInput, WEEK_STARTS_ON } from '@kindred/shared';
import { DateInput, type DateInputProps } from '@mantine/dates';

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange'> & {
  ref?: React.Ref<HTMLInputElement>;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
};

/** A date input of spec §9: shown and typed as mm/dd/yy, weeks starting on Sunday. */
export function DateField({ label, value, onChange, description, ...props }: DateFieldProps) {
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
      onChange={(next) => onChange(next || null)}
      {...props}
    />
  );
}
