import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import { BatchingSink } from './batching-sink.js';
import { TELEMETRY_COLLECTIONS, type TelemetryEvent } from './telemetry-event.js';
import type { TraceBuffer } from './trace-buffer.js';
import { ensureUsageCollection, fileUsage, usageRowsOf } from './usage-rollup.js';

/**
 * Files a telemetry batch where the admin plane runs: per-request metrics events into the
 * playground trace buffer and the hourly usage rollup, guardrail activity into the store
 * (queried by `GET /v1/activity`).
 */
export async function fileTelemetry(store: Store, traces: TraceBuffer, batch: TelemetryEvent[]): Promise<void> {
  const activity: Record<string, unknown>[] = [];
  for (const event of batch) {
    if (event.kind === 'metric') traces.add(event);
    // Object.assign, not `{ ...data, node_id }`: see "Garbage on the request path" in docs/architecture.md.
    else if (event.kind === 'activity') activity.push(Object.assign({}, event.data, { node_id: event.node_id, at: new Date(event.at) }));
  }
  // Counted, not copied back: filing never reads the stored records.
  if (activity.length) await store.collection(TELEMETRY_COLLECTIONS.activity).insertManyCount(activity);
  // Usage and spend by the hour (GET /v1/gateways/{id}/usage).
  await fileUsage(store, usageRowsOf(batch));
}

/**
 * Events filed per batch where the store is local: filing runs on the process that serves
 * requests, so batches are small (an Activity record costs tens of microseconds to store) and
 * requests are served between them.
 */
const LOCAL_BATCH = 16;
/**
 * Batches filed before the first is acknowledged: each is in the store's memory when handed
 * over, and the embedded store's journal writes and fsyncs every line waiting when it flushes,
 * so batches filed while a flush runs share the next one instead of paying a write and an
 * fdatasync each (a third of the CPU an Activity record cost). A clean close still waits for all.
 */
const LOCAL_IN_FLIGHT = 32;

/** The single-process sink: telemetry leaves the request path through a bounded queue. */
export function createLocalSink(store: Store, traces: TraceBuffer, log: Logger, intervalMs = 1_000): BatchingSink {
  return new BatchingSink({ deliver: (batch) => fileTelemetry(store, traces, batch), intervalMs, batchSize: LOCAL_BATCH, maxInFlight: LOCAL_IN_FLIGHT, log });
}

/** Creates the activity collection with a retention TTL. */
export async function ensureTelemetryCollections(store: Store, retentionSeconds = 30 * 24 * 3600): Promise<void> {
  await store.ensureCollection(TELEMETRY_COLLECTIONS.activity, { indexes: [{ key: { at: 1 }, expireAfterSeconds: retentionSeconds }] });
  await ensureUsageCollection(store);
}
