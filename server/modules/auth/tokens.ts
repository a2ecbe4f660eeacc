import { createHash, randomBytes } from 'node:crypto';

/** A secret for a link or a cookie: 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked database holds no usable session or link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
