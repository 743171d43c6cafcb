import { useEffect } from 'react';
import { session, useSessionState } from '@/entities/session';
import { applyAccountTheme } from '@/lib/account-theme';

/** Keeps the theme variables on the active account's kind ('default' when logged out). */
export function ThemeSync() {
  useSessionState();
  const kind = session.getThemeKind();
  useEffect(() => {
    applyAccountTheme(kind);
  }, [kind]);
  return null;
}
