/**
 * Where the master key (which seals vault credentials and registry keys) comes from:
 * PORTCULLIS_MASTER_KEY in production; otherwise a key generated once into the secrets folder
 * (`--secrets-dir`, default `<data-dir>/secrets`), kept apart from the store files whose
 * secrets it seals so that a copy of the store does not carry its key.
 *
 * Older versions kept the key at `<data-dir>/master.key`. Such a key is moved to the secrets
 * folder: written and synced there first, removed from the old place only after it reads back
 * the same, so a crash midway leaves two equal copies and never none (losing it would leave
 * every sealed secret unreadable).
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsInputError } from '../config/settings.js';
import type { Logger } from '../logging/logger.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenTree } from '../security/private-files.js';
import { fsyncDirectory } from '../store/embedded/durable-file.js';
import { generateMasterKey } from '../security/secret-box.js';

/** The key file's name, in the secrets folder (and, for older versions, in the data directory). */
export const MASTER_KEY_FILE = 'master.key';

/** Writes `text` to a new file `path` (0600) and syncs it; fails if the file exists. */
function writeNewSynced(path: string, text: string): void {
  const fd = openSync(path, 'wx', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const readKey = (path: string) => readFileSync(path, 'utf8').trim();

/** The master key: `given` (PORTCULLIS_MASTER_KEY), else the secrets folder's, moved there or generated once. */
export async function masterKey(options: { given?: string; dataDir: string; secretsDir: string; log: Logger }): Promise<string> {
  const path = join(options.secretsDir, MASTER_KEY_FILE);
  const legacy = join(options.dataDir, MASTER_KEY_FILE);
  if (options.given) {
    // A key file left beside the store is what the setting is meant to avoid; it is the operator's to remove.
    if (existsSync(legacy)) options.log.warn('a master key file lies in the data directory although PORTCULLIS_MASTER_KEY is set; remove it once it is backed up', { path: legacy });
    return options.given;
  }
  ensurePrivateDir(options.secretsDir);
  // A key copied in by hand may be readable by others: owner-only, as everything here.
  tightenTree(options.secretsDir);
  const hasLegacy = legacy !== path && existsSync(legacy);
  if (existsSync(path)) {
    const key = readKey(path);
    if (hasLegacy) {
      if (readKey(legacy) !== key) {
        throw new SettingsInputError(
          `two different master keys: ${legacy} (older versions) and ${path}; keep the one that sealed this store's secrets and remove the other`,
        );
      }
      // A move interrupted after the copy: the copy is whole, the old file can go.
      unlinkSync(legacy);
    }
    return key;
  }
  if (hasLegacy) {
    const key = readKey(legacy);
    writeNewSynced(path, key + '\n');
    await fsyncDirectory(options.secretsDir);
    if (readKey(path) !== key) throw new Error(`the master key copied to ${path} does not read back; ${legacy} is kept`);
    unlinkSync(legacy);
    options.log.info('master key moved out of the data directory into the secrets folder', { to: path });
    return key;
  }
  const key = generateMasterKey();
  writeNewSynced(path, key + '\n');
  await fsyncDirectory(options.secretsDir);
  return key;
}
