/**
 * The metrics of several processes as one scrape: every series summed across them, except where
 * a metric names another rule (`aggregator`: the config revision is the oldest one served, the
 * runtime's event-loop lag an average, its version the first). Label sets are matched exactly,
 * so a counter of one consumer in two processes is one series with the total.
 */
import { AggregatorRegistry } from 'prom-client';
import type { MetricsJson } from './gateway-metrics.js';

/** The Prometheus text of `snapshots` (each one registry's `getMetricsAsJSON()`) summed into one. */
export async function aggregateMetrics(snapshots: readonly MetricsJson[]): Promise<string> {
  return AggregatorRegistry.aggregate(snapshots as MetricsJson[]).metrics();
}
