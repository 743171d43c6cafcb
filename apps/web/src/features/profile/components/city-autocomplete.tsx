import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { placeQueries } from '@/entities/places';

const MAX_SUGGESTIONS = 10;

export interface CityAutocompleteProps {
  /** The chosen state; suggestions come from GET /city/by_state/{stateId}?q=. */
  stateId: number | null;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
}

/**
 * City: free text with name-prefix suggestions of the chosen state. The suggestion list is named
 * 'Suggestions' so that the label 'City' names the text field only.
 */
export function CityAutocomplete({ stateId, value, onChange, onBlur, error }: CityAutocompleteProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query] = useDebouncedValue(value.trim(), 250);
  const cities = useQuery(placeQueries.towns(stateId, query));
  // At most ten, so the list never scrolls (a scrolling list would need its own tab stop).
  const names = Array.from(new Set((cities.data?.items ?? []).map((city) => city.name)))
    .filter((name) => name !== value)
    .slice(0, MAX_SUGGESTIONS);
  const open = stateId !== null && names.length > 0;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(name) => {
        onChange(name);
        combobox.closeDropdown();
      }}
      withinPortal
      // On a phone the suggestions stay shown even when the field is partly out of view.
      hideDetached={false}
    >
      <Combobox.Target>
        <TextInput
          label="City"
          description={stateId === null ? 'Choose a state to see suggestions.' : undefined}
          autoComplete="off"
          value={value}
          error={error}
          rightSection={cities.isFetching ? <Loader size={14} aria-hidden="true" /> : null}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!open}>
        <Combobox.Options aria-label="Suggestions">
          {names.map((name) => (
            <Combobox.Option value={name} key={name}>
              {name}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
