import { THEME_COLOURS } from '@kindred/shared';
import { describe, expect, it } from 'vitest';
import { applyAccountTheme, contrastRatio, themeVariables } from './account-theme';

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('account theme', () => {
  it.each([
    ['individual', '#f7ae28'],
    ['charity', '#74c095'],
    ['organisation', '#272826'],
    ['franchise', '#3B2B45'],
    ['default', '#f7ae28'],
  ] as const)('sets --blue, --dark-blue and --very-dark-blue for %s to %s', (kind, colour) => {
    applyAccountTheme(kind);
    expect(cssVar('--blue')).toBe(colour);
    expect(cssVar('--dark-blue')).toBe(colour);
    expect(cssVar('--very-dark-blue')).toBe(colour);
    expect(document.documentElement.dataset.accountKind).toBe(kind);
  });

  it('sets the shared palette', () => {
    applyAccountTheme('charity');
    expect(cssVar('--green')).toBe('#30d68f');
    expect(cssVar('--red')).toBe('#ff256d');
    expect(cssVar('--body')).toBe('#efeff4');
    expect(cssVar('--yellow-warning')).toBe('#ffe399');
  });

  it('picks header text that passes WCAG AA on every theme colour', () => {
    for (const kind of Object.keys(THEME_COLOURS) as (keyof typeof THEME_COLOURS)[]) {
      const vars = themeVariables(kind);
      expect(contrastRatio(vars['--blue'] ?? '', vars['--on-blue'] ?? '')).toBeGreaterThanOrEqual(4.5);
    }
    expect(themeVariables('individual')['--on-blue']).toBe('#1a1b1e');
    expect(themeVariables('organisation')['--on-blue']).toBe('#ffffff');
  });
});
