import type { LoginResponse } from '@kindred/shared';
import { afterEach, beforeEach, vi } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin } from './fixtures';

/**
 * Each test of the calling block runs signed in (by default a session valid for an hour, with
 * navigation stubbed), and the session is cleared after it.
 */
export function signedInForEachTest(login: () => LoginResponse = () => makeLogin(Date.now() + 60 * MINUTE)) {
  beforeEach(() => {
    session.setNavigator(vi.fn());
    session.signIn(login());
  });
  afterEach(() => {
    session.clearSession();
  });
}
