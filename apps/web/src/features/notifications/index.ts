export { NotificationBell } from './components/notification-bell';
export { NotificationPreferences } from './components/notification-preferences';
export { NotificationsScreen } from './components/notifications-screen';
export { UnsubscribeScreen } from './components/unsubscribe-screen';
