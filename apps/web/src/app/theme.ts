import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * WCAG 2.2 SC 2.5.8 (docs/decisions/038-touch-targets-and-phone-sections.md): every pointer target is
 * at least 24 x 24 CSS px. Mantine draws checkboxes, radios and switches at 20 px ('sm', its default)
 * and close buttons and action icons at 18 or 22 px ('xs', 'sm'); whatever size a screen asks for,
 * these draw at least Mantine's next size up ('md': 24 px boxes, 28 px buttons). Larger sizes stay.
 */
const tooSmall = (size: unknown) =>
  size === undefined || size === 'xs' || size === 'sm' || (typeof size === 'number' && size < 24);

/**
 * A component whose sized CSS variables (on its `part`) take Mantine's 'md' value when the size
 * asked for is 'xs', 'sm', none or under 24 px. Plain theme objects: importing the components here would load
 * them with the first page.
 */
function atLeastMd(part: string, ...variables: string[]) {
  return {
    vars: (_theme: unknown, props: { size?: unknown }) => ({
      [part]: tooSmall(props.size)
        ? Object.fromEntries(variables.map((name) => [name, `var(${name}-md)`]))
        : {},
    }),
  };
}

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
    Checkbox: atLeastMd('root', '--checkbox-size'),
    CheckboxIndicator: atLeastMd('indicator', '--checkbox-size'),
    Radio: atLeastMd('root', '--radio-size', '--radio-icon-size'),
    Switch: atLeastMd(
      'root',
      '--switch-height',
      '--switch-width',
      '--switch-thumb-size',
      '--switch-track-label-padding',
    ),
    CloseButton: atLeastMd('root', '--cb-size'),
    // A field's clear button is a CloseButton of the field's size ('sm': 22 px) under its own name.
    InputClearButton: atLeastMd('root', '--cb-size'),
    ActionIcon: atLeastMd('root', '--ai-size'),
    // The steppers are two 17 px halves of the field's height (under 24 px, and no room to grow):
    // the field takes typing, and the arrow keys step it, as before.
    NumberInput: { defaultProps: { hideControls: true } },
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
