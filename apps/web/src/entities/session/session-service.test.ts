import type { BusinessMembership, CharityMembership } from '@kindred/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, resetApiClient } from '@/lib/api-client';
import { businessMembershipFixture, MINUTE, makeDetail, makeLogin, makeUser, NOW } from '@/testing/fixtures';
import { errorResponse, headersOf, jsonResponse, stubFetch } from '@/testing/http';
import { createSession } from './session';
import { REFRESH_CHECK_INTERVAL_MS, REFRESH_WINDOW_MS } from './session-service';
import { STORAGE_KEYS } from './session-storage';

const charity: CharityMembership = { charity_id: 3, name: 'River Trust', admin_type: 2, permissions: [] };
const business: BusinessMembership = businessMembershipFixture();
const franchise: BusinessMembership = {
  ...business,
  business_id: 10,
  name: 'Acme Franchise',
  is_franchise: true,
};

let clock = NOW;
const now = () => clock;
const storage = () => window.localStorage;

function store(values: Partial<Record<keyof typeof STORAGE_KEYS, unknown>>) {
  for (const [key, value] of Object.entries(values)) {
    const storageKey = STORAGE_KEYS[key as keyof typeof STORAGE_KEYS];
    storage().setItem(storageKey, typeof value === 'string' ? value : JSON.stringify(value));
  }
}

function storeSignedIn(
  expiresInMs: number,
  overrides: Partial<Record<keyof typeof STORAGE_KEYS, unknown>> = {},
) {
  store({
    token: 'stored-token',
    tokenExpiresAt: new Date(clock + expiresInMs).toISOString(),
    user: makeUser({ first_name: 'Stored' }),
    charityMembership: [charity],
    businessMembership: [],
    projectMembership: [],
    groupMembership: [{ group_id: 1, name: 'Runners', group_type: 2, is_admin: false }],
    unreadMessages: 2,
    groups: [{ id: 1 }],
    ...overrides,
  });
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('session service', () => {
  beforeEach(() => {
    clock = NOW;
    resetApiClient();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetApiClient();
  });

  describe('at start', () => {
    it('restores the stored user and memberships, then replaces them with GET /user/get', async () => {
      storeSignedIn(60 * MINUTE);
      const answer = deferred<Response>();
      const fetchMock = stubFetch({ 'GET /api/user/get': () => answer.promise });
      const session = createSession({ now, navigate: vi.fn() });

      const started = session.start();

      // Restored from storage before the answer.
      expect(session.isLoggedIn()).toBe(true);
      expect(session.getState().user?.first_name).toBe('Stored');
      expect(session.getState().charityMembership).toEqual([charity]);
      expect(session.getState().groupMembership).toHaveLength(1);
      expect(session.getState().unreadMessages).toBe(2);

      answer.resolve(
        jsonResponse(
          makeDetail({
            user: makeUser({ first_name: 'Fresh', unread_messages: 0 }),
            charity_membership: [],
            business_membership: [business],
            group_membership: [],
            unread_messages: 5,
          }),
        ),
      );
      await started;

      expect(headersOf(fetchMock.mock.calls[0]?.[1]).Authorization).toBe('Bearer stored-token');
      const state = session.getState();
      expect(state.user?.first_name).toBe('Fresh');
      expect(state.charityMembership).toEqual([]);
      expect(state.businessMembership).toEqual([business]);
      expect(state.groupMembership).toEqual([]);
      // unread_messages is copied onto the user.
      expect(state.unreadMessages).toBe(5);
      expect(state.user?.unread_messages).toBe(5);
      // And the replacement is stored.
      expect(JSON.parse(storage().getItem(STORAGE_KEYS.user) ?? '{}').first_name).toBe('Fresh');
      expect(JSON.parse(storage().getItem(STORAGE_KEYS.user) ?? '{}').unread_messages).toBe(5);
      expect(JSON.parse(storage().getItem(STORAGE_KEYS.businessMembership) ?? '[]')).toEqual([business]);
      expect(storage().getItem(STORAGE_KEYS.unreadMessages)).toBe('5');
    });

    it('clears the session when a token is stored but the user is missing', async () => {
      store({ token: 'stored-token', tokenExpiresAt: new Date(clock + 60 * MINUTE).toISOString() });
      const fetchMock = stubFetch({});
      const navigate = vi.fn();
      const session = createSession({ now, navigate });
      await session.start();
      expect(session.isLoggedIn()).toBe(false);
      expect(storage().getItem(STORAGE_KEYS.token)).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
    });

    it('clears the session when the stored token has expired', async () => {
      storeSignedIn(-1);
      const fetchMock = stubFetch({});
      const session = createSession({ now, navigate: vi.fn() });
      await session.start();
      expect(session.isLoggedIn()).toBe(false);
      expect(session.getState().user).toBeNull();
      for (const key of Object.values(STORAGE_KEYS)) expect(storage().getItem(key)).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('is logged out with nothing stored', async () => {
      const fetchMock = stubFetch({});
      const session = createSession({ now, navigate: vi.fn() });
      await session.start();
      expect(session.isLoggedIn()).toBe(false);
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('keeps the restored session when the detail fetch fails for another reason', async () => {
      storeSignedIn(60 * MINUTE);
      stubFetch({ 'GET /api/user/get': () => errorResponse(503, 'UNAVAILABLE', 'Try again later.') });
      const session = createSession({ now, navigate: vi.fn() });
      await session.start();
      expect(session.isLoggedIn()).toBe(true);
      expect(session.getState().user?.first_name).toBe('Stored');
    });
  });

  it('is logged in only with a stored, unexpired token and a user', () => {
    const session = createSession({ now, navigate: vi.fn() });
    session.signIn(makeLogin(clock + 60 * MINUTE));
    expect(session.isLoggedIn()).toBe(true);
    clock += 61 * MINUTE;
    expect(session.isLoggedIn()).toBe(false);
  });

  it('stores the token apart from the user and memberships at sign-in', () => {
    const session = createSession({ now, navigate: vi.fn() });
    session.signIn(makeLogin(clock + 60 * MINUTE, { unread_messages: 3, charity_membership: [charity] }));
    expect(storage().getItem(STORAGE_KEYS.token)).toBe('token-1');
    expect(storage().getItem(STORAGE_KEYS.tokenExpiresAt)).toBe(new Date(clock + 60 * MINUTE).toISOString());
    const user = JSON.parse(storage().getItem(STORAGE_KEYS.user) ?? '{}');
    expect(user.token).toBeUndefined();
    expect(user.unread_messages).toBe(3);
    expect(JSON.parse(storage().getItem(STORAGE_KEYS.charityMembership) ?? '[]')).toEqual([charity]);
  });

  it('logout clears token, user, memberships and groups and goes to /login', () => {
    storeSignedIn(60 * MINUTE);
    const navigate = vi.fn();
    const session = createSession({ now, navigate });
    session.syncFromStorage();
    expect(session.isLoggedIn()).toBe(true);

    session.logout();

    expect(session.isLoggedIn()).toBe(false);
    expect(session.getState()).toMatchObject({
      token: null,
      user: null,
      charityMembership: [],
      businessMembership: [],
      projectMembership: [],
      groupMembership: [],
      unreadMessages: 0,
    });
    for (const key of Object.values(STORAGE_KEYS)) expect(storage().getItem(key)).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('clear-session does the same without navigating', () => {
    storeSignedIn(60 * MINUTE);
    const navigate = vi.fn();
    const session = createSession({ now, navigate });
    session.syncFromStorage();
    session.clearSession();
    expect(session.isLoggedIn()).toBe(false);
    for (const key of Object.values(STORAGE_KEYS)) expect(storage().getItem(key)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('token refresh', () => {
    it('does not refresh with more than 15 minutes left', async () => {
      const fetchMock = stubFetch({});
      const session = createSession({ now, navigate: vi.fn() });
      session.signIn(makeLogin(clock + REFRESH_WINDOW_MS + 1000));
      await session.refreshIfNeeded();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('refreshes with 15 minutes or less left and stores the new token', async () => {
      const newExpiry = new Date(clock + 60 * MINUTE).toISOString();
      const fetchMock = stubFetch({
        'GET /api/user/refresh': () => jsonResponse({ token: 'token-2', expires_at: newExpiry }),
      });
      const session = createSession({ now, navigate: vi.fn() });
      session.signIn(makeLogin(clock + REFRESH_WINDOW_MS));
      await session.refreshIfNeeded();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(headersOf(fetchMock.mock.calls[0]?.[1]).Authorization).toBe('Bearer token-1');
      expect(session.getState().token).toBe('token-2');
      expect(storage().getItem(STORAGE_KEYS.token)).toBe('token-2');
      expect(storage().getItem(STORAGE_KEYS.tokenExpiresAt)).toBe(newExpiry);
    });

    it('refreshes before a call when the window is reached, then sends the new token', async () => {
      const fetchMock = stubFetch({
        'GET /api/user/refresh': () =>
          jsonResponse({ token: 'token-2', expires_at: new Date(clock + 60 * MINUTE).toISOString() }),
        'GET /api/user/wallet': () => jsonResponse({ wallet_amount: 0 }),
      });
      const session = createSession({ now, navigate: vi.fn() });
      session.signIn(makeLogin(clock + 10 * MINUTE));
      await api.get('/user/wallet');
      const paths = fetchMock.mock.calls.map((call) => new URL(String(call[0]), 'http://x').pathname);
      expect(paths).toEqual(['/api/user/refresh', '/api/user/wallet']);
      expect(headersOf(fetchMock.mock.calls[1]?.[1]).Authorization).toBe('Bearer token-2');
    });

    it('makes one refresh call for concurrent calls', async () => {
      const fetchMock = stubFetch({
        'GET /api/user/refresh': () =>
          jsonResponse({ token: 'token-2', expires_at: new Date(clock + 60 * MINUTE).toISOString() }),
        'GET /api/user/wallet': () => jsonResponse({}),
      });
      const session = createSession({ now, navigate: vi.fn() });
      session.signIn(makeLogin(clock + 5 * MINUTE));
      await Promise.all([api.get('/user/wallet'), api.get('/user/wallet')]);
      const refreshes = fetchMock.mock.calls.filter((call) => String(call[0]).includes('/user/refresh'));
      expect(refreshes).toHaveLength(1);
    });

    it('logs out when the refresh fails', async () => {
      stubFetch({ 'GET /api/user/refresh': () => errorResponse(500, 'INTERNAL', 'Something went wrong.') });
      const navigate = vi.fn();
      const session = createSession({ now, navigate });
      session.signIn(makeLogin(clock + 5 * MINUTE));
      await session.refreshIfNeeded();
      expect(session.isLoggedIn()).toBe(false);
      expect(storage().getItem(STORAGE_KEYS.token)).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login');
    });

    it('checks on a timer', async () => {
      vi.useFakeTimers();
      const fetchMock = stubFetch({
        'GET /api/user/refresh': () =>
          jsonResponse({ token: 'token-2', expires_at: new Date(clock + 60 * MINUTE).toISOString() }),
      });
      const session = createSession({ now, navigate: vi.fn() });
      session.signIn(makeLogin(clock + 20 * MINUTE));
      session.startTimer();
      await vi.advanceTimersByTimeAsync(REFRESH_CHECK_INTERVAL_MS);
      expect(fetchMock).not.toHaveBeenCalled();
      clock += 5 * MINUTE; // 15 minutes left
      await vi.advanceTimersByTimeAsync(REFRESH_CHECK_INTERVAL_MS);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(session.getState().token).toBe('token-2');
      session.stopTimer();
    });
  });

  describe('active account', () => {
    it('offers the individual account, charities and organisations, and follows the kind', () => {
      const session = createSession({ now, navigate: vi.fn() });
      expect(session.getThemeKind()).toBe('default');
      session.signIn(
        makeLogin(clock + 60 * MINUTE, {
          charity_membership: [charity],
          business_membership: [business, franchise],
        }),
      );
      expect(session.getAccountOptions().map((option) => [option.key, option.kind])).toEqual([
        ['individual', 'individual'],
        ['charity:3', 'charity'],
        ['business:9', 'organisation'],
        ['business:10', 'franchise'],
      ]);
      expect(session.getThemeKind()).toBe('individual');
      session.setActiveAccount({ type: 'charity', id: 3 });
      expect(session.getThemeKind()).toBe('charity');
      session.setActiveAccount({ type: 'business', id: 10 });
      expect(session.getThemeKind()).toBe('franchise');
      expect(JSON.parse(storage().getItem(STORAGE_KEYS.activeAccount) ?? '{}')).toEqual({
        type: 'business',
        id: 10,
      });
      session.logout();
      expect(session.getThemeKind()).toBe('default');
    });

    it('falls back to the individual account when the membership is gone', () => {
      const session = createSession({ now, navigate: vi.fn() });
      session.signIn(makeLogin(clock + 60 * MINUTE, { business_membership: [business] }));
      session.setActiveAccount({ type: 'business', id: 9 });
      expect(session.getThemeKind()).toBe('organisation');
      session.applyDetail(makeDetail({ business_membership: [] }));
      expect(session.getState().activeAccount).toEqual({ type: 'individual' });
      expect(session.getThemeKind()).toBe('individual');
    });
  });
});
