import { formatDateInput } from '@kindred/shared';

/** An ISO date as the date inputs show it (mm/dd/yy), or a dash. */
export function showDate(iso: string | null | undefined): string {
  return formatDateInput(iso) || '—';
}

/** '1.2 MB', '830 KB', '12 bytes'. */
export function formatBytes(size: number): string {
  if (size >= 1024 * 1024) return `${(size / (1024 * 1024)).toFixed(1)} MB`;
  if (size >= 1024) return `${Math.round(size / 1024)} KB`;
  return `${size} bytes`;
}
