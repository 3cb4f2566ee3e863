import type { Logger } from '../logging/logger.js';
import type { CounterAddResult, CounterStore } from '../plugin/counters.js';

interface BatchedEntry {
  /** The shared value as last read from (or written to) the backend. */
  base: number;
  /** Local adds not yet pushed to the backend. */
  pending: number;
  ttlMs: number;
  resetAt: number;
  /** Last local use (epoch ms): idle counters are forgotten and read again on their next use. */
  lastUsed: number;
}

/**
 * Batched mode: counts locally and synchronises with the shared backend every `intervalMs`
 * (pushes the local deltas, reads back the shared totals). A request costs no round trip except
 * the first use of a counter, which reads its shared value. Accuracy: a limit can be passed by
 * what the other data planes admitted since this plane's last sync (at most about one interval
 * of their traffic); within one plane the conditional add stays exact.
 */
export class BatchedCounterStore implements CounterStore {
  readonly kind: string;
  private readonly entries = new Map<string, BatchedEntry>();
  private readonly loading = new Map<string, Promise<BatchedEntry>>();
  private readonly timer: NodeJS.Timeout;
  private syncing?: Promise<void>;

  constructor(
    private readonly backend: CounterStore,
    readonly intervalMs: number,
    private readonly log?: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.kind = `batched:${backend.kind ?? 'custom'}`;
    this.timer = setInterval(() => void this.sync(), intervalMs);
    this.timer.unref();
  }

  async add(key: string, amount: number, ttlMs: number, limit?: number): Promise<CounterAddResult> {
    const entry = await this.entry(key, ttlMs);
    // A counter first seen through get() learns its real TTL here.
    entry.ttlMs = ttlMs;
    const value = entry.base + entry.pending;
    const applied = limit === undefined || amount <= 0 || value + amount <= limit;
    if (applied) entry.pending += amount;
    entry.lastUsed = this.now();
    return { value: entry.base + entry.pending, applied, resetAt: entry.resetAt };
  }

  /** The shared value plus local pending adds; a counter seen for the first time is read once, then kept in sync. */
  async get(key: string): Promise<number> {
    const entry = await this.entry(key, this.idleMs);
    entry.lastUsed = this.now();
    return entry.base + entry.pending;
  }

  /** Counters unused this long are dropped from the sync (ten intervals, at least ten seconds). */
  private get idleMs(): number {
    return Math.max(10 * this.intervalMs, 10_000);
  }

  /** Pushes pending deltas and reads back the shared value of every counter in recent use. */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const now = this.now();
    await Promise.all(
      [...this.entries].map(async ([key, entry]) => {
        // A window that ended locally is forgotten; its shared counter expires on its own.
        if (entry.resetAt <= now) {
          this.entries.delete(key);
          return;
        }
        if (entry.pending === 0 && now - entry.lastUsed > this.idleMs) {
          this.entries.delete(key);
          return;
        }
        const amount = entry.pending;
        entry.pending -= amount;
        try {
          if (amount !== 0) {
            const result = await this.backend.add(key, amount, entry.ttlMs);
            entry.base = result.value;
            entry.resetAt = result.resetAt;
          } else {
            entry.base = await this.backend.get(key);
          }
        } catch (err) {
          entry.pending += amount;
          this.log?.warn('counter sync failed; counting locally until the backend answers', { key, error: (err as Error).message });
        }
      }),
    );
  }

  private async entry(key: string, ttlMs: number): Promise<BatchedEntry> {
    const existing = this.entries.get(key);
    if (existing && existing.resetAt > this.now()) return existing;
    if (existing) this.entries.delete(key);
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.backend.get(key).then(
        (base) => {
          const entry: BatchedEntry = { base, pending: 0, ttlMs, resetAt: this.now() + ttlMs, lastUsed: this.now() };
          this.entries.set(key, entry);
          return entry;
        },
      );
      pending.finally(() => this.loading.delete(key)).catch(() => undefined);
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Stops the timer after a last sync. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }
}
