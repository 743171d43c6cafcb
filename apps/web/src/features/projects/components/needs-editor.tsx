import { DEFAULT_CURRENCY, GIFT_TYPES, SKILL_TYPES } from '@kindred/shared';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useRef } from 'react';
import { DateField } from '@/components/ui/date-field';
import { WholeNumberInput } from '@/components/ui/whole-number-input';
import { dateFieldProps } from '@/lib/form';
import {
  MAX_GIFT_NEEDS,
  MAX_SKILL_NEEDS,
  newGiftRow,
  newSkillRow,
  type ProjectFormValues,
} from '../lib/project-values';
import { DateWithDefault } from './date-field';

const CURRENCY_SYMBOL =
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: DEFAULT_CURRENCY })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? DEFAULT_CURRENCY;

const SKILL_OPTIONS = [
  { value: '', label: 'Choose a skill' },
  ...SKILL_TYPES.map((type) => ({ value: String(type.id), label: type.label })),
];
const GIFT_OPTIONS = [
  { value: '', label: 'Choose a gift type' },
  ...GIFT_TYPES.map((type) => ({ value: String(type.id), label: type.label })),
];

/** Focuses an element once React has rendered it. */
function focusSoon(id: string) {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

interface NeedRowsProps<Row extends { key: string }> {
  title: string;
  /** What shows when there is no row, e.g. 'No gifts asked for.' */
  none: string;
  /** A row's name: its legend ('Gift need 1'), its Remove button and the Add button. */
  noun: string;
  rows: Row[];
  max: number;
  /** The id of a row's first field, focused once the row is added. */
  fieldId: (row: Row) => string;
  /** Adds an empty row to the form and returns it. */
  add: () => Row;
  remove: (index: number) => void;
  /** A row's fields. */
  children: (row: Row, index: number) => ReactNode;
}

/**
 * A list of need rows (skilled volunteering, gifts): each in its fieldset with Remove, then Add.
 * Focus moves to the new row's first field on Add and back to Add on Remove, so it is never lost.
 */
function NeedRows<Row extends { key: string }>(props: NeedRowsProps<Row>) {
  const addRef = useRef<HTMLButtonElement>(null);
  const noun = props.noun.toLowerCase();
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {props.title}
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.none}
        </Text>
      ) : null}
      {props.rows.map((row, index) => (
        <Fieldset key={row.key} legend={`${props.noun} ${index + 1}`} variant="filled">
          <Group align="flex-start" wrap="wrap" gap="sm">
            {props.children(row, index)}
            <Button
              variant="default"
              c="red.9"
              mt={26}
              aria-label={`Remove ${noun} ${index + 1}`}
              onClick={() => {
                props.remove(index);
                addRef.current?.focus();
              }}
            >
              Remove
            </Button>
          </Group>
        </Fieldset>
      ))}
      <Group>
        <Button
          ref={addRef}
          variant="default"
          disabled={props.rows.length >= props.max}
          onClick={() => focusSoon(props.fieldId(props.add()))}
        >
          {`Add ${noun}`}
        </Button>
      </Group>
    </Stack>
  );
}

export interface NeedsEditorProps {
  form: UseFormReturnType<ProjectFormValues>;
  /** A message about the needs as a whole (e.g. publishing without any need). */
  needsError?: string | null;
  disabled?: boolean;
}

/**
 * What a project needs (docs/product/projects-and-charities.md#needs-and-progress): a funds target
 * typed as an amount, volunteering hours and dates, skilled volunteering rows (type and hours) and
 * gift rows (type, description, quantity).
 */
export function NeedsEditor({ form, needsError, disabled }: NeedsEditorProps) {
  const { skill_needs: skills, gift_needs: gifts } = form.values;

  return (
    <Fieldset legend="What the project needs" disabled={disabled}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          A project needs at least one kind of giving before it can be published.
        </Text>
        {needsError ? (
          <Alert color="red" variant="light" title="Needs" role="alert">
            {needsError}
          </Alert>
        ) : null}

        <Stack gap="xs">
          <Title order={3} size="h4">
            Funds
          </Title>
          <TextInput
            label="Funds target"
            description={`An amount in ${DEFAULT_CURRENCY}, for example 1500 or 1500.50. Leave blank if no funds are needed.`}
            leftSection={<span aria-hidden="true">{CURRENCY_SYMBOL}</span>}
            inputMode="decimal"
            autoComplete="off"
            maw={320}
            {...form.getInputProps('funds_target')}
          />
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h4">
            Volunteering
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <WholeNumberInput
              label="Volunteering hours"
              description="Whole hours. Leave blank if no volunteers are needed."
              {...form.getInputProps('volunteering_hours')}
            />
            <DateField label="Volunteering starts" {...dateFieldProps(form, 'volunteering_start')} />
            <DateWithDefault
              label="Volunteering ends"
              projectEndDate={form.values.end_date}
              {...dateFieldProps(form, 'volunteering_end')}
            />
          </SimpleGrid>
        </Stack>

        <NeedRows
          title="Skilled volunteering"
          none="No skilled volunteering asked for."
          noun="Skilled need"
          rows={skills}
          max={MAX_SKILL_NEEDS}
          fieldId={(row) => `skill-${row.key}`}
          add={() => {
            const row = newSkillRow();
            form.insertListItem('skill_needs', row);
            return row;
          }}
          remove={(index) => form.removeListItem('skill_needs', index)}
        >
          {(row, index) => (
            <>
              <NativeSelect
                id={`skill-${row.key}`}
                label="Skill"
                data={SKILL_OPTIONS}
                withAsterisk={false}
                required
                style={{ flex: '2 1 240px' }}
                {...form.getInputProps(`skill_needs.${index}.type`)}
              />
              <WholeNumberInput
                label="Hours"
                required
                withAsterisk={false}
                style={{ flex: '1 1 120px' }}
                {...form.getInputProps(`skill_needs.${index}.hours`)}
              />
            </>
          )}
        </NeedRows>

        <NeedRows
          title="Gifts"
          none="No gifts asked for."
          noun="Gift need"
          rows={gifts}
          max={MAX_GIFT_NEEDS}
          fieldId={(row) => `gift-${row.key}`}
          add={() => {
            const row = newGiftRow();
            form.insertListItem('gift_needs', row);
            return row;
          }}
          remove={(index) => form.removeListItem('gift_needs', index)}
        >
          {(row, index) => (
            <>
              <NativeSelect
                id={`gift-${row.key}`}
                label="Gift type"
                data={GIFT_OPTIONS}
                withAsterisk={false}
                required
                style={{ flex: '1 1 200px' }}
                {...form.getInputProps(`gift_needs.${index}.type`)}
              />
              <TextInput
                label="Description"
                required
                style={{ flex: '2 1 240px' }}
                {...form.getInputProps(`gift_needs.${index}.description`)}
              />
              <WholeNumberInput
                label="Quantity"
                required
                withAsterisk={false}
                style={{ flex: '0 1 120px' }}
                {...form.getInputProps(`gift_needs.${index}.quantity`)}
              />
            </>
          )}
        </NeedRows>
      </Stack>
    </Fieldset>
  );
}
