import type {
  AccountKindName,
  BusinessMembership,
  CharityMembership,
  GroupMembership,
  ProjectMembership,
  SessionDetail,
  TokenResponse,
  User,
} from '@kindred/shared';
import {
  type AccountOption,
  type ActiveAccountRef,
  accountKey,
  accountOptions,
  INDIVIDUAL_ACCOUNT,
  isAccountRef,
} from './accounts';
import {
  jwtExpiry,
  parseExpiry,
  readJson,
  removeKeys,
  STORAGE_KEYS,
  writeJson,
  writeString,
} from './session-storage';

/**
 * The token is refreshed when this much time or less remains before it expires
 * (docs/product/identity-and-sessions.md#sign-in-and-tokens).
 */
export const REFRESH_WINDOW_MS = 15 * 60 * 1000;
/** How often the refresh timer checks the token. */
export const REFRESH_CHECK_INTERVAL_MS = 60 * 1000;

export interface SessionState {
  token: string | null;
  /** Token expiry in epoch ms. */
  expiresAt: number | null;
  user: User | null;
  charityMembership: CharityMembership[];
  businessMembership: BusinessMembership[];
  projectMembership: ProjectMembership[];
  groupMembership: GroupMembership[];
  unreadMessages: number;
  activeAccount: ActiveAccountRef;
  /** The last session ended by a logout (which goes to plain `/login`, without `next`). */
  endedByLogout: boolean;
}

export interface SessionServiceDeps {
  storage: Storage;
  now: () => number;
  /** GET /user/get */
  fetchDetail: () => Promise<SessionDetail>;
  /** GET /user/refresh */
  refreshToken: () => Promise<TokenResponse>;
  /** Where logout sends the person. */
  navigate: (to: string) => void;
  /** Called whenever the session is cleared (drop cached queries and so on). */
  onCleared?: () => void;
}

const EMPTY_STATE: SessionState = {
  token: null,
  expiresAt: null,
  user: null,
  charityMembership: [],
  businessMembership: [],
  projectMembership: [],
  groupMembership: [],
  unreadMessages: 0,
  activeAccount: INDIVIDUAL_ACCOUNT,
  endedByLogout: false,
};

const ALL_KEYS = Object.values(STORAGE_KEYS);

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * The session (docs/product/identity-and-sessions.md#the-session-in-the-browser): logged in when a
 * stored token exists, is not expired and a stored user exists. Holds the user and memberships,
 * refreshes the token 15 minutes before it expires and follows the active account for the theme.
 */
export function createSessionService(deps: SessionServiceDeps) {
  const { storage, now } = deps;
  let state: SessionState = EMPTY_STATE;
  let navigate = deps.navigate;
  let refreshing: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();

  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const isTokenExpired = (expiresAt: number | null) => expiresAt === null || expiresAt <= now();

  const isLoggedIn = () => Boolean(state.token && state.user && !isTokenExpired(state.expiresAt));

  /** The account still available after memberships change, or the individual account. */
  const validAccount = (
    ref: ActiveAccountRef,
    charities: readonly CharityMembership[],
    businesses: readonly BusinessMembership[],
  ): ActiveAccountRef => {
    const options = accountOptions(null, charities, businesses);
    return options.find((option) => option.key === accountKey(ref))?.ref ?? INDIVIDUAL_ACCOUNT;
  };

  const persistDetail = (next: SessionState) => {
    writeJson(storage, STORAGE_KEYS.user, next.user);
    writeJson(storage, STORAGE_KEYS.charityMembership, next.charityMembership);
    writeJson(storage, STORAGE_KEYS.businessMembership, next.businessMembership);
    writeJson(storage, STORAGE_KEYS.projectMembership, next.projectMembership);
    writeJson(storage, STORAGE_KEYS.groupMembership, next.groupMembership);
    writeJson(storage, STORAGE_KEYS.unreadMessages, next.unreadMessages);
    writeJson(storage, STORAGE_KEYS.activeAccount, next.activeAccount);
  };

  /** Forgets token, user, memberships, groups and the active account, without navigating. */
  const clearSession = () => {
    removeKeys(storage, ALL_KEYS);
    refreshing = null;
    set(EMPTY_STATE);
    deps.onCleared?.();
  };

  const logout = () => {
    clearSession();
    set({ ...EMPTY_STATE, endedByLogout: true });
    navigate('/login');
  };

  const setToken = (response: TokenResponse) => {
    const expiresAt = parseExpiry(response.expires_at) ?? jwtExpiry(response.token);
    writeString(storage, STORAGE_KEYS.token, response.token);
    if (expiresAt !== null) {
      writeString(storage, STORAGE_KEYS.tokenExpiresAt, new Date(expiresAt).toISOString());
    } else {
      removeKeys(storage, [STORAGE_KEYS.tokenExpiresAt]);
    }
    set({ ...state, token: response.token, expiresAt, endedByLogout: false });
  };

  /** Replaces user and memberships with a full detail; unread_messages is copied onto the user. */
  const applyDetail = (detail: SessionDetail) => {
    const user = detail.user ?? (detail as unknown as User);
    const charityMembership = detail.charity_membership ?? [];
    const businessMembership = detail.business_membership ?? [];
    const unreadMessages = detail.unread_messages ?? user.unread_messages ?? 0;
    const next: SessionState = {
      ...state,
      user: { ...user, unread_messages: unreadMessages },
      charityMembership,
      businessMembership,
      projectMembership: detail.project_membership ?? [],
      groupMembership: detail.group_membership ?? [],
      unreadMessages,
      activeAccount: validAccount(state.activeAccount, charityMembership, businessMembership),
    };
    persistDetail(next);
    set(next);
  };

  /** Replaces the user only (after a profile update), keeping the session's unread count. */
  const updateUser = (user: User) => {
    const next = { ...state, user: { ...user, unread_messages: state.unreadMessages } };
    writeJson(storage, STORAGE_KEYS.user, next.user);
    set(next);
  };

  /** Reads the stored session as it is, without any check (start and other tabs). */
  const readStored = (): SessionState => {
    const token = storage.getItem(STORAGE_KEYS.token);
    const storedActive = readJson<unknown>(storage, STORAGE_KEYS.activeAccount);
    const user = readJson<User>(storage, STORAGE_KEYS.user);
    const unread = readJson<number>(storage, STORAGE_KEYS.unreadMessages);
    const charityMembership = readJson<CharityMembership[]>(storage, STORAGE_KEYS.charityMembership) ?? [];
    const businessMembership = readJson<BusinessMembership[]>(storage, STORAGE_KEYS.businessMembership) ?? [];
    const unreadMessages = typeof unread === 'number' ? unread : (user?.unread_messages ?? 0);
    return {
      token,
      expiresAt:
        parseExpiry(storage.getItem(STORAGE_KEYS.tokenExpiresAt)) ?? (token ? jwtExpiry(token) : null),
      user: user && typeof user === 'object' ? { ...user, unread_messages: unreadMessages } : null,
      charityMembership,
      businessMembership,
      projectMembership: readJson<ProjectMembership[]>(storage, STORAGE_KEYS.projectMembership) ?? [],
      groupMembership: readJson<GroupMembership[]>(storage, STORAGE_KEYS.groupMembership) ?? [],
      unreadMessages,
      activeAccount: isAccountRef(storedActive)
        ? validAccount(storedActive, charityMembership, businessMembership)
        : INDIVIDUAL_ACCOUNT,
      endedByLogout: false,
    };
  };

  /**
   * Start-up (docs/product/identity-and-sessions.md#the-session-in-the-browser): a stored token
   * whose user is missing or which has expired clears the session; otherwise the stored user and
   * memberships are restored, then replaced by the full detail from `GET /user/get`.
   */
  const start = async (): Promise<void> => {
    const stored = readStored();
    if (!stored.token) {
      // Nothing to restore; leftovers without a token are not a session.
      if (stored.user) clearSession();
      else set(EMPTY_STATE);
      return;
    }
    if (!stored.user || isTokenExpired(stored.expiresAt)) {
      clearSession();
      return;
    }
    set(stored);
    const token = stored.token;
    try {
      const detail = await deps.fetchDetail();
      // Ignore an answer that arrives after a logout or another sign-in.
      if (state.token === token) applyDetail(detail);
    } catch {
      // Kept as restored; an expired token was already handled by the API client (logout).
    }
  };

  /** Signs in with the answer of POST /auth/login (token and session detail). */
  const signIn = (response: TokenResponse & SessionDetail) => {
    setToken({ token: response.token, expires_at: response.expires_at });
    applyDetail(response);
  };

  /** Whether the token has 15 minutes or less left. */
  const needsRefresh = () =>
    Boolean(state.token && state.expiresAt !== null && state.expiresAt - now() <= REFRESH_WINDOW_MS);

  /**
   * GET /user/refresh; a failed refresh logs out
   * (docs/product/identity-and-sessions.md#the-session-in-the-browser).
   */
  const refresh = (): Promise<void> => {
    if (refreshing) return refreshing;
    const token = state.token;
    const attempt = (async () => {
      try {
        const response = await deps.refreshToken();
        if (state.token === token) setToken(response);
      } catch {
        if (state.token === token) logout();
      } finally {
        refreshing = null;
      }
    })();
    refreshing = attempt;
    return attempt;
  };

  /** Refreshes the token when the refresh window is reached; runs before calls and on a timer. */
  const refreshIfNeeded = async (): Promise<void> => {
    if (refreshing) return refreshing;
    if (!state.token || !state.user) return;
    if (needsRefresh()) await refresh();
  };

  const startTimer = (intervalMs = REFRESH_CHECK_INTERVAL_MS) => {
    stopTimer();
    timer = setInterval(() => {
      void refreshIfNeeded();
    }, intervalMs);
  };

  function stopTimer() {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  }

  const setActiveAccount = (ref: ActiveAccountRef) => {
    const activeAccount = validAccount(ref, state.charityMembership, state.businessMembership);
    writeJson(storage, STORAGE_KEYS.activeAccount, activeAccount);
    set({ ...state, activeAccount });
  };

  /** The switcher's choices. */
  const getAccountOptions = (): AccountOption[] =>
    accountOptions(state.user, state.charityMembership, state.businessMembership);

  /** The theme kind: the active account's kind when signed in, otherwise 'default'. */
  const getThemeKind = (): AccountKindName => {
    if (!isLoggedIn()) return 'default';
    const key = accountKey(state.activeAccount);
    return getAccountOptions().find((option) => option.key === key)?.kind ?? 'individual';
  };

  /** Follows changes made by another tab (storage events). */
  const syncFromStorage = () => {
    const stored = readStored();
    if (!stored.token || !stored.user) {
      if (state.token) set(EMPTY_STATE);
      return;
    }
    set(stored);
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isLoggedIn,
    start,
    signIn,
    setToken,
    applyDetail,
    updateUser,
    logout,
    clearSession,
    needsRefresh,
    refresh,
    refreshIfNeeded,
    startTimer,
    stopTimer,
    setActiveAccount,
    getAccountOptions,
    getThemeKind,
    syncFromStorage,
    setNavigator(next: (to: string) => void) {
      navigate = next;
    },
  };
}
