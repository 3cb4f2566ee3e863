import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../security/private-files.js';

/**
 * A secret from settings, else read from (or generated once into) the data directory with
 * owner-only permissions, so the embedded default works on a fresh machine and survives restarts.
 */
export function localSecret(dataDir: string, file: string, given?: string): string {
  if (given) return given;
  ensurePrivateDir(dataDir);
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(path, secret + '\n', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return secret;
}
