/**
 * Counters for rate limits and budgets. The local implementation lives in one process; a
 * shared backend (Redis, MongoDB) implements the same interface for several data planes.
 */
export interface CounterStore {
  /**
   * Atomically adds `amount` to the counter `key` if the result stays at or under `limit`
   * (always when `limit` is undefined). Returns the value after the call and whether it was
   * applied. Counters expire `ttlMs` after their first increment.
   */
  add(key: string, amount: number, ttlMs: number, limit?: number): Promise<{ value: number; applied: boolean; resetAt: number }>;
  /** Current value (0 when absent or expired). */
  get(key: string): Promise<number>;
}

/** In-process counters: exact within one process. */
export class LocalCounterStore implements CounterStore {
  private readonly counters = new Map<string, { value: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async add(key: string, amount: number, ttlMs: number, limit?: number) {
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

  async get(key: string) {
    const entry = this.counters.get(key);
    return entry && entry.expiresAt > this.now() ? entry.value : 0;
  }

  private sweep(t: number) {
    for (const [k, e] of this.counters) if (e.expiresAt <= t) this.counters.delete(k);
  }
}
