import type { Logger } from '../logging/logger.js';
import type { CounterStore } from '../plugin/counters.js';
import { BatchedCounterStore } from './batched-counter-store.js';

/** A limiter's `counter_sync` setting. */
export interface CounterSyncSettings {
  /** `strict`: one atomic backend operation per request; `batched`: local counting synchronised every `interval_ms`. */
  mode?: 'strict' | 'batched';
  interval_ms?: number;
}

/** Batched views per shared store and interval, kept across config snapshots. */
const views = new WeakMap<CounterStore, Map<number, BatchedCounterStore>>();

/**
 * The counters a limiter uses: the store itself in strict mode (and always for local
 * counters, which are exact and cost no round trip), or a batched view of a shared store.
 * Views are shared by every policy with the same interval and survive config changes, so
 * pending counts are not lost when a snapshot is rebuilt.
 */
export function countersFor(store: CounterStore, sync: CounterSyncSettings | undefined, log?: Logger): CounterStore {
  if (!sync || sync.mode !== 'batched' || store.kind === 'local') return store;
  const interval = sync.interval_ms ?? 1_000;
  let byInterval = views.get(store);
  if (!byInterval) views.set(store, (byInterval = new Map()));
  let view = byInterval.get(interval);
  if (!view) byInterval.set(interval, (view = new BatchedCounterStore(store, interval, log)));
  return view;
}

/** Flushes and stops the batched views of `store`, then closes it. */
export async function closeCounters(store: CounterStore): Promise<void> {
  const byInterval = views.get(store);
  if (byInterval) await Promise.all([...byInterval.values()].map((v) => v.close().catch(() => undefined)));
  views.delete(store);
  await store.close?.();
}
