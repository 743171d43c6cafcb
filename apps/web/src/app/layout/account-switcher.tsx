import { NativeSelect } from '@mantine/core';
import { accountKey, session, useAccountOptions, useSessionState } from '@/entities/session';

/** Switches the account the person acts as; the theme follows its kind. */
export function AccountSwitcher() {
  const state = useSessionState();
  const options = useAccountOptions();
  if (options.length < 2) return null;
  return (
    // A native select: one labelled control (no separate listbox), keyboard and screen-reader friendly.
    <NativeSelect
      aria-label="Active account"
      size="sm"
      w={{ base: '100%', sm: 230 }}
      data={options.map((option) => ({
        value: option.key,
        label: option.kind === 'individual' ? option.label : `${option.label} (${option.kind})`,
      }))}
      value={accountKey(state.activeAccount)}
      onChange={(event) => {
        const option = options.find((candidate) => candidate.key === event.currentTarget.value);
        if (option) session.setActiveAccount(option.ref);
      }}
    />
  );
}
