import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { messageQueries } from '@/entities/message';

export interface ChosenRecipient {
  type: number;
  id: number;
  name: string;
}

const KIND: Record<number, string> = { 1: 'person', 2: 'organisation', 3: 'charity', 4: 'project' };
const keyOf = (r: { type: number; id: number }) => `${r.type}:${r.id}`;
const labelOf = (r: { type: number; name: string }) => `${r.name} (${KIND[r.type] ?? 'account'})`;

export interface RecipientPickerProps {
  value: ChosenRecipient | null;
  onChange: (value: ChosenRecipient | null) => void;
  error?: ReactNode;
}

/**
 * "To": finds people, charities, organisations and projects by name (never by or with an email).
 * The suggestion list is named 'Recipients' so that the label names the text field only.
 */
export function RecipientPicker({ value, onChange, error }: RecipientPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value ? labelOf(value) : '');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const searching = value === null || debounced !== labelOf(value);
  const results = useQuery(messageQueries.recipients(searching ? debounced : ''));
  const found = searching ? (results.data?.items ?? []) : [];
  const open = found.length > 0;
  const none = searching && debounced.length >= 2 && results.isSuccess && found.length === 0;

  return (
    <div>
      <Combobox
        store={combobox}
        onOptionSubmit={(key) => {
          const picked = found.find((r) => keyOf(r) === key);
          if (picked) {
            onChange({ type: picked.type, id: picked.id, name: picked.name });
            setText(labelOf(picked));
          }
          combobox.closeDropdown();
        }}
        withinPortal
        hideDetached={false}
      >
        <Combobox.Target>
          <TextInput
            label="To"
            description="A person, charity, organisation or project: type the start of the name or of any word in it (at least 2 letters)."
            placeholder="Start typing a name"
            required
            autoComplete="off"
            value={text}
            error={error}
            aria-invalid={error ? true : undefined}
            rightSection={results.isFetching ? <Loader size={14} aria-hidden="true" /> : null}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setText(next);
              if (value && next !== labelOf(value)) onChange(null);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!open}>
          <Combobox.Options aria-label="Recipients">
            {found.map((r) => (
              <Combobox.Option value={keyOf(r)} key={keyOf(r)}>
                {labelOf(r)}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {none ? (
        <Text size="sm" mt={4} role="status">
          Nobody found by that name.
        </Text>
      ) : null}
    </div>
  );
}
