import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeDirectory } from '../../make-directory.js';

/**
 * The cookie-signing secrets: SESSION_SECRET's list (the first signs, all verify, for rotation), or
 * a secret generated once into DATA_DIR so that sessions survive restarts.
 */
export function sessionSecrets(configured: string[], dataDir: string): string[] {
  if (configured.length > 0) return configured;
  const file = path.join(dataDir, 'session-secret');
  if (!existsSync(file)) {
    makeDirectory(dataDir);
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return [readFileSync(file, 'utf8').trim()];
}

/**
 * The key of the rate limiter's stored key hashes, derived from the signing secret (the first) so that
 * every process that verifies the others' cookies also counts under the same keys, and so that the
 * hashes a store holds reveal nothing about the cookie secret.
 */
export const rateLimitKeySecret = (secrets: string[]): Buffer =>
  createHmac('sha256', secrets[0] ?? '')
    .update('rate-limit keys')
    .digest();
