/**
 * Wires observability into a running Portcullis: the Prometheus registry and the OTLP
 * exports (request log, traces, metrics) all read the telemetry events the process emits (one metrics event per proxied request,
 * one Activity record per guardrail evaluation), through an observed sink placed in front of
 * the telemetry queue.
 */
import type Koa from 'koa';
import type { Plane } from '../config/settings.js';
import type { Logger } from '../logging/logger.js';
import type { AdminTokenVerifier } from '../admin/auth/admin-token.js';
import type { Store } from '../store/types.js';
import { GatewayMetrics, type MetricsSource } from './gateway-metrics.js';
import { metricsPlanes, mountMetricsEndpoint } from './metrics-endpoint.js';
import { observedSink, type QueueSink, type TelemetryObserver } from './observed-sink.js';
import { OtlpMetrics } from './otlp-metrics.js';
import { OtlpRequestLog, redactedUrl } from './otlp-request-log.js';
import { OtlpTraces } from './traces/otlp-traces.js';
import { configRevisionGauge, controlPlaneConnectedGauge, dataPlaneConnectionsGauge, telemetryQueueGauges } from './scrape-gauges.js';

/** What observability needs from the bootstrap. */
export interface ObservabilityOptions {
  /** The telemetry queue (store sink, or the remote sink of a data plane). */
  telemetry: QueueSink;
  /** `OTEL_EXPORTER_OTLP_ENDPOINT`: when set, one OTLP log record and a trace per proxied request, a span per guardrail evaluation, and the request metrics. */
  otlpEndpoint?: string;
  /** How often metrics are exported over OTLP (ms). */
  otlpMetricsIntervalMs?: number;
  nodeId: string;
  planes: readonly Plane[];
  log: Logger;
  /** Who may scrape `/metrics` (metrics-endpoint.ts). */
  metricsAccess: { token?: string; public: boolean; verifier: AdminTokenVerifier; store?: Store };
  /** Label series with tenant slugs and every model name (tenant-labels.ts). */
  metricsTenantLabels?: boolean;
  /** What `/metrics` answers instead of this process's own registry (a `--workers N` tree's sum: core/workers). */
  metricsSource?: (own: GatewayMetrics) => MetricsSource;
}

/** The observability of one running Portcullis. */
export interface Observability {
  /** The telemetry sink to emit into: observed, then queued. */
  readonly sink: QueueSink;
  readonly metrics: GatewayMetrics;
  /** Present when an OTLP endpoint is configured. */
  readonly otlp?: OtlpRequestLog;
  /** Present when an OTLP endpoint is configured: its `member()` joins every chain's core members. */
  readonly traces?: OtlpTraces;
  /** Present when an OTLP endpoint is configured. */
  readonly otlpMetrics?: OtlpMetrics;
  /** Adds `GET /metrics` to a plane's app when that plane serves it. */
  mount(plane: Plane, app: Koa): void;
  /** Scrape-time gauges of what the bootstrap owns. */
  watchConfigRevision(revision: () => number): void;
  watchDataPlanes(count: () => number): void;
  watchControlPlane(connected: () => boolean): void;
  /** Flushes the OTLP exporter (the telemetry queue is closed by its owner). */
  close(): Promise<void>;
}

/** Builds the registry, the OTLP request log (when an endpoint is set) and the observed sink. */
export function createObservability(options: ObservabilityOptions): Observability {
  const metrics = new GatewayMetrics({ tenantLabels: options.metricsTenantLabels });
  const access = { ...options.metricsAccess, log: options.log };
  telemetryQueueGauges(metrics.registry, options.telemetry);
  const otlp = options.otlpEndpoint ? new OtlpRequestLog({ endpoint: options.otlpEndpoint, nodeId: options.nodeId, log: options.log }) : undefined;
  if (otlp) options.log.info('exporting one OTLP log record per proxied request', { url: redactedUrl(otlp.url) });
  const endpoint = options.otlpEndpoint;
  const traces = endpoint ? new OtlpTraces({ endpoint, nodeId: options.nodeId, log: options.log }) : undefined;
  const otlpMetrics = endpoint
    ? new OtlpMetrics({ endpoint, nodeId: options.nodeId, log: options.log, exportIntervalMs: options.otlpMetricsIntervalMs ?? 60_000, tenantLabels: options.metricsTenantLabels })
    : undefined;
  if (traces && otlpMetrics) options.log.info('exporting OTLP traces and metrics', { traces: redactedUrl(traces.url), metrics: redactedUrl(otlpMetrics.url) });
  const observers: TelemetryObserver[] = [metrics];
  for (const observer of [otlp, traces, otlpMetrics]) if (observer) observers.push(observer);
  const served = new Set(metricsPlanes(options.planes));
  const scraped = options.metricsSource?.(metrics) ?? metrics;
  return {
    sink: observedSink(options.telemetry, observers, options.log),
    metrics,
    otlp,
    traces,
    otlpMetrics,
    mount(plane, app) {
      if (served.has(plane)) mountMetricsEndpoint(app, scraped, access);
    },
    watchConfigRevision: (revision) => configRevisionGauge(metrics.registry, revision),
    watchDataPlanes: (count) => dataPlaneConnectionsGauge(metrics.registry, count),
    watchControlPlane: (connected) => controlPlaneConnectedGauge(metrics.registry, connected),
    close: async () => {
      await Promise.all([otlp?.close(), traces?.close(), otlpMetrics?.close()]);
    },
  };
}
