import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Webhook secrets are kept sealed (AES-256-GCM under a key derived from the platform's secret): a
 * copy of the database alone does not let anyone sign deliveries as us.
 */

const keyOf = (secret: Uint8Array) =>
  createHash('sha256').update('kindred webhook secrets').update(secret).digest();

export function seal(secret: Uint8Array, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function unseal(secret: Uint8Array, value: string): string {
  const [iv, tag, sealed] = value.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) throw new Error('A sealed value is damaged');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}
