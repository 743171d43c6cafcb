import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_ISSUER = 'kindred';
export const TOKEN_AUDIENCE = 'kindred-web';
export const TOKEN_LIFETIME_SECONDS = 60 * 60;

export interface TokenClaims {
  userId: number;
  version: number;
}

export interface IssuedToken {
  token: string;
  expires_at: string;
}

export async function issueToken(secret: Uint8Array, claims: TokenClaims, now: Date): Promise<IssuedToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + TOKEN_LIFETIME_SECONDS;
  const token = await new SignJWT({ ver: claims.version })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expires_at: new Date(expiresAt * 1000).toISOString() };
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * The secret as a key the platform's crypto holds, made once per secret: jose would otherwise
 * import the raw bytes again for every token it checks (every signed-in request).
 */
const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function verifyKeyOf(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

/** Checks a token against the app's clock (`now`), never the machine's. */
export async function verifyToken(secret: Uint8Array, token: string, now: Date): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(secret), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    const version = payload.ver;
    if (!Number.isSafeInteger(userId) || typeof version !== 'number') return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { userId, version } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** A random single-use code for links in mails, and the hash kept in the database. */
export function newSingleUseCode(): { code: string; hash: string } {
  const code = randomBytes(24).toString('base64url');
  return { code, hash: hashCode(code) };
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
