import { Combobox, Loader, TextInput, type TextInputProps, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Suggestions, suggestionFieldEvents } from '@/components/ui/search-picker';
import { placeQueries } from '@/entities/places';

/** Towns suggested per search. */
const TOWN_SUGGESTIONS = 10;

/** The town field with suggestions of the chosen region's towns (loaded once a region is chosen). */
export function TownSearch({
  regionId,
  onPick,
  inputProps,
}: {
  regionId: number;
  onPick: (id: number, name: string) => void;
  /** The field's label and description, as the place filter shows them before this loads. */
  inputProps: TextInputProps;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [query] = useDebouncedValue(value.trim(), 250);
  const towns = useQuery(placeQueries.towns(regionId, query, TOWN_SUGGESTIONS));
  const options = towns.data?.items ?? [];
  return (
    <Combobox
      store={combobox}
      withinPortal
      // On a phone the suggestions stay shown even when the field is partly out of view.
      hideDetached={false}
      onOptionSubmit={(id) => {
        const town = options.find((option) => String(option.id) === id);
        if (town) onPick(town.id, town.name);
        setValue('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          {...inputProps}
          value={value}
          rightSection={towns.isFetching ? <Loader size={14} aria-hidden="true" /> : null}
          {...suggestionFieldEvents(combobox, setValue)}
        />
      </Combobox.Target>
      <Suggestions
        label="Suggestions"
        items={options.map((town) => ({ key: String(town.id), text: town.name }))}
      />
    </Combobox>
  );
}
