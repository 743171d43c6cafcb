import { Combobox, type ComboboxStore, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useState } from 'react';

/**
 * The events of a text field with suggestions below it: typing (`onType`) or focusing it shows
 * them, from the first one; leaving it hides them.
 */
export function suggestionFieldEvents(combobox: ComboboxStore, onType: (text: string) => void) {
  return {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onType(event.currentTarget.value);
      combobox.openDropdown();
      combobox.updateSelectedOptionIndex();
    },
    onClick: () => combobox.openDropdown(),
    onFocus: () => combobox.openDropdown(),
    onBlur: () => combobox.closeDropdown(),
  };
}

/** The suggestions of such a field, a list named `label` (hidden while there are none). */
export function Suggestions({ label, items }: { label: string; items: { key: string; text: string }[] }) {
  return (
    <Combobox.Dropdown hidden={items.length === 0}>
      <Combobox.Options aria-label={label}>
        {items.map((item) => (
          <Combobox.Option value={item.key} key={item.key}>
            {item.text}
          </Combobox.Option>
        ))}
      </Combobox.Options>
    </Combobox.Dropdown>
  );
}

export interface SearchPickerProps<T, K extends QueryKey> {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  /** Names the suggestion list, so that the label names the text field only. */
  listLabel: string;
  /** Said below the field when a search of at least `minLength` characters finds nothing. */
  noneText: string;
  /** The search for the typed text (trimmed, debounced); '' when nothing is searched. */
  search: (text: string) => UseQueryOptions<{ items: T[] }, Error, { items: T[] }, K>;
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  value: T | null;
  onChange: (value: T | null) => void;
  error?: ReactNode;
  required?: boolean;
  minLength?: number;
}

/**
 * A text field that finds things by name as one types and lets one pick one from the list
 * (a message's recipient, a deposit's person or organisation). Typing again clears the choice.
 */
export function SearchPicker<T, K extends QueryKey>({
  label,
  description,
  placeholder = 'Start typing a name',
  listLabel,
  noneText,
  search,
  keyOf,
  labelOf,
  value,
  onChange,
  error,
  required = true,
  minLength = 2,
}: SearchPickerProps<T, K>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value ? labelOf(value) : '');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const searching = value === null || debounced !== labelOf(value);
  const results = useQuery(search(searching ? debounced : ''));
  const found = searching ? (results.data?.items ?? []) : [];
  const none = searching && debounced.length >= minLength && results.isSuccess && found.length === 0;

  return (
    <div>
      <Combobox
        store={combobox}
        onOptionSubmit={(key) => {
          const picked = found.find((item) => keyOf(item) === key);
          if (picked) {
            onChange(picked);
            setText(labelOf(picked));
          }
          combobox.closeDropdown();
        }}
        withinPortal
        hideDetached={false}
      >
        <Combobox.Target>
          <TextInput
            label={label}
            description={description}
            placeholder={placeholder}
            required={required}
            autoComplete="off"
            value={text}
            error={error}
            aria-invalid={error ? true : undefined}
            rightSection={results.isFetching ? <Loader size={14} aria-hidden="true" /> : null}
            {...suggestionFieldEvents(combobox, (next) => {
              setText(next);
              if (value && next !== labelOf(value)) onChange(null);
            })}
          />
        </Combobox.Target>
        <Suggestions
          label={listLabel}
          items={found.map((item) => ({ key: keyOf(item), text: labelOf(item) }))}
        />
      </Combobox>
      {none ? (
        <Text size="sm" mt={4} role="status">
          {noneText}
        </Text>
      ) : null}
    </div>
  );
}
