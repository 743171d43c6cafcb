import { THEME_COLOURS } from '@kindred/shared';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import { businessMembershipFixture } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { signInWith } from '@/testing/session';
import { ThemeSync } from './theme-sync';

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('theme sync', () => {
  it('follows the session: default when logged out, then the active account kind', () => {
    vi.spyOn(session, 'getThemeKind');
    renderWithProviders(<ThemeSync />);
    expect(cssVar('--blue')).toBe(THEME_COLOURS.default);
    act(() => {
      signInWith({ business_membership: [businessMembershipFixture()] });
    });
    expect(cssVar('--blue')).toBe(THEME_COLOURS.individual);
    act(() => session.setActiveAccount({ type: 'business', id: 9 }));
    expect(cssVar('--blue')).toBe(THEME_COLOURS.organisation);
    act(() => session.clearSession());
    expect(cssVar('--blue')).toBe(THEME_COLOURS.default);
  });
});
