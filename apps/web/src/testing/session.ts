import type { LoginResponse, SessionDetail } from '@kindred/shared';
import { afterEach, beforeEach, vi } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin, makeUser } from './fixtures';

/** Signs Dana Donor in for an hour, with the memberships or user fields given. */
export function signInWith(overrides: Partial<SessionDetail> = {}) {
  session.signIn(makeLogin(Date.now() + 60 * MINUTE, overrides));
}

/** Signs in a person who is a platform admin or not, of the given admin type (1 Super Admin, 99 Employee). */
export function signInAsPlatformUser(isAdmin: boolean, adminType: number | null) {
  signInWith({ user: makeUser({ is_iic_admin: isAdmin, admin_type: adminType }) });
}

/**
 * Each test of the calling block runs with navigation stubbed and signs in itself as it needs;
 * the session is cleared after it.
 */
export function sessionClearedAfterEachTest() {
  beforeEach(() => {
    session.setNavigator(vi.fn());
  });
  afterEach(() => {
    session.clearSession();
  });
}

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
