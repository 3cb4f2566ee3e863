import type { CounterStore } from '../../../core/plugin/index.js';
import type { LimitDecision } from './decision.js';

/**
 * Seconds from now until one more request fits: later in this window as the previous window's
 * weight decays, or else in the next window, where this window's count is the one decaying.
 */
export function secondsUntilAllowed(limit: number, previous: number, current: number, elapsedMs: number, windowMs: number): number {
  const room = limit - current - 1;
  if (room >= 0 && previous > 0) {
    const wait = windowMs * (1 - room / previous) - elapsedMs;
    if (wait <= windowMs - elapsedMs) return Math.max(1, Math.ceil(Math.max(0, wait) / 1_000));
  }
  const intoNext = current > limit - 1 ? windowMs * (1 - (limit - 1) / current) : 0;
  return Math.max(1, Math.ceil((windowMs - elapsedMs + intoNext) / 1_000));
}

/**
 * Sliding window (the sliding-window counter of Cloudflare and Kong): windows are aligned to
 * the epoch and the estimate is `previous window's count x the part of it still inside the
 * sliding window + this window's count`. The request is admitted by one atomic conditional add
 * on this window's counter whose bound is what the previous window leaves: concurrent requests
 * can never pass the limit together. Accuracy: exact when traffic is even across the previous
 * window; with uneven traffic the estimate is off by at most the previous window's count times
 * the unevenness, and a burst can never exceed the limit within any one aligned window.
 */
export async function slidingWindow(counters: CounterStore, key: string, limit: number, windowMs: number, now: number): Promise<LimitDecision> {
  const index = Math.floor(now / windowMs);
  const elapsed = now - index * windowMs;
  const previous = await counters.get(`${key}:${index - 1}`);
  const carried = previous * (1 - elapsed / windowMs);
  const bound = Math.floor(limit - carried);
  const counter = `${key}:${index}`;
  // Kept for two windows: it is the previous window of the next one.
  const result = await counters.add(counter, 1, 2 * windowMs, bound);
  const estimate = carried + result.value;
  const resetSeconds = Math.max(0, Math.ceil((windowMs - elapsed) / 1_000));
  return {
    allowed: result.applied,
    limit,
    remaining: result.applied ? Math.max(0, Math.floor(limit - estimate)) : 0,
    resetSeconds,
    retryAfterSeconds: result.applied ? 0 : secondsUntilAllowed(limit, previous, result.value, elapsed, windowMs),
    undo: async () => {
      await counters.add(counter, -1, 2 * windowMs);
    },
  };
}
