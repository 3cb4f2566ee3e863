/**
 * OpenTelemetry traces over OTLP/HTTP (JSON) when an endpoint is configured
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`). Two parts:
 * - a core chain member: before each upstream attempt it sets the W3C `traceparent` (and passes
 *   on the caller's `tracestate`) naming the attempt's span; after the response (the `observe`
 *   stage) it builds the request's spans from its exchange (request-spans.ts) and hands them to
 *   a BatchSpanProcessor;
 * - a telemetry observer: each guardrail evaluation's Activity record becomes a server span
 *   (evaluation-span.ts).
 * The processor is a bounded in-memory queue exported on a timer, so a slow or absent collector
 * never delays a request: past the queue, spans are dropped. Close flushes.
 */
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { Logger } from '../../logging/logger.js';
import type { ChainMember } from '../../pipeline/chain.js';
import type { Attempt, Exchange, Outcome } from '../../pipeline/exchange.js';
import type { ProviderRequest } from '../../pipeline/hooks.js';
import { STAGE } from '../../pipeline/stages.js';
import type { RecordedTap } from '../../plugin/tap-recorder.js';
import type { TelemetryEvent } from '../../telemetry/telemetry-event.js';
import { BUILD_INFO } from '../../version/build-info.js';
import { otlpSignalUrl, otlpSpanExporter } from '../otlp-json-exporter.js';
import type { TelemetryObserver } from '../observed-sink.js';
import { evaluationSpan } from './evaluation-span.js';
import { requestSpans, type SpanSource } from './request-spans.js';
import { attemptSpanIdOf, formatTraceparent, requestTraceOf } from './trace-context.js';
import { shutdownWithin } from '../bounded-shutdown.js';
import type { OtlpBatchExportOptions } from '../otlp-request-log.js';

/** Where and how spans are exported. */
export type OtlpTracesOptions = OtlpBatchExportOptions;

/** The span exporter of a running Portcullis: a chain member for proxied requests and an observer of guardrail evaluations. */
export class OtlpTraces implements TelemetryObserver {
  readonly url: string;
  private readonly processor: SpanProcessor;
  private readonly source: SpanSource;
  private closed?: Promise<void>;

  constructor(private readonly options: OtlpTracesOptions) {
    this.url = otlpSignalUrl(options.endpoint, 'traces');
    const timeout = options.exportTimeoutMs ?? 5_000;
    this.processor = new BatchSpanProcessor({
      exporter: otlpSpanExporter(this.url, timeout, options.log),
      scheduledDelayMillis: options.exportIntervalMs ?? 1_000,
      maxQueueSize: options.maxQueueSize ?? 2_048,
      exportTimeoutMillis: timeout,
    });
    this.source = {
      resource: resourceFromAttributes({ 'service.name': BUILD_INFO.name, 'service.version': BUILD_INFO.version, 'service.instance.id': options.nodeId }),
      scope: { name: 'portcullis', version: BUILD_INFO.version },
    };
  }

  private queue(spans: readonly ReadableSpan[]): void {
    if (this.closed) return;
    for (const span of spans) this.processor.onEnd(span);
  }

  /**
   * The core member every chain carries while tracing is on: `traceparent` on each upstream
   * attempt (first, so a signing policy signs it too), the request's spans once it is answered.
   */
  member(): ChainMember {
    const beforeAttempt = async (attempt: Attempt, request: ProviderRequest, ctx: Exchange): Promise<void> => {
      request.headers.traceparent = formatTraceparent(requestTraceOf(ctx).traceId, attemptSpanIdOf(attempt));
      const state = ctx.incoming.headers.tracestate;
      if (typeof state === 'string' && state.length <= 512 && requestTraceOf(ctx).parent) request.headers.tracestate = state;
    };
    const observe = (outcome: Outcome, ctx: Exchange): void => this.queue(requestSpans(this.source, ctx, outcome));
    return {
      plugin: 'core_traces',
      priority: 0,
      parallel: false,
      failureMode: 'open',
      taps: [
        { hook: 'beforeAttempt', stage: STAGE.FIRST, sync: false, fn: beforeAttempt as RecordedTap['fn'] },
        // Synchronous: spans are only built and queued.
        { hook: 'observe', stage: STAGE.LAST, sync: true, fn: observe as RecordedTap['fn'] },
      ],
    };
  }

  /** Queues the span of a guardrail evaluation from its Activity record; other telemetry is not traced here. */
  observe(event: TelemetryEvent): void {
    if (event.kind !== 'activity' || this.closed) return;
    this.queue([evaluationSpan(this.source, event)]);
  }

  /** Exports what is queued now (tests, shutdown). */
  flush(): Promise<void> {
    return this.processor.forceFlush();
  }

  /** Flushes and stops, waiting at most `shutdownTimeoutMs` for a collector that does not answer. */
  close(): Promise<void> {
    this.closed ??= shutdownWithin(() => this.processor.shutdown(), this.options.shutdownTimeoutMs ?? 2_000);
    return this.closed;
  }
}
