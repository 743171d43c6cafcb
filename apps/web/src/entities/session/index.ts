export * from './accounts';
export { reloadMemberships } from './reload-memberships';
export { type CreateSessionOptions, createSession, session } from './session';
export * from './session-service';
export { STORAGE_KEYS } from './session-storage';
export * from './use-session';
