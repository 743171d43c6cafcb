import { NativeSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { placeQueries } from './place-queries';

/** The value of a form's town field that keeps the town already stored (its name, not an id). */
export const CURRENT_TOWN = 'current';

/**
 * What saving a form's town field changes of the record: a chosen town by its id, nothing for the
 * stored town (CURRENT_TOWN), and for no town, the town's name and coordinates cleared.
 */
export function townUpdate(cityId: string | null) {
  if (!cityId) return { city: null, latitude: null, longitude: null };
  return cityId === CURRENT_TOWN ? {} : { city_id: Number(cityId) };
}

export interface TownPickerProps {
  stateId: string | null;
  onStateChange: (stateId: string | null) => void;
  /** A town id, CURRENT_TOWN for the stored town, or null. */
  cityId: string | null;
  /** The stored town's name (shown for CURRENT_TOWN). */
  currentCity: string;
  onCityChange: (cityId: string | null, name: string) => void;
  error?: ReactNode;
}

/** Region, then a town searched by the first letters of its name (GET /city/by_state/{id}?q=). */
export function TownPicker({
  stateId,
  onStateChange,
  cityId,
  currentCity,
  onCityChange,
  error,
}: TownPickerProps) {
  const states = useQuery(placeQueries.regions());
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const stateNumber = stateId ? Number(stateId) : null;
  const towns = useQuery(placeQueries.towns(stateNumber, query === currentCity ? '' : query));
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);

  const options = new Map<string, string>();
  if (cityId === CURRENT_TOWN && currentCity) options.set(CURRENT_TOWN, currentCity);
  if (chosen && chosen.value === cityId) options.set(chosen.value, chosen.label);
  for (const town of towns.data?.items ?? []) {
    if (!options.has(String(town.id))) options.set(String(town.id), town.name);
  }
  const data = [...options].map(([value, label]) => ({ value, label }));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NativeSelect
        label="Region"
        data={[
          { value: '', label: states.isPending ? 'Loading regions…' : 'Choose a region' },
          ...(states.data?.items ?? []).map((state) => ({ value: String(state.id), label: state.name })),
        ]}
        value={stateId ?? ''}
        onChange={(event) => onStateChange(event.currentTarget.value || null)}
      />
      <Select
        label="Town"
        description={stateId ? 'Type the first letters of the town.' : 'Choose a region to search its towns.'}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': 'Clear town' }}
        data={data}
        value={cityId}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(value, option) => {
          if (value && option) setChosen({ value, label: option.label });
          onCityChange(value, option?.label ?? '');
        }}
        nothingFoundMessage={stateId ? 'No town starts with these letters.' : 'Choose a region first.'}
        error={error}
        withAsterisk={false}
        // On a phone the suggestions stay shown even when the field is partly out of view.
        comboboxProps={{ withinPortal: true, hideDetached: false }}
      />
    </SimpleGrid>
  );
}

/** A form's town: its region, its town (an id, CURRENT_TOWN for the stored one, or null) and the town's name. */
interface TownValues {
  state_id: string | null;
  city_id: string | null;
  city: string;
}

/** What `FormTownPicker` uses of a form (Mantine's form has it). */
export interface TownForm {
  values: TownValues;
  errors: Record<string, ReactNode>;
  setFieldValue: (path: keyof TownValues, value: string | null) => void;
}

/** The TownPicker of a form with a town (a charity's, a project's): its fields stay together. */
export function FormTownPicker({ form }: { form: TownForm }) {
  return (
    <TownPicker
      stateId={form.values.state_id}
      onStateChange={(value) => {
        // A town chosen in another region does not belong to the new one.
        if (value !== form.values.state_id && form.values.city_id) {
          form.setFieldValue('city_id', null);
          form.setFieldValue('city', '');
        }
        form.setFieldValue('state_id', value);
      }}
      cityId={form.values.city_id}
      currentCity={form.values.city}
      onCityChange={(value, name) => {
        form.setFieldValue('city_id', value);
        form.setFieldValue('city', name);
      }}
      error={form.errors.city_id}
    />
  );
}

/** What `FormPlaceInputs` uses of a form: its town, and its post code's input. */
export interface PlaceForm extends TownForm {
  getInputProps: (path: 'post_code') => GetInputPropsReturnType;
}

/** Where a charity or a project is: its region and town, then its post code. */
export function FormPlaceInputs({ form }: { form: PlaceForm }) {
  return (
    <>
      <FormTownPicker form={form} />
      <TextInput
        label="Post code"
        autoComplete="postal-code"
        maw={200}
        {...form.getInputProps('post_code')}
      />
    </>
  );
}
