import { useState } from 'react';

/**
 * The download a screen is making, named by a key of the caller's (a format, a claim's id, or
 * true): `run(key, download)` keeps it `busy` until the file is saved or refused, and answers
 * whether it was saved (the API client shows a refusal as the error toast).
 */
export function useDownloading<Key>() {
  const [busy, setBusy] = useState<Key | null>(null);
  async function run(key: Key, download: () => Promise<unknown>): Promise<boolean> {
    setBusy(key);
    try {
      await download();
      return true;
    } catch {
      // The API client showed the error toast.
      return false;
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
