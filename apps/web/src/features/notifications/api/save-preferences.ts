import type { NotificationPreferencesBody } from '@kindred/shared';
import { api } from '@/lib/api-client';
import { useCachingMutation } from '@/lib/mutations';
import type { PreferenceRow } from './get-preferences';
import { notificationQueries } from './queries';

/**
 * PUT /user/notification_preferences: the kinds changed (the others stay as they are); answers every
 * kind. Silent: the form shows a refusal beside its fields.
 */
export function savePreferences(
  body: NotificationPreferencesBody,
): Promise<{ preferences: PreferenceRow[] }> {
  return api.put<{ preferences: PreferenceRow[] }>('/user/notification_preferences', body, { silent: true });
}

export function useSavePreferences() {
  return useCachingMutation(savePreferences, () => notificationQueries.preferences().queryKey);
}
