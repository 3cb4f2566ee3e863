/**
 * Gauges read when Prometheus scrapes (no timers, nothing on the request path): the telemetry
 * queue, the config revision served, and the cluster's connections.
 */
import { Gauge, type Registry } from 'prom-client';

/**
 * A gauge whose value is read from `read` at each scrape. `aggregator`: how the values of the
 * processes of one `--workers N` tree combine into one scrape (core/workers/cluster-metrics.ts).
 */
function readGauge(registry: Registry, name: string, help: string, read: () => number, aggregator: 'sum' | 'min' = 'sum'): void {
  new Gauge({
    name,
    help,
    aggregator,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/** The telemetry queue between the request path and the store (or the control plane). */
export function telemetryQueueGauges(registry: Registry, queue: { readonly dropped: number; readonly pending?: number }): void {
  readGauge(registry, 'portcullis_telemetry_queue_pending_events', 'Telemetry events (metrics events, Activity records) waiting for delivery.', () => queue.pending ?? 0);
  readGauge(registry, 'portcullis_telemetry_queue_dropped_events', 'Telemetry events dropped since start because the queue was full (never blocks a request).', () => queue.dropped);
}

/** The config revision this process serves. */
export function configRevisionGauge(registry: Registry, revision: () => number): void {
  readGauge(registry, 'portcullis_config_revision', 'Config revision of the snapshot this process serves (of several worker processes: the oldest).', revision, 'min');
}

/** Control plane: data planes with an open config stream. */
export function dataPlaneConnectionsGauge(registry: Registry, count: () => number): void {
  readGauge(registry, 'portcullis_data_plane_connections', 'Data planes connected to this control plane (open config stream, heartbeats on time).', count);
}

/** Data plane: whether the config stream to the control plane is open (1) or not (0). */
export function controlPlaneConnectedGauge(registry: Registry, connected: () => boolean): void {
  readGauge(registry, 'portcullis_control_plane_connected', '1 while this data plane holds its config stream to the control plane, else 0 (of several worker processes: 0 if any is not connected).', () => (connected() ? 1 : 0), 'min');
}
