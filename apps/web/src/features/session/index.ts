export * from './accounts';
export { AccountSwitcher } from './components/account-switcher';
export { UserMenu } from './components/user-menu';
export { type CreateSessionOptions, createSession, session } from './session';
export * from './session-service';
export { STORAGE_KEYS } from './session-storage';
export * from './use-session';
