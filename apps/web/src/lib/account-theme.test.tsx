import { THEME_COLOURS } from '@kindred/shared';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeSync } from '@/app/theme-sync';
import { session } from '@/features/session';
import { MINUTE, makeLogin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
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

  it('follows the session: default when logged out, then the active account kind', () => {
    vi.spyOn(session, 'getThemeKind');
    renderWithProviders(<ThemeSync />);
    expect(cssVar('--blue')).toBe(THEME_COLOURS.default);
    act(() => {
      session.signIn(
        makeLogin(Date.now() + 60 * MINUTE, {
          business_membership: [
            {
              business_id: 9,
              name: 'Acme Ltd',
              admin_type: 1,
              is_signoff_admin: false,
              is_franchise: false,
              permissions: [],
            },
          ],
        }),
      );
    });
    expect(cssVar('--blue')).toBe(THEME_COLOURS.individual);
    act(() => session.setActiveAccount({ type: 'business', id: 9 }));
    expect(cssVar('--blue')).toBe(THEME_COLOURS.organisation);
    act(() => session.clearSession());
    expect(cssVar('--blue')).toBe(THEME_COLOURS.default);
  });
});
