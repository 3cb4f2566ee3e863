/**
 * The OTLP/HTTP exporters of spans and metrics (JSON encoding, like the request log), with a
 * fixed URL and timeout and a warning logged once per collector outage. The SDK exporters read
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_EXPORTER_OTLP_COMPRESSION` from the environment.
 */
import { AggregationTemporalityPreference, OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { Logger } from '../logging/logger.js';
import { redactedUrl } from './otlp-request-log.js';

/** The URL of a signal under an OTLP base endpoint, per the OTLP exporter spec (`<base>/v1/<signal>`). */
export function otlpSignalUrl(endpoint: string, signal: 'logs' | 'traces' | 'metrics'): string {
  const base = endpoint.replace(/\/+$/, '');
  return base.endsWith(`/v1/${signal}`) ? base : `${base}/v1/${signal}`;
}

type ExportResult = { code: number; error?: Error };

/** A result callback that logs a failing collector once per outage, not once per batch, then calls `done`. */
function reporter(what: string, url: string, log: Logger): (result: ExportResult, done: (result: ExportResult) => void) => void {
  let failing = false;
  const shown = redactedUrl(url);
  return (result, done) => {
    // ExportResultCode.SUCCESS is 0.
    if (result.code !== 0 && !failing) log.warn(`OTLP ${what} export failed; they are dropped while the collector is unreachable`, { url: shown, error: result.error?.message });
    else if (result.code === 0 && failing) log.info(`OTLP ${what} export recovered`, { url: shown });
    failing = result.code !== 0;
    done(result);
  };
}

/** A span exporter posting OTLP/HTTP JSON to `url`. */
export function otlpSpanExporter(url: string, timeoutMillis: number, log: Logger): SpanExporter {
  const inner = new OTLPTraceExporter({ url, timeoutMillis });
  const report = reporter('span', url, log);
  return {
    export: (spans, done) => inner.export(spans, (result) => report(result, done)),
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush(),
  };
}

/** A metric exporter posting OTLP/HTTP JSON to `url`, cumulative (as Prometheus counts). */
export function otlpMetricExporter(url: string, timeoutMillis: number, log: Logger): PushMetricExporter {
  const inner = new OTLPMetricExporter({ url, timeoutMillis, temporalityPreference: AggregationTemporalityPreference.CUMULATIVE });
  const report = reporter('metric', url, log);
  return {
    export: (metrics, done) => inner.export(metrics, (result) => report(result, done)),
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush(),
    selectAggregationTemporality: (type) => inner.selectAggregationTemporality(type),
  };
}
