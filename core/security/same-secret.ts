/**
 * Comparing a presented secret with the expected one without telling an attacker anything by
 * the time it takes: both are hashed to SHA-256 first, so the comparison is of equal lengths
 * whatever was presented (a plain `timingSafeEqual` must return early on a length mismatch, and
 * so tells the secret's length).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 of a secret, the form kept to compare against. */
export const secretDigest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Whether `presented` is the secret whose digest is `expectedDigest` (from `secretDigest`). */
export function matchesSecretDigest(presented: string, expectedDigest: Buffer): boolean {
  return timingSafeEqual(secretDigest(presented), expectedDigest);
}
