import { onTestFinished, vi } from 'vitest';

/** A file the screen saved: its name and contents. */
export interface SavedFile {
  name: string;
  blob: Blob;
}

/**
 * Captures the files saved through an object URL and a link (lib/save-file.ts), in order: jsdom has
 * no object URLs and saves nothing. Both are put back after the test.
 */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  const { createObjectURL, revokeObjectURL } = URL;
  onTestFinished(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  onTestFinished(() => click.mockRestore());
  return saved;
}
