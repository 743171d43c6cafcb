/** The root of every platform admin query of this feature: a change refreshes them together. */
export const platformAdminKey = ['platform-admin'] as const;
