import { notifications } from '@mantine/notifications';

/** Toast severities of spec §8; each toast has a summary (title) and a detail (message). */
export type ToastSeverity = 'success' | 'warning' | 'error';

const COLOURS: Record<ToastSeverity, string> = { success: 'green', warning: 'yellow', error: 'red' };
const AUTO_CLOSE_MS: Record<ToastSeverity, number> = { success: 5000, warning: 7000, error: 9000 };

function show(severity: ToastSeverity, summary: string, detail?: string): string {
  return notifications.show({
    title: summary,
    // Mantine requires a message; a summary-only toast has an empty body.
    message: detail ?? '',
    color: COLOURS[severity],
    autoClose: AUTO_CLOSE_MS[severity],
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    'data-severity': severity,
  });
}

export const toast = {
  success: (summary: string, detail?: string) => show('success', summary, detail),
  warning: (summary: string, detail?: string) => show('warning', summary, detail),
  error: (summary: string, detail?: string) => show('error', summary, detail),
};

/** The custom-error helper of spec §8: an error toast with the given detail. */
export function showCustomError(detail: string, summary = 'Error'): string {
  return toast.error(summary, detail);
}

/** Success texts of spec §8 (domain.md §2 overrides the password reset one). */
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
