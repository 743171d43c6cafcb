import { configureApiClient } from '@/lib/api-client';
import { getSessionDetail } from './api/get-session-detail';
import { refreshToken } from './api/refresh-token';
import { createSessionService, type SessionService } from './session-service';

export interface CreateSessionOptions {
  storage?: Storage;
  now?: () => number;
  navigate?: (to: string) => void;
  onCleared?: () => void;
}

/**
 * A session service wired to the API client: the client sends its token, checks the token's
 * freshness before each call and logs out on 'Token Expired'.
 */
export function createSession(options: CreateSessionOptions = {}): SessionService {
  const service = createSessionService({
    storage: options.storage ?? window.localStorage,
    now: options.now ?? (() => Date.now()),
    fetchDetail: () => getSessionDetail(),
    refreshToken,
    navigate: options.navigate ?? ((to) => window.location.assign(to)),
    onCleared: options.onCleared,
  });
  configureApiClient({
    getToken: () => service.getState().token,
    beforeRequest: () => service.refreshIfNeeded(),
    onTokenExpired: () => service.logout(),
  });
  return service;
}

/** The application's session. The router replaces its navigator once it exists. */
export const session: SessionService = createSession();
