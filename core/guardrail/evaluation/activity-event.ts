/**
 * The Activity record of one evaluation, sent through the telemetry sink (off the request path;
 * into the local store, or shipped to the control plane from a data plane). It carries the
 * findings and attribution only: never payload text, and of the attributes only the
 * non-sensitive gate dimensions (a tool command or a hook payload may hold secrets).
 */
import type { TelemetrySink } from '../../telemetry/telemetry-event.js';
import type { CompiledKey } from '../config/compiled-config.js';
import type { PolicyMode } from '../config/records.js';
import type { Finding } from './finding.js';
import { attributeValue } from './gate-fields.js';
import type { Status } from './verdict.js';

/** Attribute dimensions safe to keep, with their paths (split once, not per evaluation). */
const KEPT_ATTRIBUTES = ['model.name', 'model.provider', 'source.application', 'tool.name'].map((name) => ({ name, path: name.split('.') }));

/** What an Activity record is built from. */
export interface ActivityInput {
  traceId: string;
  requestId: string;
  key: CompiledKey;
  endpoint: 'evaluate' | 'evaluate/claude';
  direction: 'input' | 'output';
  protocol: string;
  consumerId?: string;
  sessionId?: string;
  attributes: Record<string, unknown>;
  payloadModel?: string;
  policyId?: string;
  mode?: PolicyMode;
  status: Status | 'error';
  findings: Finding[];
  durationMs: number;
  /** The caller's `traceparent`, for the evaluation's span (not stored). */
  traceparent?: string;
}

function keptAttributes(input: ActivityInput): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const { name, path } of KEPT_ATTRIBUTES) {
    const value = attributeValue(input.attributes, name, path);
    if (typeof value === 'string' && value) kept[name] = value.slice(0, 200);
  }
  if (!kept['model.name'] && input.payloadModel) kept['model.name'] = input.payloadModel.slice(0, 200);
  return kept;
}

/** Queues the Activity record of one evaluation (never blocks, never throws). */
export function recordActivity(sink: TelemetrySink, input: ActivityInput): void {
  sink.emit({
    kind: 'activity',
    at: new Date().toISOString(),
    traceparent: input.traceparent,
    data: {
      trace_id: input.traceId,
      request_id: input.requestId,
      tenant_id: input.key.collector.tenantId,
      collector_id: input.key.collector.id,
      collector_type: input.key.collector.type,
      key_id: input.key.record._id,
      endpoint: input.endpoint,
      direction: input.direction,
      protocol: input.protocol,
      consumer_id: input.consumerId ?? null,
      session_id: input.sessionId ?? null,
      policy_id: input.policyId ?? null,
      mode: input.mode ?? null,
      status: input.status,
      findings: input.findings,
      attributes: keptAttributes(input),
      duration_ms: Math.round(input.durationMs * 100) / 100,
    },
  });
}
