import type { ReactNode } from 'react';
import { SearchPicker } from '@/components/ui/search-picker';
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
  return (
    <SearchPicker
      label="To"
      description="A person, charity, organisation or project: type the start of the name or of any word in it (at least 2 letters)."
      listLabel="Recipients"
      noneText="Nobody found by that name."
      search={messageQueries.recipients}
      keyOf={keyOf}
      labelOf={labelOf}
      value={value ? { ...value, picture: null, detail: null } : null}
      onChange={(picked) => onChange(picked ? { type: picked.type, id: picked.id, name: picked.name } : null)}
      error={error}
    />
  );
}
