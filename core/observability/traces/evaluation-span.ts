/**
 * The span of one guardrail evaluation (`POST /v1/evaluate`, `/v1/evaluate/claude`), built from
 * its Activity record after the answer: a server span ending when the record was made, in the
 * caller's trace when the request carried a valid `traceparent` (kept on the telemetry event,
 * not on the stored record), else in the trace named after the evaluation's `trace_id`. Findings appear as
 * their detectors and actions only, never the matched text or the payload.
 */
import { SpanKind, SpanStatusCode, TraceFlags, type Attributes } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import type { TelemetryEvent } from '../../telemetry/telemetry-event.js';
import type { SpanSource } from './request-spans.js';
import { newSpanId, parseTraceparent, traceIdOfRequestId } from './trace-context.js';

function hrTime(epochMs: number): [number, number] {
  const seconds = Math.floor(epochMs / 1000);
  return [seconds, Math.round((epochMs - seconds * 1000) * 1e6)];
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The span of the evaluation an `activity` telemetry event records. */
export function evaluationSpan(source: SpanSource, event: TelemetryEvent): ReadableSpan {
  const data = event.data;
  const parent = parseTraceparent(event.traceparent);
  const traceId = parent?.traceId ?? traceIdOfRequestId(String(data.trace_id ?? ''));
  const spanId = newSpanId();
  const durationMs = typeof data.duration_ms === 'number' && data.duration_ms > 0 ? data.duration_ms : 0;
  const endMs = Date.parse(event.at);
  const findings = Array.isArray(data.findings) ? (data.findings as Array<{ source?: { plugin?: string }; action?: string }>) : [];
  const attributes: Attributes = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined && value !== null) attributes[key] = value as Attributes[string];
  };
  put('portcullis.guardrail.endpoint', text(data.endpoint));
  put('portcullis.guardrail.direction', text(data.direction));
  put('portcullis.guardrail.protocol', text(data.protocol));
  put('portcullis.guardrail.status', text(data.status));
  put('portcullis.guardrail.mode', text(data.mode));
  put('portcullis.guardrail.policy_id', text(data.policy_id));
  put('portcullis.guardrail.collector_id', text(data.collector_id));
  put('portcullis.guardrail.collector_type', text(data.collector_type));
  put('portcullis.guardrail.trace_id', text(data.trace_id));
  put('portcullis.tenant.id', text(data.tenant_id));
  put('portcullis.consumer.id', text(data.consumer_id));
  put('portcullis.guardrail.finding_count', findings.length);
  if (findings.length) {
    put('portcullis.guardrail.finding_plugins', findings.map((f) => f.source?.plugin ?? ''));
    put('portcullis.guardrail.finding_actions', findings.map((f) => f.action ?? ''));
  }
  const context = { traceId, spanId, traceFlags: TraceFlags.SAMPLED };
  return {
    name: `guardrail ${text(data.endpoint) ?? 'evaluate'}`,
    kind: SpanKind.SERVER,
    spanContext: () => context,
    parentSpanContext: parent ? { traceId, spanId: parent.spanId, traceFlags: TraceFlags.SAMPLED, isRemote: true } : undefined,
    startTime: hrTime(endMs - durationMs),
    endTime: hrTime(endMs),
    duration: hrTime(durationMs),
    status: data.status === 'error' ? { code: SpanStatusCode.ERROR, message: 'evaluation failed' } : { code: SpanStatusCode.UNSET },
    attributes,
    links: [],
    events: [],
    ended: true,
    resource: source.resource,
    instrumentationScope: source.scope,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}
