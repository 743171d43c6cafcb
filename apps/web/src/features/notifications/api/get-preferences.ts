import type { NotificationPreference } from '@kindred/shared';
import { api } from '@/lib/api-client';

/** A person's choice for one kind of notification, with the kind's words. */
export type PreferenceRow = NotificationPreference & { label: string; description: string };

/** GET /user/notification_preferences: every kind, in the order to list them. Quiet: shown in place. */
export function getPreferences(signal?: AbortSignal): Promise<{ preferences: PreferenceRow[] }> {
  return api.get<{ preferences: PreferenceRow[] }>('/user/notification_preferences', {
    signal,
    silent: true,
  });
}
