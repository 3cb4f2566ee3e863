/**
 * All collections of an embedded store held in memory, plus the sequence number of the last
 * journal record applied. Replay (snapshot and journal) and the snapshot writer go through here.
 */
import type { IndexSpec } from '../types.js';
import { CollectionState, type StoredDoc } from './collection-state.js';

/** One change inside a journal record. */
export type JournalOp =
  | { c: string; put: StoredDoc }
  | { c: string; del: string }
  | { c: string; index: IndexSpec };

/** A journal record: one acknowledged write or batch. */
export interface JournalRecord {
  seq: number;
  ops: JournalOp[];
}

/** A point-in-time view for the snapshot writer; the documents are shared, never mutated. */
export interface DatabaseView {
  seq: number;
  collections: Array<{ name: string; indexes: IndexSpec[]; docs: StoredDoc[] }>;
}

/** The in-memory database. */
export class Database {
  readonly collections = new Map<string, CollectionState>();
  /** Sequence number of the last record written (or replayed). */
  seq = 0;

  /** The named collection, created empty on first use (as MongoDB does on first write). */
  collection(name: string): CollectionState {
    let coll = this.collections.get(name);
    if (!coll) {
      coll = new CollectionState(name);
      this.collections.set(name, coll);
    }
    return coll;
  }

  /** Applies a replayed journal record (already validated when it was first written). */
  replay(record: JournalRecord, now: number): void {
    for (const op of record.ops) {
      const coll = this.collection(op.c);
      if ('put' in op) coll.setRaw(op.put._id, op.put);
      else if ('del' in op) coll.setRaw(op.del, undefined);
      else coll.addIndex(op.index, now, false);
    }
    this.seq = record.seq;
  }

  /** Captures the current state synchronously; cheap, since stored documents are immutable. */
  view(): DatabaseView {
    return {
      seq: this.seq,
      collections: [...this.collections.values()].map((coll) => ({
        name: coll.name,
        indexes: [...coll.indexes.values()],
        docs: [...coll.docs.values()],
      })),
    };
  }
}
