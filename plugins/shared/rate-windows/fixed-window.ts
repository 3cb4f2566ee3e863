import type { CounterStore } from '../../../core/plugin/index.js';
import type { LimitDecision } from './decision.js';

/**
 * Fixed window: a window opens at the first request and lasts `windowMs`; at most `limit`
 * requests pass in it (one atomic conditional add). Exact, but a burst at the end of one window
 * and the start of the next can reach twice the limit over one window's length.
 */
export async function fixedWindow(counters: CounterStore, key: string, limit: number, windowMs: number, now: number): Promise<LimitDecision> {
  const counter = `${key}:fixed`;
  const result = await counters.add(counter, 1, windowMs, limit);
  const resetSeconds = Math.max(0, Math.ceil((result.resetAt - now) / 1_000));
  return {
    allowed: result.applied,
    limit,
    remaining: Math.max(0, limit - result.value),
    resetSeconds,
    retryAfterSeconds: Math.max(1, resetSeconds),
    undo: async () => {
      await counters.add(counter, -1, windowMs);
    },
  };
}
