import { GIVING_TYPE } from '@kindred/shared';
import { Select, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DateField } from '@/components/ui/date-field';
import { DateWithDefault } from '@/components/ui/date-with-default';
import { WholeNumberInput } from '@/components/ui/whole-number-input';
import { dateFieldProps } from '@/lib/form';
import type { GiveValues } from '../lib/give-form';
import {
  type GiveKind,
  type GiveTarget,
  pledgeWindow,
  skillOptions,
  volunteeringHoursLeft,
} from '../lib/target';

export interface TimeFieldsProps {
  form: UseFormReturnType<GiveValues>;
  kind: GiveKind;
  target: GiveTarget;
  today: string;
}

/** Hours, the day (blank: the project's end date) and, for skilled volunteering, the skill. */
export function TimeFields({ form, kind, target, today }: TimeFieldsProps) {
  const dates = pledgeWindow(target, today);
  const project = target.kind === 'project' ? target.project : null;
  const hoursLeft = kind === GIVING_TYPE.volunteering ? volunteeringHoursLeft(target) : null;
  return (
    <Stack gap="md">
      {kind === GIVING_TYPE.skilledVolunteering ? (
        <Select
          label="Skill"
          required
          allowDeselect={false}
          placeholder="Choose a skill"
          description={project ? 'The skills this project asks for.' : undefined}
          data={skillOptions(target)}
          {...form.getInputProps('skill_type')}
        />
      ) : null}
      <WholeNumberInput
        label="Hours"
        required
        description={
          hoursLeft !== null
            ? `${hoursLeft} ${hoursLeft === 1 ? 'hour is' : 'hours are'} still needed.`
            : 'Whole hours.'
        }
        {...form.getInputProps('hours')}
      />
      {target.kind === 'project' ? (
        <DateWithDefault
          label="Date"
          projectEndDate={dates.defaultDate}
          minDate={dates.min}
          maxDate={dates.max ?? undefined}
          {...dateFieldProps(form, 'date')}
        />
      ) : (
        <DateField
          label="Date"
          description="mm/dd/yy; optional: leave it blank to agree a day with the charity."
          minDate={dates.min}
          {...dateFieldProps(form, 'date')}
        />
      )}
    </Stack>
  );
}
