/**
 * The append-only journal: one JSON line per acknowledged write. A write's promise resolves only
 * after its line is on disk (fdatasync). Writes arriving while a flush runs are grouped into the
 * next one, so concurrent writers share an fsync. When the file grows past a threshold, the next
 * flush writes a snapshot instead of appending and then empties the journal (compaction). The
 * threshold is at least the last snapshot's size, so rewriting the snapshot never costs more
 * than the journal writes that led to it (many records kept, such as a full Activity, would
 * otherwise be rewritten again every few MiB of new ones).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../../security/private-files.js';
import { StoreError } from '../types.js';
import { writeAll } from './durable-file.js';

/** How the journal compacts and reports a failed disk write. */
export interface JournalOptions {
  /** Compact once the journal holds at least this many bytes (or the last snapshot's size, when larger). */
  compactAtBytes: number;
  /**
   * Writes a snapshot of the current in-memory state and answers its size in bytes. It must
   * capture that state synchronously, before its first await: at that moment the state is
   * exactly the lines flushed and pending.
   */
  compact: () => Promise<number>;
  /** Called when a compaction fails (the journal keeps every record; nothing is lost). */
  onCompactionFailure?: (error: Error) => void;
  /** Called once when a write or fsync fails; the journal refuses all later appends. */
  onFailure: (error: Error) => void;
}

interface Waiter {
  /** The line to append, or null for a request to compact now. */
  line: string | null;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** An open journal file. */
export class Journal {
  private pending: Waiter[] = [];
  private flushing = false;
  private failure: Error | undefined;
  private compactAt: number;

  private constructor(
    private readonly handle: FileHandle,
    private size: number,
    private readonly options: JournalOptions,
  ) {
    this.compactAt = options.compactAtBytes;
  }

  /** Opens (creating if needed) the journal at `path` for appending. */
  static async open(path: string, options: JournalOptions): Promise<Journal> {
    const handle = await open(path, 'a', PRIVATE_FILE_MODE);
    const { size } = await handle.stat();
    return new Journal(handle, size, options);
  }

  /** Bytes currently in the journal file. */
  get bytes(): number {
    return this.size;
  }

  /** Appends one record line; resolves once it is durable. */
  append(line: string): Promise<void> {
    return this.enqueue(line);
  }

  /** Writes a snapshot and empties the journal after everything appended so far. */
  compactNow(): Promise<void> {
    return this.enqueue(null);
  }

  private enqueue(line: string | null): Promise<void> {
    if (this.failure) return Promise.reject(this.unavailable());
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ line, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Let every write issued in this turn of the event loop join the first flush.
        setImmediate(() => void this.flushLoop());
      }
    });
  }

  private unavailable(): StoreError {
    return new StoreError('unavailable', `embedded store journal failed: ${this.failure?.message}`);
  }

  /**
   * Snapshot, then empty the journal. The snapshot covers every line of the current batch, so
   * they need not be appended. On failure the journal simply keeps growing (it stays complete:
   * records already in a snapshot are skipped by sequence number on replay) and compaction is
   * retried after another threshold's worth of writes.
   */
  private async tryCompact(): Promise<boolean> {
    try {
      const snapshotBytes = await this.options.compact();
      await this.handle.truncate(0);
      await this.handle.datasync();
      this.size = 0;
      this.compactAt = Math.max(this.options.compactAtBytes, snapshotBytes);
      return true;
    } catch (error) {
      this.compactAt = this.size + this.options.compactAtBytes;
      this.options.onCompactionFailure?.(error as Error);
      return false;
    }
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      try {
        const lines = batch.flatMap((waiter) => (waiter.line === null ? [] : [waiter.line]));
        const forced = lines.length < batch.length;
        let compacted = false;
        if (forced || this.size >= this.compactAt) compacted = await this.tryCompact();
        if (!compacted && lines.length > 0) {
          const buffer = Buffer.from(lines.join('\n') + '\n', 'utf8');
          await writeAll(this.handle, buffer);
          await this.handle.datasync();
          this.size += buffer.length;
        }
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        this.failure = error as Error;
        this.options.onFailure(this.failure);
        const failed = this.unavailable();
        for (const waiter of [...batch, ...this.pending.splice(0)]) waiter.reject(failed);
      }
    }
    this.flushing = false;
  }

  /** Waits for pending writes, then closes the file. */
  async close(): Promise<void> {
    while (this.flushing) await new Promise((resolve) => setImmediate(resolve));
    await this.handle.close();
  }
}
