import { vi } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { MyGivingScreen } from '../components/my-giving-screen';

/** My giving at `path` (e.g. '/donations?tab=totals'), signed in, with the public pages it links to. */
export function renderGiving(path = '/donations') {
  session.setNavigator(vi.fn());
  session.signIn(makeLogin(Date.now() + 60 * MINUTE));
  return renderRoutes(
    [
      { path: '/donations', element: <MyGivingScreen /> },
      { path: '/explore', element: <p>Explore page</p> },
    ],
    path,
  );
}

/** Captures files saved through an object URL and a link: their names and contents. */
export function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = (blob: Blob) => {
    n += 1;
    const url = `blob:test/${n}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}
