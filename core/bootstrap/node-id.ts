import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** This process's stable data-plane id, kept in the data directory so restarts keep it. */
export function nodeId(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'node-id');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const id = `dp-${randomUUID()}`;
  writeFileSync(path, id + '\n');
  return id;
}
