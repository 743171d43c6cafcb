import type { RouteObject } from 'react-router';
import { lazyScreens } from './lazy-screens';

const screens = lazyScreens(() => import('@/features/notifications'));

/** Notifications (signed in, docs/product/notifications.md): everything the person was told. */
export const notificationsRoutes: RouteObject[] = [
  { path: 'notifications', lazy: screens('NotificationsScreen') },
];

/** A mail's unsubscribe link: no sign-in needed. */
export const notificationPublicRoutes: RouteObject[] = [
  { path: 'unsubscribe/:token', lazy: screens('UnsubscribeScreen') },
];

/** The profile's section where the person chooses what they are told (`/profile/notifications`). */
export const notificationSettingsRoute: RouteObject = {
  path: 'notifications',
  lazy: screens('NotificationPreferences'),
};
