import { type AccountKindName, PALETTE, THEME_COLOURS } from '@kindred/shared';

/** Dark text and white text, whichever reads better on a theme colour. */
export const DARK_TEXT = '#1a1b1e';
export const LIGHT_TEXT = '#ffffff';

function luminance(hex: string): number {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = channels;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** The text colour with the higher contrast on `background` (WCAG AA on every theme colour). */
export function readableTextOn(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

/**
 * The CSS variables of an account kind (docs/product/limits-and-messages.md#theme-colours): the
 * theme colour on the three "blue" variables.
 */
export function themeVariables(kind: AccountKindName): Record<string, string> {
  const colour = THEME_COLOURS[kind] ?? THEME_COLOURS.default;
  return {
    '--blue': colour,
    '--dark-blue': colour,
    '--very-dark-blue': colour,
    '--on-blue': readableTextOn(colour),
    '--green': PALETTE.green,
    '--red': PALETTE.red,
    '--body': PALETTE.body,
    '--yellow-warning': PALETTE.yellowWarning,
  };
}

/** Applies an account kind's theme to the document (or another root element). */
export function applyAccountTheme(kind: AccountKindName, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(kind))) {
    root.style.setProperty(name, value);
  }
  root.dataset.accountKind = kind;
}
