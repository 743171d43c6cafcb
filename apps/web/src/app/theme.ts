import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Mantine theme. The account-kind colour lives in the `--blue` variables (header, accents); the
 * Mantine primary colour stays a fixed indigo whose text and filled shades pass WCAG AA on white
 * and on the body grey, which the yellow and green kind colours would not.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  defaultRadius: 'md',
  autoContrast: true,
  // People who ask their system for less motion get menus, dialogs and toasts without transitions.
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
    // Light alerts colour their title with shade 9 on a tint (green: 3.8:1); use the text colour.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } },
    // Labels stay exactly their words ('Email', not 'Email *'), so `getByLabel(..., { exact: true })`
    // finds them; required fields still carry the `required` attribute (aria-required).
    InputWrapper: { defaultProps: { withAsterisk: false } },
    TextInput: { defaultProps: { withAsterisk: false } },
    PasswordInput: {
      defaultProps: {
        withAsterisk: false,
        // Mantine's 'Toggle password visibility' would also match getByLabel('Password').
        visibilityToggleButtonProps: { 'aria-label': 'Show characters' },
      },
    },
    Textarea: { defaultProps: { withAsterisk: false } },
    Select: { defaultProps: { withAsterisk: false } },
    Autocomplete: { defaultProps: { withAsterisk: false } },
    DateInput: { defaultProps: { withAsterisk: false } },
    RadioGroup: { defaultProps: { withAsterisk: false } },
  },
});

/** Darker error, dimmed and placeholder texts than Mantine's defaults, for WCAG AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-body': '#ffffff',
  },
  dark: {},
});
