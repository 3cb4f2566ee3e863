/**
 * V8's GC trace (`--trace-gc-nvp`) of a benchmark gateway: one record of fields per collection.
 * The gateway's output after start-up goes to a file (`startGateway`'s `outputFile`), read here.
 */
import { readFileSync } from 'node:fs';

/** The Node option that makes a gateway print its GC trace. */
export const GC_TRACE_FLAG = '--trace-gc-nvp';

/** One collection: `gc` is `s` (scavenge), `mc` (mark-compact) and so on; values as printed. */
export type GcRecord = Record<string, string>;

/** The collections traced in `file` so far, in order. */
export function readGcTrace(file: string): GcRecord[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes(' gc='))
    .map((line) => Object.fromEntries([...line.matchAll(/(\S+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])));
}

/**
 * The bytes of live objects after each major collection (mark-compact) among `records`: what the
 * process really holds, without the garbage that resident memory also counts until collected.
 */
export function liveAfterMajorGcs(records: GcRecord[]): number[] {
  return records.filter((gc) => gc.gc === 'mc').map((gc) => Number(gc.total_size_after));
}
