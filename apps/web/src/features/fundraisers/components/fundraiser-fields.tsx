import { DEFAULT_CURRENCY, FUNDRAISER_STORY_MAX_LENGTH, FUNDRAISER_TITLE_MAX_LENGTH } from '@kindred/shared';
import { Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { DateField } from '@/components/ui/date-field';
import { currencySymbol } from '@/lib/amount';
import { dateFieldProps } from '@/lib/form';
import { endDateWindow, type FundraiserValues } from '../lib/fundraiser-form';

export interface Choice {
  value: string;
  label: string;
}

export interface FundraiserFieldsProps {
  form: UseFormReturnType<FundraiserValues>;
  today: string;
  /** Creating a page: the person's groups and the organisations they run, to raise money for. */
  teams?: { groups: Choice[]; businesses: Choice[] };
  /** Editing a page whose end date passed: the date may move, but not into the past. */
  endedOn?: string | null;
}

/** Which team a page for a group, or for an organisation, is for: its field, and its choices in `teams`. */
const TEAM_FIELDS = [
  { for: 'group', path: 'group_id', label: 'Team', description: 'A group you belong to.', choices: 'groups' },
  {
    for: 'business',
    path: 'business_id',
    label: 'Organisation',
    description: 'An organisation you are an admin of.',
    choices: 'businesses',
  },
] as const;

/** The page's title, story, target and end date; creating one, also who it is for. */
export function FundraiserFields({ form, today, teams, endedOn = null }: FundraiserFieldsProps) {
  const window = endDateWindow(today);
  const forOptions = teams
    ? [
        { value: 'self', label: 'Just me', description: 'The page is yours alone.' },
        ...(teams.groups.length > 0
          ? [
              {
                value: 'group',
                label: 'For a team',
                description: 'One of your groups: its pages form a team with a leaderboard.',
              },
            ]
          : []),
        ...(teams.businesses.length > 0
          ? [
              {
                value: 'business',
                label: 'For an organisation',
                description: 'One you run: the page says so. The money still comes from whoever gives.',
              },
            ]
          : []),
      ]
    : [];
  return (
    <Stack gap="md">
      <TextInput
        label="Title"
        description="What your friends see first, for example ‘Dana runs 10k for the river’."
        required
        maxLength={FUNDRAISER_TITLE_MAX_LENGTH}
        {...form.getInputProps('title')}
      />
      <CountedTextarea
        label="Your story"
        description="Why you are raising money, and what it will do."
        required
        autosize
        minRows={5}
        maxLength={FUNDRAISER_STORY_MAX_LENGTH}
        {...form.getInputProps('story')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Target"
          description="What you hope to raise, for example 5000 or 2500.50."
          required
          leftSection={<span aria-hidden="true">{currencySymbol(DEFAULT_CURRENCY)}</span>}
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('target')}
        />
        <DateField
          label="End date"
          required
          clearable={false}
          // A page that ended keeps its day until it is moved (the form's check allows it unchanged).
          minDate={endedOn ? undefined : window.min}
          maxDate={window.max}
          description={
            endedOn
              ? 'mm/dd/yy; the page ended on this day. Move it to today or later to take gifts again.'
              : 'mm/dd/yy; the last day gifts are taken, today to a year ahead.'
          }
          {...dateFieldProps(form, 'end_date')}
        />
      </SimpleGrid>
      {forOptions.length > 1 ? (
        <Radio.Group label="Who the page is for" {...form.getInputProps('for')}>
          <Stack gap="xs" mt={6}>
            {forOptions.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                description={option.description}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {teams
        ? TEAM_FIELDS.filter((team) => team.for === form.values.for).map((team) => (
            <Select
              key={team.for}
              label={team.label}
              description={team.description}
              required
              allowDeselect={false}
              data={teams[team.choices]}
              {...form.getInputProps(team.path)}
            />
          ))
        : null}
    </Stack>
  );
}
