import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../security/private-files.js';

/** This process's stable data-plane id, kept in the data directory so restarts keep it. */
export function nodeId(dataDir: string): string {
  ensurePrivateDir(dataDir);
  const path = join(dataDir, 'node-id');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const id = `dp-${randomUUID()}`;
  writeFileSync(path, id + '\n', { mode: PRIVATE_FILE_MODE });
  return id;
}
