import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret from settings, else read from (or generated once into) the data directory with
 * owner-only permissions, so the embedded default works on a fresh machine and survives restarts.
 */
export function localSecret(dataDir: string, file: string, given?: string): string {
  if (given) return given;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(path, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}
