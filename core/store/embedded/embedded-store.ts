/**
 * The embedded store, the default backend: every collection in memory, persisted under the data
 * directory as a snapshot plus an append-only journal (`<dataDir>/store/`). A write resolves only
 * once its journal record is fsynced, so a process killed at any point loses no acknowledged
 * write. The data directory is locked to one process (`<dataDir>/LOCK`).
 */
import { join } from 'node:path';
import type { BatchOp, Collection, CollectionOptions, Doc, Store } from '../types.js';
import { ensurePrivateDir, tightenTree } from '../../security/private-files.js';
import { StoreError } from '../types.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { Database } from './database.js';
import { EmbeddedCollection, type EmbeddedEngine } from './embedded-collection.js';
import { Journal } from './journal.js';
import { replayJournal } from './journal-replay.js';
import { readSnapshot, writeSnapshot } from './snapshot-file.js';
import { applyBatchOp } from './write-ops.js';
import { WriteScope } from './write-scope.js';
import { expiryOf } from './ttl-rule.js';

/** Options of {@link EmbeddedStore.open}. */
export interface EmbeddedStoreOptions {
  /** The data directory; created if missing. */
  dataDir: string;
  /** How often expired (TTL) documents are deleted, in ms; default 60 000 (MongoDB's rate). */
  ttlSweepMs?: number;
  /** Compact (snapshot + empty journal) once the journal reaches this many bytes; default 16 MiB. */
  compactAtBytes?: number;
  /** Clock for TTL decisions (epoch ms); default `Date.now`. */
  now?: () => number;
  /**
   * Collections held to at most this many documents, by name: past it the ones stored first
   * are dropped, after each write and on load. For records kept only for a while (Activity),
   * which would otherwise grow the process's memory without bound.
   */
  maxDocuments?: Record<string, number>;
}

const DEFAULT_TTL_SWEEP_MS = 60_000;
const DEFAULT_COMPACT_AT_BYTES = 16 * 1024 * 1024;

/** The embedded {@link Store}. */
export class EmbeddedStore implements Store, EmbeddedEngine {
  readonly kind = 'embedded';
  private journal!: Journal;
  private closed = false;
  private simulatedOutage = false;
  private failure: Error | undefined;
  private snapshotSeq = 0;
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly collections = new Map<string, EmbeddedCollection<Doc>>();
  private readonly now: () => number;

  private constructor(
    private readonly db: Database,
    private readonly lock: DataDirLock,
    private readonly snapshotPath: string,
    now: (() => number) | undefined,
    private readonly maxDocuments: Array<[string, number]>,
  ) {
    this.now = now ?? Date.now;
  }

  /**
   * Opens the store in `dataDir`: takes the lock, loads the snapshot, replays the journal
   * (ignoring a torn last record) and compacts. Refuses (StoreError `unavailable`) when another
   * live process holds the directory.
   */
  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    for (const name of ['ttlSweepMs', 'compactAtBytes'] as const) {
      const value = options[name];
      if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
        throw new RangeError(`${name} must be a positive number, got ${value}`);
      }
    }
    for (const [name, max] of Object.entries(options.maxDocuments ?? {})) {
      if (!(Number.isInteger(max) && max > 0)) throw new RangeError(`maxDocuments of ${name} must be a positive integer, got ${max}`);
    }
    const storeDir = join(options.dataDir, 'store');
    // Owner-only: the store holds sealed secrets and key hashes; older versions left it 0644.
    ensurePrivateDir(options.dataDir);
    ensurePrivateDir(storeDir);
    tightenTree(options.dataDir);
    const lock = acquireDataDirLock(options.dataDir);
    try {
      const db = new Database();
      const store = new EmbeddedStore(db, lock, join(storeDir, 'snapshot.jsonl'), options.now, Object.entries(options.maxDocuments ?? {}));
      const loadedAt = store.now();
      db.seq = await readSnapshot(store.snapshotPath, {
        onIndexes: (name, specs) => specs.forEach((spec) => db.collection(name).addIndex(spec, loadedAt, false)),
        onDoc: (name, doc) => db.collection(name).setRaw(doc._id, doc),
      });
      store.snapshotSeq = db.seq;
      const journalPath = join(storeDir, 'journal.jsonl');
      await replayJournal(journalPath, db.seq, (record) => db.replay(record, loadedAt));
      const dropped = store.dropPastMaximum();
      store.journal = await Journal.open(journalPath, {
        compactAtBytes: options.compactAtBytes ?? DEFAULT_COMPACT_AT_BYTES,
        compact: () => store.compact(),
        onFailure: (error) => {
          store.failure = error;
        },
      });
      // Start every run from a fresh snapshot and an empty journal (without what was dropped).
      if (store.journal.bytes > 0 || db.seq === 0 || dropped > 0) await store.journal.compactNow();
      store.startSweep(options.ttlSweepMs ?? DEFAULT_TTL_SWEEP_MS);
      return store;
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  private async compact(): Promise<number> {
    // Captured before the first await: exactly the state of every record flushed or pending.
    const view = this.db.view();
    const bytes = await writeSnapshot(this.snapshotPath, view);
    this.snapshotSeq = view.seq;
    return bytes;
  }

  private startSweep(intervalMs: number): void {
    this.sweepTimer = setInterval(() => {
      this.sweepExpired().catch(() => {
        // The failure is recorded by the journal; the next call reports it.
      });
    }, intervalMs);
    this.sweepTimer.unref();
  }

  private check(): void {
    if (this.closed) throw new StoreError('unavailable', 'embedded store is closed');
    if (this.simulatedOutage) throw new StoreError('unavailable', 'embedded store is unavailable (simulated outage)');
    if (this.failure) throw new StoreError('unavailable', `embedded store failed: ${this.failure.message}`);
  }

  /** Runs a read against the current state (internal: used by the collections). */
  read<R>(fn: (db: Database, now: number) => R): R {
    this.check();
    return fn(this.db, this.now());
  }

  /**
   * Runs a write: applied to memory at once, rolled back whole if it throws, and resolved after
   * its one journal record is durable (internal: used by the collections).
   */
  async write<R>(fn: (scope: WriteScope) => R): Promise<R> {
    this.check();
    const scope = new WriteScope(this.db, this.now());
    let result: R;
    try {
      result = fn(scope);
    } catch (error) {
      scope.rollback();
      throw error;
    }
    if (scope.changed) {
      const line = scope.journalLine(++this.db.seq);
      this.dropPastMaximum();
      await this.journal.append(line);
    }
    return result;
  }

  /**
   * Holds the capped collections to their maximum (see `maxDocuments`); returns how many
   * documents went. Not journaled: the next snapshot (at the latest when the store closes)
   * leaves them out, and until then replaying the journal drops them again.
   */
  private dropPastMaximum(): number {
    let dropped = 0;
    for (const [name, max] of this.maxDocuments) dropped += this.db.collections.get(name)?.dropOldest(max) ?? 0;
    return dropped;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    if (typeof name !== 'string' || name === '') throw new StoreError('invalid_query', 'collection name must be a non-empty string');
    let coll = this.collections.get(name);
    if (!coll) {
      coll = new EmbeddedCollection(name, this);
      this.collections.set(name, coll);
    }
    return coll as unknown as Collection<T>;
  }

  /**
   * Creates the collection's indexes if needed. The record schema is not enforced here (the
   * admin API validates records with ajv; MongoDB adds a `$jsonSchema` validator).
   */
  async ensureCollection(name: string, options: CollectionOptions = {}): Promise<void> {
    await this.write((scope) => {
      scope.coll(name);
      for (const spec of options.indexes ?? []) scope.addIndex(name, spec);
    });
  }

  async batch(ops: BatchOp[]): Promise<void> {
    if (!Array.isArray(ops)) throw new StoreError('invalid_query', 'batch expects an array of ops');
    await this.write((scope) => {
      for (const op of ops) applyBatchOp(scope, op);
    });
  }

  async ping(): Promise<void> {
    this.check();
  }

  /** Deletes expired documents now (the sweep timer calls this); returns how many. */
  async sweepExpired(): Promise<number> {
    return this.write((scope) => {
      let removed = 0;
      for (const coll of this.db.collections.values()) {
        if (coll.ttl.length === 0 || scope.now < coll.earliestExpiry) continue;
        let earliest = Number.POSITIVE_INFINITY;
        for (const doc of coll.docs.values()) {
          const expiry = expiryOf(doc, coll.ttl);
          if (expiry > scope.now) earliest = Math.min(earliest, expiry);
          else {
            scope.remove(coll.name, doc._id);
            removed++;
          }
        }
        coll.earliestExpiry = earliest;
      }
      return removed;
    });
  }

  /**
   * Simulates an outage: while `down`, every call rejects with StoreError `unavailable`
   * (for tests of what keeps working when the store fails).
   */
  setUnavailable(down: boolean): void {
    this.simulatedOutage = down;
  }

  /** Documents held for a collection, expired-but-unswept ones included (diagnostics, tests). */
  storedCount(name: string): number {
    return this.db.collections.get(name)?.docs.size ?? 0;
  }

  /** Flushes pending writes, writes a final snapshot, and releases the data directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweepTimer);
    try {
      if (!this.failure && this.db.seq !== this.snapshotSeq) await this.journal.compactNow().catch(() => {});
      await this.journal.close();
    } finally {
      this.lock.release();
    }
  }
}
