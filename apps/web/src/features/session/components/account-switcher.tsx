import { Select } from '@mantine/core';
import { accountKey } from '../accounts';
import { session } from '../session';
import { useAccountOptions, useSessionState } from '../use-session';

/** Switches the account the person acts as; the theme follows its kind. */
export function AccountSwitcher() {
  const state = useSessionState();
  const options = useAccountOptions();
  if (options.length < 2) return null;
  return (
    <Select
      aria-label="Active account"
      size="sm"
      w={220}
      allowDeselect={false}
      checkIconPosition="right"
      data={options.map((option) => ({
        value: option.key,
        label: option.kind === 'individual' ? option.label : `${option.label} (${option.kind})`,
      }))}
      value={accountKey(state.activeAccount)}
      onChange={(value) => {
        const option = options.find((candidate) => candidate.key === value);
        if (option) session.setActiveAccount(option.ref);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
