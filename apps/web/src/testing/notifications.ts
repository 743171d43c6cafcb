import { notificationsStore } from '@mantine/notifications';

/** The title and message of each toast on screen, in order. */
export function toastTexts() {
  return notificationsStore.getState().notifications.map((n) => ({ title: n.title, message: n.message }));
}
