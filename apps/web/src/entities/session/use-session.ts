import { useSyncExternalStore } from 'react';
import type { AccountOption } from './accounts';
import { session } from './session';
import type { SessionState } from './session-service';

export function useSessionState(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

export function useIsLoggedIn(): boolean {
  useSessionState();
  return session.isLoggedIn();
}

export function useCurrentUser() {
  return useSessionState().user;
}

export function useAccountOptions(): AccountOption[] {
  useSessionState();
  return session.getAccountOptions();
}
