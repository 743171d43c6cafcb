import { describe, expect, it, vi } from 'vitest';
import { type ApiError, api } from '@/lib/api-client';
import { freshApiClientForEachTest } from '@/testing/api-client';
import { MINUTE, makeLogin } from '@/testing/fixtures';
import { errorResponse, stubFetch } from '@/testing/http';
import { toastTexts } from '@/testing/notifications';
import { createSession } from './session';

/** The session wired to the API client (createSession): its token, and logout on 'Token Expired'. */
describe('session and api client', () => {
  freshApiClientForEachTest();

  it("logs out on a 401 'Token Expired'", async () => {
    const now = Date.now();
    const navigate = vi.fn();
    const session = createSession({ storage: window.localStorage, navigate, now: () => now });
    session.signIn(makeLogin(now + 60 * MINUTE));
    expect(session.isLoggedIn()).toBe(true);
    stubFetch({ 'GET /api/user/wallet': () => errorResponse(401, 'UNAUTHENTICATED', 'Token Expired') });

    const error = (await api.get('/user/wallet').catch((e: unknown) => e)) as ApiError;

    expect(error.isTokenExpired).toBe(true);
    expect(session.isLoggedIn()).toBe(false);
    expect(window.localStorage.getItem('kindred.token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(toastTexts()).toEqual([{ title: 'Error', message: 'Token Expired' }]);
  });

  it('does not log out on other 401 answers (a wrong current password, for example)', async () => {
    const now = Date.now();
    const navigate = vi.fn();
    const session = createSession({ storage: window.localStorage, navigate, now: () => now });
    session.signIn(makeLogin(now + 60 * MINUTE));
    stubFetch({
      'PATCH /api/user/password': () => errorResponse(401, 'INVALID_CREDENTIALS', 'Wrong password.'),
    });
    await api.patch('/user/password', {}).catch(() => undefined);
    expect(session.isLoggedIn()).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
