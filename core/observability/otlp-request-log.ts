/**
 * Exports one OpenTelemetry log record per proxied request over OTLP/HTTP (JSON) when an
 * endpoint is configured (`OTEL_EXPORTER_OTLP_ENDPOINT`). Records are handed to a
 * BatchLogRecordProcessor (a bounded in-memory queue exported on a timer), so a slow or absent
 * collector never delays a request: past the queue, records are dropped. Close flushes.
 */
import type { Logger as OtelLogger } from '@opentelemetry/api-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider, type LogRecordExporter } from '@opentelemetry/sdk-logs';
import type { Logger } from '../logging/logger.js';
import type { MetricsEventData } from '../telemetry/metrics-event.js';
import type { TelemetryEvent } from '../telemetry/telemetry-event.js';
import { BUILD_INFO } from '../version/build-info.js';
import type { TelemetryObserver } from './observed-sink.js';
import { requestLogRecord } from './request-log-record.js';
import { shutdownWithin } from './bounded-shutdown.js';
import { otlpSignalUrl } from './otlp-json-exporter.js';

/** Where and how a signal (logs, traces) is exported over OTLP/HTTP in batches. */
export interface OtlpBatchExportOptions {
  /** The OTLP/HTTP base endpoint (`http://collector:4318`); `/v1/<signal>` is appended unless present. */
  endpoint: string;
  /** This process's node id (`service.instance.id`). */
  nodeId: string;
  log: Logger;
  /** How often queued items are exported (ms). */
  exportIntervalMs?: number;
  /** Items held while the collector is slow or away; beyond it new items are dropped. */
  maxQueueSize?: number;
  /** Per-export HTTP timeout (ms). */
  exportTimeoutMs?: number;
  /** Longest wait for the final flush on close (ms). */
  shutdownTimeoutMs?: number;
}

/** Where and how the request log is exported. */
export type OtlpRequestLogOptions = OtlpBatchExportOptions;

/** The logs URL of an OTLP base endpoint, per the OTLP exporter spec (`<base>/v1/logs`). */
export const otlpLogsUrl = (endpoint: string): string => otlpSignalUrl(endpoint, 'logs');

/** The URL without user info, for logs. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return '(invalid URL)';
  }
}

/** Logs failed exports once per outage (the SDK otherwise reports them only to its diag logger). */
function reportingExporter(inner: LogRecordExporter, target: string, log: Logger): LogRecordExporter {
  const url = redactedUrl(target);
  let failing = false;
  return {
    export(records, done) {
      inner.export(records, (result) => {
        // ExportResultCode.SUCCESS is 0.
        if (result.code !== 0 && !failing) log.warn('OTLP log export failed; records are dropped while the collector is unreachable', { url, error: result.error?.message });
        else if (result.code === 0 && failing) log.info('OTLP log export recovered', { url });
        failing = result.code !== 0;
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush(),
  };
}

/** The OTLP exporter of request log records: a telemetry observer with a flush and a bounded close. */
export class OtlpRequestLog implements TelemetryObserver {
  readonly url: string;
  private readonly provider: LoggerProvider;
  private readonly logger: OtelLogger;
  private closed?: Promise<void>;

  constructor(private readonly options: OtlpRequestLogOptions) {
    this.url = otlpLogsUrl(options.endpoint);
    const exporter = new OTLPLogExporter({ url: this.url, timeoutMillis: options.exportTimeoutMs ?? 5_000 });
    this.provider = new LoggerProvider({
      resource: resourceFromAttributes({ 'service.name': BUILD_INFO.name, 'service.version': BUILD_INFO.version, 'service.instance.id': options.nodeId }),
      processors: [
        new BatchLogRecordProcessor({
          exporter: reportingExporter(exporter, this.url, options.log),
          scheduledDelayMillis: options.exportIntervalMs ?? 1_000,
          maxQueueSize: options.maxQueueSize ?? 2_048,
          exportTimeoutMillis: options.exportTimeoutMs ?? 5_000,
        }),
      ],
    });
    this.logger = this.provider.getLogger('portcullis', BUILD_INFO.version);
  }

  /** Queues the log record of a proxied request; other telemetry is not exported here. */
  observe(event: TelemetryEvent): void {
    if (event.kind !== 'metric' || this.closed) return;
    this.logger.emit(requestLogRecord(event.data as unknown as MetricsEventData, event.at));
  }

  /** Exports what is queued now (tests, shutdown). */
  flush(): Promise<void> {
    return this.provider.forceFlush();
  }

  /** Flushes and stops, waiting at most `shutdownTimeoutMs` for a collector that does not answer. */
  close(): Promise<void> {
    this.closed ??= shutdownWithin(() => this.provider.shutdown(), this.options.shutdownTimeoutMs ?? 2_000);
    return this.closed;
  }
}
