import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links to uploaded files that are not public (decision 035). `<img src>` and download
 * links send no Authorization header, so an answer that hands a signed-in person such a file's URL
 * adds who they are, until when, and an HMAC over both and the file: `?u=<user>&e=<expiry>&s=<mac>`.
 * The file route checks the mac and then the person's access to the file's owner, on every request.
 * The key is derived from the JWT secret (every API process shares it).
 */
const LIFETIME_MS = 60 * 60 * 1000;
/** Expiries are rounded up to this step, so a URL stays the same for a while and the browser keeps it. */
const STEP_MS = 10 * 60 * 1000;
const FILES = '/api/files/';

export interface FileLinkQuery {
  u?: string | undefined;
  e?: string | undefined;
  s?: string | undefined;
}

function mac(secret: Uint8Array, base: string, userId: number, expires: number): Buffer {
  const key = createHmac('sha256', secret).update('kindred file links').digest();
  return createHmac('sha256', key).update(`${base}\n${userId}\n${expires}`).digest();
}

/** The stored URL (`/api/files/<folder>/<name>`, without an image's variant) signed for the person. */
export function signFileUrl(secret: Uint8Array, url: string, userId: number, now: Date): string {
  if (!url.startsWith(FILES) || url.includes('?')) return url;
  const expires = Math.ceil((now.getTime() + LIFETIME_MS) / STEP_MS) * (STEP_MS / 1000);
  return `${url}?u=${userId}&e=${expires}&s=${mac(secret, url, userId, expires).toString('base64url')}`;
}

/** The person a file link was signed for, when its signature is right and it has not expired. */
export function fileLinkUser(
  secret: Uint8Array,
  url: string,
  query: FileLinkQuery,
  now: Date,
): number | undefined {
  if (!query.u || !query.e || !query.s || !/^\d{1,12}$/.test(query.u) || !/^\d{1,12}$/.test(query.e))
    return undefined;
  const userId = Number(query.u);
  const expires = Number(query.e);
  if (expires * 1000 <= now.getTime()) return undefined;
  const given = Buffer.from(query.s, 'base64url');
  const expected = mac(secret, url, userId, expires);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}
