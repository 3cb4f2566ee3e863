import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import { BatchingSink } from './batching-sink.js';
import { TELEMETRY_COLLECTIONS, type TelemetryEvent } from './telemetry-event.js';

/** Files telemetry batches into the store, one collection per kind. */
export async function storeTelemetry(store: Store, batch: TelemetryEvent[]): Promise<void> {
  const byKind = new Map<string, Record<string, unknown>[]>();
  for (const event of batch) {
    const name = TELEMETRY_COLLECTIONS[event.kind];
    if (!name) continue;
    const list = byKind.get(name) ?? [];
    list.push({ ...event.data, node_id: event.node_id, at: new Date(event.at) });
    byKind.set(name, list);
  }
  for (const [name, docs] of byKind) await store.collection(name).insertMany(docs);
}

/** The single-process sink: telemetry lands in the local store. */
export function createStoreSink(store: Store, log: Logger, intervalMs = 1_000): BatchingSink {
  return new BatchingSink({ deliver: (batch) => storeTelemetry(store, batch), intervalMs, log });
}

/** Creates the telemetry collections with a retention TTL. */
export async function ensureTelemetryCollections(store: Store, retentionSeconds = 7 * 24 * 3600): Promise<void> {
  for (const name of Object.values(TELEMETRY_COLLECTIONS)) {
    await store.ensureCollection(name, { indexes: [{ key: { at: 1 }, expireAfterSeconds: retentionSeconds }] });
  }
}
