import { notifications } from '@mantine/notifications';

/**
 * Toast severities (docs/product/limits-and-messages.md#messages-users-see); each toast has a
 * summary (title) and a detail (message).
 */
export type ToastSeverity = 'success' | 'warning' | 'error';

const COLOURS: Record<ToastSeverity, string> = { success: 'green', warning: 'yellow', error: 'red' };
/**
 * Success toasts fade; warnings and errors stay until closed (WCAG 2.2.1: a message that matters is
 * not timed out before it is read).
 */
const AUTO_CLOSE_MS: Record<ToastSeverity, number | false> = { success: 5000, warning: false, error: false };

/** The warnings and errors on screen: a later success makes them stale. */
const standing = new Set<string>();

function show(severity: ToastSeverity, summary: string, detail?: string): string {
  if (severity === 'success') {
    for (const id of standing) notifications.hide(id);
    standing.clear();
  }
  const id = notifications.show({
    title: summary,
    // Mantine requires a message; a summary-only toast has an empty body.
    message: detail ?? '',
    color: COLOURS[severity],
    autoClose: AUTO_CLOSE_MS[severity],
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    'data-severity': severity,
    onClose: () => {
      standing.delete(id);
    },
  });
  if (severity !== 'success') standing.add(id);
  return id;
}

export const toast = {
  success: (summary: string, detail?: string) => show('success', summary, detail),
  warning: (summary: string, detail?: string) => show('warning', summary, detail),
  error: (summary: string, detail?: string) => show('error', summary, detail),
};

/**
 * The custom-error helper (docs/product/limits-and-messages.md#messages-users-see): an error toast
 * with the given detail.
 */
export function showCustomError(detail: string, summary = 'Error'): string {
  return toast.error(summary, detail);
}

/**
 * Success texts (docs/product/limits-and-messages.md#messages-users-see): a reset mails a link,
 * never a password.
 */
export const SUCCESS_TOASTS = {
  loggedIn: { summary: 'Logged in', detail: 'Successfully logged in!' },
  confirmationEmail: { summary: 'Confirmation email', detail: 'Successfully sent confirmation email!' },
  passwordReset: (email: string) => ({
    summary: 'Password reset',
    detail: `Successfully sent password reset link to ${email}!`,
  }),
  updateSuccessful: { summary: 'Update successful' },
  passwordUpdated: { summary: 'Password updated' },
  emailUpdated: { summary: 'Email updated' },
  deletedAccount: { summary: 'Deleted account' },
} as const;
