/** A same-site path to go to after login; anything else (absolute or protocol-relative URLs) gives the fallback. */
export function safeNext(next: string | null | undefined, fallback = '/'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next.startsWith('/login')) return fallback;
  return next;
}

/** `/login?next=<path>` for a protected path. */
export function loginPath(next: string): string {
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
