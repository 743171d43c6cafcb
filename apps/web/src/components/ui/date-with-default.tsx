import { formatDateInput } from '@kindred/shared';
import { Tooltip } from '@mantine/core';
import { DateField, type DateFieldProps } from './date-field';

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
 * A required date that, left blank, defaults to the project end date (docs/product/dates.md): the
 * default shows as a tooltip and as the placeholder.
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
