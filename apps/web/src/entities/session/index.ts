export * from './accounts';
export { PlatformAdminScreen } from './admin-screen';
export {
  ADMIN_TYPE_LABELS,
  type PlatformAdminAbilities,
  platformAdminAbilities,
  usePlatformAdmin,
} from './platform-admin';
export { reloadMemberships } from './reload-memberships';
export { type CreateSessionOptions, createSession, session } from './session';
export * from './session-service';
export { STORAGE_KEYS } from './session-storage';
export * from './use-session';
