import { Checkbox, Code, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Choice {
  /** The API's name of it: 'donation.made', 'donations:read'. */
  value: string;
  /** What it means, for people. */
  label: string;
}

export interface ChoiceGroupProps {
  label: string;
  description?: string;
  choices: Choice[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
}

/**
 * A required checkbox group of an account's choices (events, scopes): each box labelled by what it
 * means, with the API's name under it; the form's message for the group shows beneath it.
 */
export function ChoiceGroup({ label, description, choices, value, onChange, error }: ChoiceGroupProps) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      withAsterisk={false}
      value={value}
      onChange={onChange}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {choices.map((choice) => (
          <Checkbox
            key={choice.value}
            value={choice.value}
            label={choice.label}
            description={<Code>{choice.value}</Code>}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
