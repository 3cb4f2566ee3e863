/**
 * OTLP/HTTP JSON exporters for spans and metrics, assembled from the OTLP exporter base and
 * transformer the way the SDK's own OTLP/HTTP exporters are: the same delegate (retries, timeout,
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_EXPORTER_OTLP_COMPRESSION` from the environment), a
 * fixed URL and JSON encoding, like the request log exporter.
 */
import type { ExportResult } from '@opentelemetry/core';
import { OTLPExporterBase } from '@opentelemetry/otlp-exporter-base';
import { convertLegacyHttpOptions, createOtlpHttpExportDelegate } from '@opentelemetry/otlp-exporter-base/node-http';
import { JsonMetricsSerializer, JsonTraceSerializer, MetricsExporterMetricsHelper, TraceExporterMetricsHelper } from '@opentelemetry/otlp-transformer';
import { AggregationTemporality, type PushMetricExporter, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import type { Logger } from '../logging/logger.js';
import { redactedUrl } from './otlp-request-log.js';

/** The URL of a signal under an OTLP base endpoint, per the OTLP exporter spec (`<base>/v1/<signal>`). */
export function otlpSignalUrl(endpoint: string, signal: 'traces' | 'metrics'): string {
  const base = endpoint.replace(/\/+$/, '');
  return base.endsWith(`/v1/${signal}`) ? base : `${base}/v1/${signal}`;
}

/** Wraps an export so a failing collector is logged once per outage, not once per batch. */
function reporting(what: string, url: string, log: Logger): (result: ExportResult) => void {
  let failing = false;
  const shown = redactedUrl(url);
  return (result) => {
    // ExportResultCode.SUCCESS is 0.
    if (result.code !== 0 && !failing) log.warn(`OTLP ${what} export failed; they are dropped while the collector is unreachable`, { url: shown, error: result.error?.message });
    else if (result.code === 0 && failing) log.info(`OTLP ${what} export recovered`, { url: shown });
    failing = result.code !== 0;
  };
}

/** A span exporter posting OTLP/HTTP JSON to `url`. */
export function otlpSpanExporter(url: string, timeoutMillis: number, log: Logger): SpanExporter {
  const base = new OTLPExporterBase<ReadableSpan[]>(
    createOtlpHttpExportDelegate(
      convertLegacyHttpOptions({ url, timeoutMillis }, 'TRACES', 'v1/traces', { 'Content-Type': 'application/json' }),
      JsonTraceSerializer,
      'otlp_http_span_exporter',
      TraceExporterMetricsHelper,
      undefined,
    ),
  );
  const report = reporting('span', url, log);
  return {
    export: (spans, done) =>
      base.export(spans, (result) => {
        report(result);
        done(result);
      }),
    shutdown: () => base.shutdown(),
    forceFlush: () => base.forceFlush(),
  };
}

/** A metric exporter posting OTLP/HTTP JSON to `url`, cumulative (as Prometheus counts). */
export function otlpMetricExporter(url: string, timeoutMillis: number, log: Logger): PushMetricExporter {
  const base = new OTLPExporterBase<ResourceMetrics>(
    createOtlpHttpExportDelegate(
      convertLegacyHttpOptions({ url, timeoutMillis }, 'METRICS', 'v1/metrics', { 'Content-Type': 'application/json' }),
      JsonMetricsSerializer,
      'otlp_http_metric_exporter',
      MetricsExporterMetricsHelper,
      undefined,
    ),
  );
  const report = reporting('metric', url, log);
  return {
    export: (metrics, done) =>
      base.export(metrics, (result) => {
        report(result);
        done(result);
      }),
    shutdown: () => base.shutdown(),
    forceFlush: () => base.forceFlush(),
    selectAggregationTemporality: () => AggregationTemporality.CUMULATIVE,
  };
}
