/**
 * Machine-credential client ids and secrets. The secret carries 256 random bits, so one
 * SHA-256 is a sufficient stored form; it is compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new public client id (`mc_...`). */
export const newClientId = (): string => `mc_${randomBytes(12).toString('base64url')}`;
/** A new client secret (`mcs_...`, 256 random bits). */
export const newClientSecret = (): string => `mcs_${randomBytes(32).toString('base64url')}`;
/** The stored form of a client secret (SHA-256 hex). */
export const hashClientSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` hashes to `storedHash`. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashClientSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
