/**
 * Usage and spend rolled up by the hour: each proxied request's metrics event adds its
 * request, tokens and cost to one row per (gateway, hour, consumer, model, registry). Rows are
 * written where telemetry is filed (off the request path, one `$inc` upsert per row of a
 * batch), kept `USAGE_RETENTION_DAYS`, and read by `GET /v1/gateways/{id}/usage`.
 */
import type { Store } from '../store/types.js';
import type { TelemetryEvent } from './telemetry-event.js';

/** The collection of hourly usage rows. */
export const USAGE_COLLECTION = 'usage_hourly';
/** How long hourly rows are kept: a little over the longest range the usage route answers. */
export const USAGE_RETENTION_DAYS = 100;
/**
 * Rows the embedded store keeps at most, the oldest dropped first (a few hundred bytes each:
 * about 60 MB). MongoDB keeps them for their retention.
 */
export const USAGE_MAX_ROWS_EMBEDDED = 200_000;

/** The counters a row, a bucket or a total carries. */
export type UsageCounters = {
  requests: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
};

/** One stored row: the counters of one gateway, hour, consumer, model and registry. */
export type UsageRow = UsageCounters & {
  _id: string;
  gateway_id: string;
  hour: Date;
  consumer_id: string;
  model: string;
  registry_id: string;
};

const HOUR_MS = 3_600_000;
const text = (value: unknown): string => (typeof value === 'string' && value ? value : '');
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The rows of a batch, summed per key (a batch of many calls of one consumer becomes one write). */
export function usageRowsOf(batch: readonly TelemetryEvent[]): UsageRow[] {
  const rows = new Map<string, UsageRow>();
  for (const event of batch) {
    if (event.kind !== 'metric') continue;
    const data = event.data;
    const gatewayId = text(data.gateway_id);
    if (!gatewayId) continue;
    const at = Date.parse(event.at);
    if (Number.isNaN(at)) continue;
    const hour = new Date(at - (at % HOUR_MS));
    const consumerId = text(data.consumer_id);
    const model = text(data.model) || text(data.requested_model);
    const registryId = text(data.registry_id);
    const id = [gatewayId, hour.toISOString(), consumerId, model, registryId].join('|');
    let row = rows.get(id);
    if (!row) {
      row = { _id: id, gateway_id: gatewayId, hour, consumer_id: consumerId, model, registry_id: registryId, requests: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0 };
      rows.set(id, row);
    }
    const usage = (data.usage ?? {}) as Record<string, unknown>;
    row.requests += 1;
    row.input_tokens += count(usage.input_tokens);
    row.output_tokens += count(usage.output_tokens);
    row.cost_usd += count(data.cost_usd);
  }
  return [...rows.values()];
}

/** Adds the rows to the stored ones (created on first use). */
export async function fileUsage(store: Store, rows: readonly UsageRow[]): Promise<void> {
  const collection = store.collection<UsageRow>(USAGE_COLLECTION);
  for (const row of rows) {
    const { requests, input_tokens, output_tokens, cost_usd, _id, ...key } = row;
    await collection.updateOne({ _id }, { $inc: { requests, input_tokens, output_tokens, cost_usd }, $setOnInsert: key }, { upsert: true });
  }
}

/** Creates the usage collection with its retention and the index its query uses. */
export async function ensureUsageCollection(store: Store): Promise<void> {
  await store.ensureCollection(USAGE_COLLECTION, {
    indexes: [{ key: { hour: 1 }, expireAfterSeconds: USAGE_RETENTION_DAYS * 86_400 }, { key: { gateway_id: 1, hour: 1 } }],
  });
}
