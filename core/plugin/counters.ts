/**
 * Counters for rate limits and budgets. The local implementation lives in one process; a
 * shared backend (Redis, MongoDB: core/counters/) implements the same interface for several
 * data planes.
 */

/** What `add` answers. */
export interface CounterAddResult {
  /** The counter's value after the call (unchanged when not applied). */
  value: number;
  /** Whether the amount was added (false: it would have passed `limit`). */
  applied: boolean;
  /** Epoch milliseconds when the counter's window ends (it then restarts from 0). */
  resetAt: number;
}

export interface CounterStore {
  /**
   * Atomically adds `amount` (an integer; negative releases) to the counter `key` if the result
   * stays at or under `limit` (always when `limit` is undefined or `amount <= 0`). Returns the
   * value after the call and whether it was applied. Counters expire `ttlMs` after their first
   * increment. A shared backend that cannot be reached rejects with CounterUnavailableError.
   */
  add(key: string, amount: number, ttlMs: number, limit?: number): Promise<CounterAddResult>;
  /** Current value (0 when absent or expired). */
  get(key: string): Promise<number>;
  /** `local`, `redis`, `mongodb`, or a wrapper's name; local counters need no batching. */
  readonly kind?: string;
  /** Releases connections and timers (bootstrap calls it on shutdown). */
  close?(): Promise<void>;
}

/** A shared counter backend could not answer: limiters apply their fault tolerance setting. */
export class CounterUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CounterUnavailableError';
  }
}

/** In-process counters: exact within one process. */
export class LocalCounterStore implements CounterStore {
  readonly kind = 'local';
  private readonly counters = new Map<string, { value: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async add(key: string, amount: number, ttlMs: number, limit?: number): Promise<CounterAddResult> {
    const t = this.now();
    let entry = this.counters.get(key);
    if (!entry || entry.expiresAt <= t) {
      entry = { value: 0, expiresAt: t + ttlMs };
      this.counters.set(key, entry);
      if (this.counters.size % 1024 === 0) this.sweep(t);
    }
    const next = entry.value + amount;
    const applied = limit === undefined || next <= limit || amount <= 0;
    if (applied) entry.value = next;
    return { value: entry.value, applied, resetAt: entry.expiresAt };
  }

  async get(key: string): Promise<number> {
    const entry = this.counters.get(key);
    return entry && entry.expiresAt > this.now() ? entry.value : 0;
  }

  private sweep(t: number) {
    for (const [k, e] of this.counters) if (e.expiresAt <= t) this.counters.delete(k);
  }
}
