/**
 * The snapshot: the whole database as JSON lines (a header naming the last journal sequence it
 * includes, then each collection's indexes, then its documents). It is written to a temporary
 * file, fsynced and renamed over the old one, so a crash leaves either the old or the new
 * snapshot, never a torn one.
 */
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PRIVATE_FILE_MODE } from '../../security/private-files.js';
import type { IndexSpec } from '../types.js';
import { StoreError } from '../types.js';
import type { StoredDoc } from './collection-state.js';
import type { DatabaseView } from './database.js';
import { fsyncDirectory, writeAll } from './durable-file.js';
import { decodeJson, encodeJson } from './extended-json.js';
import { readLines } from './line-reader.js';

const FORMAT = 'portcullis-embedded-snapshot';
const VERSION = 1;
// Encoding is synchronous: a small chunk between writes keeps a compaction from holding the
// event loop for more than about half a millisecond at a time (1 MiB held it for over 10 ms).
const CHUNK_CHARS = 1 << 16;

type SnapshotLine =
  | { format: string; version: number; seq: number }
  | { c: string; indexes: IndexSpec[] }
  | { c: string; doc: StoredDoc };

/** Writes `view` atomically to `path` (via `path.tmp`). */
export async function writeSnapshot(path: string, view: DatabaseView): Promise<number> {
  const temp = `${path}.tmp`;
  const handle = await open(temp, 'w', PRIVATE_FILE_MODE);
  let bytes = 0;
  const write = async (text: string) => {
    const buffer = Buffer.from(text, 'utf8');
    bytes += buffer.length;
    await writeAll(handle, buffer);
  };
  try {
    let chunk = JSON.stringify({ format: FORMAT, version: VERSION, seq: view.seq }) + '\n';
    for (const coll of view.collections) {
      chunk += `{"c":${JSON.stringify(coll.name)},"indexes":${JSON.stringify(coll.indexes)}}\n`;
      for (const doc of coll.docs) {
        chunk += `{"c":${JSON.stringify(coll.name)},"doc":${encodeJson(doc)}}\n`;
        if (chunk.length >= CHUNK_CHARS) {
          await write(chunk);
          chunk = '';
        }
      }
    }
    await write(chunk);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  await fsyncDirectory(dirname(path));
  return bytes;
}

/** What a snapshot holds, streamed to the loader. */
export interface SnapshotReader {
  onIndexes(collection: string, indexes: IndexSpec[]): void;
  onDoc(collection: string, doc: StoredDoc): void;
}

/**
 * Loads the snapshot at `path` into `reader`; returns the journal sequence it includes (0 when
 * there is no snapshot). A leftover temporary file from an interrupted compaction is removed.
 */
export async function readSnapshot(path: string, reader: SnapshotReader): Promise<number> {
  await rm(`${path}.tmp`, { force: true });
  let seq: number | undefined;
  let sawAny = false;
  for await (const line of readLines(path)) {
    sawAny = true;
    let parsed: SnapshotLine;
    try {
      if (!line.terminated) throw new Error('unterminated line');
      parsed = decodeJson<SnapshotLine>(line.text);
    } catch (error) {
      throw new StoreError('unavailable', `snapshot ${path} is corrupt at byte ${line.start}: ${(error as Error).message}`);
    }
    if (seq === undefined) {
      if (!('format' in parsed) || parsed.format !== FORMAT || parsed.version !== VERSION) {
        throw new StoreError('unavailable', `${path} is not a version ${VERSION} Portcullis snapshot`);
      }
      seq = parsed.seq;
    } else if ('doc' in parsed) {
      reader.onDoc(parsed.c, parsed.doc);
    } else if ('indexes' in parsed) {
      reader.onIndexes(parsed.c, parsed.indexes);
    }
  }
  if (sawAny && seq === undefined) throw new StoreError('unavailable', `snapshot ${path} has no header`);
  return seq ?? 0;
}
