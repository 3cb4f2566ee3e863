/**
 * Replays the journal on open. A torn tail (the process died mid-append, before the write was
 * acknowledged) is ignored and cut off, so later appends start on a clean line. A bad record
 * followed by good ones is real corruption of acknowledged data: opening is refused.
 */
import { truncate } from 'node:fs/promises';
import { StoreError } from '../types.js';
import type { JournalRecord } from './database.js';
import { decodeJson } from './extended-json.js';
import { readLines } from './line-reader.js';

/** What replay found. */
export interface ReplayResult {
  /** Records applied (those newer than the snapshot). */
  applied: number;
  /** Bytes of torn tail cut off (0 when the journal ended cleanly). */
  tornBytes: number;
}

function parseRecord(text: string): JournalRecord {
  const record = decodeJson<JournalRecord>(text);
  if (!Number.isInteger(record?.seq) || !Array.isArray(record.ops)) throw new Error('not a journal record');
  return record;
}

/** Applies every record of the journal at `path` with a sequence number above `afterSeq`. */
export async function replayJournal(
  path: string,
  afterSeq: number,
  apply: (record: JournalRecord) => void,
): Promise<ReplayResult> {
  let applied = 0;
  let goodEnd = 0;
  let tornAt: number | undefined;
  let fileEnd = 0;
  for await (const line of readLines(path)) {
    fileEnd = line.end;
    let record: JournalRecord | undefined;
    if (line.terminated) {
      try {
        record = parseRecord(line.text);
      } catch {
        record = undefined;
      }
    }
    if (!record) {
      tornAt ??= line.start;
      continue;
    }
    if (tornAt !== undefined) {
      throw new StoreError(
        'unavailable',
        `journal ${path} is corrupt at byte ${tornAt} (valid records follow); restore the data directory from a backup`,
      );
    }
    if (record.seq > afterSeq) {
      apply(record);
      applied++;
    }
    goodEnd = line.end;
  }
  if (tornAt !== undefined) await truncate(path, goodEnd);
  return { applied, tornBytes: fileEnd - goodEnd };
}
