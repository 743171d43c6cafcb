import { DATE_INPUT_FORMAT, formatDateInput, parseDateInput, WEEK_STARTS_ON } from '@kindred/shared';
import { Tooltip } from '@mantine/core';
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

export interface DateWithDefaultProps extends DateFieldProps {
  /** The project end date (ISO) a blank value stands for. */
  projectEndDate: string | null;
}

/** The hint shown while the date is blank: what it defaults to. */
export function defaultDateHint(projectEndDate: string | null): string {
  const shown = formatDateInput(projectEndDate);
  return shown
    ? `Left blank, this is the project end date (${shown}).`
    : 'Left blank, this is the project end date (not set yet).';
}

/**
 * A required date that, left blank, defaults to the project end date (spec §5): the default shows
 * as a tooltip and as the placeholder.
 */
export function DateWithDefault({ projectEndDate, value, ...props }: DateWithDefaultProps) {
  const blank = !value;
  const shown = formatDateInput(projectEndDate);
  return (
    <Tooltip
      label={defaultDateHint(projectEndDate)}
      disabled={!blank}
      events={{ hover: true, focus: true, touch: true }}
      multiline
      w={260}
      position="top-start"
      withArrow
    >
      <DateField
        {...props}
        value={value}
        placeholder={blank && shown ? shown : 'mm/dd/yy'}
        description={props.description ?? 'mm/dd/yy; left blank, the project end date.'}
      />
    </Tooltip>
  );
}
