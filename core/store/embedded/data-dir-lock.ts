/**
 * One process owns a data directory: it holds `LOCK`, a file naming its pid. A lock left by a
 * process that no longer runs (killed, crashed) is taken over; a live holder is refused.
 */
import { linkSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../../security/private-files.js';
import { StoreError } from '../types.js';

/** File name of the lock inside the data directory. */
export const LOCK_FILE = 'LOCK';

// Directories this process holds: a second opener in the same process is refused too, while a
// lock naming our own pid that is not held here is a leftover of an earlier process with that pid.
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A held data-directory lock. */
export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file (only if it still names this process). */
  release(): void;
}

/**
 * Takes the data directory's lock or throws StoreError `unavailable` naming the live holder.
 * The pid is written to a private file first and then hard-linked into place, so the lock never
 * appears empty or half-written to a concurrent opener.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = realpathSync(dataDir);
  const path = join(dir, LOCK_FILE);
  if (heldHere.has(dir)) {
    throw new StoreError('unavailable', `data directory ${dir} is already open in this process (pid ${process.pid})`);
  }
  const draft = join(dir, `${LOCK_FILE}.${process.pid}.${Date.now()}`);
  writeFileSync(draft, `${process.pid}\n`, { mode: PRIVATE_FILE_MODE });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      }
      const holder = readHolder(path);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new StoreError(
          'unavailable',
          `data directory ${dir} is in use by process ${holder} (lock file ${path}); ` +
            'stop that process or choose another data directory',
        );
      }
      // The holder is gone: the lock is stale.
      try {
        unlinkSync(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  } finally {
    unlinkSync(draft);
  }
  heldHere.add(dir);
  return {
    path,
    release() {
      heldHere.delete(dir);
      if (readHolder(path) === process.pid) unlinkSync(path);
    },
  };
}
