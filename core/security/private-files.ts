/**
 * Files Portcullis keeps on disk (store journal and snapshot, lock, generated secrets, a data
 * plane's config cache) are its own user's business: folders are created 0700 and files 0600,
 * and what an older version left more open is tightened at start.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Mode of every folder Portcullis creates for its data. */
export const PRIVATE_DIR_MODE = 0o700;
/** Mode of every file Portcullis writes into them. */
export const PRIVATE_FILE_MODE = 0o600;

/** How deep `tightenTree` looks: the data directory holds at most `store/store/<file>`. */
const MAX_DEPTH = 4;

/** Creates `dir` (and missing parents) owner-only, and tightens it when it already exists. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tightenPath(dir, true);
}

/** Takes group and other permissions off one path of ours; returns whether it changed. */
function tightenPath(path: string, isDirectory: boolean): boolean {
  const stat = lstatSync(path);
  // Another user's file cannot be changed by us, and a symbolic link's target is not ours to judge.
  if (stat.isSymbolicLink() || (process.getuid && stat.uid !== process.getuid())) return false;
  if ((stat.mode & 0o077) === 0) return false;
  chmodSync(path, isDirectory ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
  return true;
}

/**
 * Tightens `root` and everything under it (folders 0700, files 0600), walking at most
 * MAX_DEPTH levels with a queue rather than recursion; returns the paths changed.
 */
export function tightenTree(root: string): string[] {
  const changed: string[] = [];
  const queue: Array<{ path: string; depth: number }> = [{ path: root, depth: 0 }];
  for (let i = 0; i < queue.length; i++) {
    const { path, depth } = queue[i];
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) continue;
    if (tightenPath(path, stat.isDirectory())) changed.push(path);
    if (stat.isDirectory() && depth < MAX_DEPTH) {
      for (const name of readdirSync(path)) queue.push({ path: join(path, name), depth: depth + 1 });
    }
  }
  return changed;
}
