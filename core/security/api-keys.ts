/**
 * Gateway (`ag_`) and collector (`tgk_`) keys: 256 random bits, shown once, stored as SHA-256
 * hashes, listed by prefix and last four characters.
 */
import { hash, randomBytes } from 'node:crypto';

export type KeyPrefix = 'ag_' | 'tgk_';

export interface IssuedKey {
  key: string;
  hash: string;
  prefix: string;
  last4: string;
}

export function issueKey(prefix: KeyPrefix): IssuedKey {
  const key = prefix + randomBytes(32).toString('base64url');
  return { key, hash: hashKey(key), prefix: key.slice(0, prefix.length + 4), last4: key.slice(-4) };
}

/** SHA-256 hex of a key; the one-shot hash, since every proxied request hashes its key. */
export const hashKey = (key: string): string => hash('sha256', key, 'hex');
