import type { DownloadedFile } from '@/lib/api-client';

/** Saves a blob through a temporary object URL and link, under the given name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Let the browser start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** Saves a downloaded file under the server's name (or the fallback when it named none). */
export function saveFile({ blob, filename }: DownloadedFile, fallbackName: string): void {
  saveBlob(blob, filename ?? fallbackName);
}

/**
 * Saves a CSV answer of the API client. The client hands back text it cannot read as JSON, which
 * a CSV with its header row always is.
 */
export function saveCsv(csv: unknown, filename: string): void {
  const text = typeof csv === 'string' ? csv : JSON.stringify(csv);
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), filename);
}
