/**
 * One evaluation end to end, after the key and body are read: select the collector's policy,
 * run it (or answer `allow` when the collector is unguarded, inspecting nothing), and record
 * the Activity entry, on failure too.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { GatewayError, toGatewayError } from '../../errors/gateway-error.js';
import type { TelemetrySink } from '../../telemetry/telemetry-event.js';
import type { CompiledKey } from '../config/compiled-config.js';
import type { ParsedPayload } from '../payload/read-payload.js';
import { recordActivity, type ActivityInput } from './activity-event.js';
import type { Finding } from './finding.js';
import { DetectorFailed, runPolicy } from './run-policy.js';
import type { Status } from './verdict.js';

/** One evaluation, after its key and body were read. */
export interface EvaluationRequest {
  key: CompiledKey;
  requestId: string;
  endpoint: ActivityInput['endpoint'];
  direction: 'input' | 'output';
  protocol: string;
  consumerId?: string;
  sessionId?: string;
  attributes: Record<string, unknown>;
  payload: Record<string, unknown>;
  parsed: ParsedPayload;
  /** The caller's W3C `traceparent` header, passed on to the evaluation's span. */
  traceparent?: string;
}

/** The verdict of one evaluation. */
export interface Evaluation {
  status: Status;
  findings: Finding[];
  transformedPayload?: Record<string, unknown>;
  traceId: string;
}

/** Evaluates and records Activity; a detector failure under a fail-closed policy throws 503 `detector_failed`. */
export async function evaluate(request: EvaluationRequest, telemetry: TelemetrySink): Promise<Evaluation> {
  const started = performance.now();
  const traceId = randomUUID();
  const policy = request.key.collector.policy;
  // Field by field, not a spread: see "Garbage on the request path" in docs/architecture.md.
  const activity = (fields: Pick<ActivityInput, 'status' | 'findings' | 'mode'>) =>
    recordActivity(telemetry, {
      status: fields.status,
      findings: fields.findings,
      mode: fields.mode,
      traceId,
      requestId: request.requestId,
      key: request.key,
      endpoint: request.endpoint,
      direction: request.direction,
      protocol: request.protocol,
      consumerId: request.consumerId,
      sessionId: request.sessionId,
      traceparent: request.traceparent,
      attributes: request.attributes,
      payloadModel: request.parsed.model,
      policyId: policy?.id,
      durationMs: performance.now() - started,
    });

  if (!policy) {
    activity({ status: 'allow', findings: [] });
    return { status: 'allow', findings: [], traceId };
  }
  try {
    const run = await runPolicy({
      policy,
      payload: request.payload,
      parsed: request.parsed,
      gate: {
        protocol: request.protocol,
        direction: request.direction,
        consumerId: request.consumerId,
        collectorType: request.key.collector.type,
        attributes: request.attributes,
        payloadModel: request.parsed.model,
      },
    });
    activity({ status: run.status, findings: run.findings, mode: run.mode });
    return { status: run.status, findings: run.findings, traceId, ...(run.transformedPayload ? { transformedPayload: run.transformedPayload } : {}) };
  } catch (err) {
    const error = toGatewayError(err);
    // A fail-closed detector failure says which detector failed in Activity too.
    activity({ status: 'error', findings: err instanceof DetectorFailed ? err.findings : [] });
    // The error body carries the trace id too, so the failed evaluation can be found in Activity.
    throw new GatewayError(error.code, { message: error.message, cause: error.cause, status: error.status, details: { ...error.details, trace_id: traceId } });
  }
}
