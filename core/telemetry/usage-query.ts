/**
 * Reads the hourly usage rows of one gateway into time buckets (hour or day) per group
 * (consumer, model or registry). The caller bounds the range and bucket count; the rows read
 * are bounded too (`MAX_USAGE_ROWS`), and the answer says when that cut it short.
 */
import type { Store } from '../store/types.js';
import { USAGE_COLLECTION, type UsageCounters, type UsageRow } from './usage-rollup.js';

export type UsageInterval = 'hour' | 'day';
export type UsageGroupBy = 'consumer' | 'model' | 'registry';

/** Milliseconds of one bucket. */
export const INTERVAL_MS: Record<UsageInterval, number> = { hour: 3_600_000, day: 86_400_000 };
/** Rows read for one answer at most (a gateway with that many rows an hour should ask for less). */
export const MAX_USAGE_ROWS = 50_000;

export interface UsageQuery {
  gatewayId: string;
  /** Start of the first bucket (aligned to the interval). */
  from: Date;
  /** End of the range (exclusive). */
  to: Date;
  interval: UsageInterval;
  groupBy: UsageGroupBy;
}

/** One group's totals and its counters per bucket (aligned with `buckets`). */
export interface UsageGroup extends UsageCounters {
  key: string;
  points: UsageCounters[];
}

export interface UsageReport {
  buckets: string[];
  groups: UsageGroup[];
  totals: UsageCounters;
  truncated: boolean;
}

const GROUP_FIELD: Record<UsageGroupBy, 'consumer_id' | 'model' | 'registry_id'> = { consumer: 'consumer_id', model: 'model', registry: 'registry_id' };
const zero = (): UsageCounters => ({ requests: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0 });

function add(into: UsageCounters, row: UsageCounters): void {
  into.requests += row.requests;
  into.input_tokens += row.input_tokens;
  into.output_tokens += row.output_tokens;
  into.cost_usd += row.cost_usd;
}

/** Cost sums of floats: rounded to a millionth of a dollar for display. */
const rounded = (c: UsageCounters): UsageCounters => ({ ...c, cost_usd: Math.round(c.cost_usd * 1e6) / 1e6 });

/** The usage of a gateway over the query's buckets, groups ordered by requests (most first). */
export async function queryUsage(store: Store, query: UsageQuery): Promise<UsageReport> {
  const step = INTERVAL_MS[query.interval];
  const start = query.from.getTime();
  const bucketCount = Math.max(1, Math.ceil((query.to.getTime() - start) / step));
  const buckets = Array.from({ length: bucketCount }, (_, i) => new Date(start + i * step).toISOString());
  const rows = await store
    .collection<UsageRow>(USAGE_COLLECTION)
    .find({ gateway_id: query.gatewayId, hour: { $gte: query.from, $lt: query.to } }, { limit: MAX_USAGE_ROWS + 1 });
  const truncated = rows.length > MAX_USAGE_ROWS;
  const field = GROUP_FIELD[query.groupBy];
  const groups = new Map<string, UsageGroup>();
  const totals = zero();
  for (const row of rows.slice(0, MAX_USAGE_ROWS)) {
    const index = Math.floor((new Date(row.hour).getTime() - start) / step);
    if (index < 0 || index >= bucketCount) continue;
    const key = row[field] ?? '';
    let group = groups.get(key);
    if (!group) {
      group = { key, ...zero(), points: Array.from({ length: bucketCount }, zero) };
      groups.set(key, group);
    }
    add(group, row);
    add(group.points[index]!, row);
    add(totals, row);
  }
  const ordered = [...groups.values()].sort((a, b) => b.requests - a.requests || a.key.localeCompare(b.key));
  return {
    buckets,
    groups: ordered.map((g) => ({ ...rounded(g), key: g.key, points: g.points.map(rounded) })),
    totals: rounded(totals),
    truncated,
  };
}
