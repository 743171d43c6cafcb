/**
 * Where the session lives in the browser (docs/product/identity-and-sessions.md#the-session-in-the-browser):
 * the token is stored apart from the user and the memberships.
 */
export const STORAGE_KEYS = {
  token: 'kindred.token',
  tokenExpiresAt: 'kindred.token_expires_at',
  user: 'kindred.user',
  charityMembership: 'kindred.charity_membership',
  businessMembership: 'kindred.business_membership',
  projectMembership: 'kindred.project_membership',
  groupMembership: 'kindred.group_membership',
  unreadMessages: 'kindred.unread_messages',
  /**
   * Groups cached by screens; cleared at logout with everything else
   * (docs/product/identity-and-sessions.md#the-session-in-the-browser).
   */
  groups: 'kindred.groups',
  activeAccount: 'kindred.active_account',
} as const;

export function readJson<T>(storage: Storage, key: string): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the session still works for this page.
  }
}

export function writeString(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // As above.
  }
}

export function removeKeys(storage: Storage, keys: readonly string[]): void {
  for (const key of keys) {
    try {
      storage.removeItem(key);
    } catch {
      // Ignore blocked storage.
    }
  }
}

/** The expiry of a JWT from its `exp` claim, in epoch ms; null when it cannot be read. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Epoch ms from an ISO date; null when absent or unreadable. */
export function parseExpiry(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
