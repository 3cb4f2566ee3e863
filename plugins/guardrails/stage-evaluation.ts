/**
 * One evaluation of one guarded stage: build the payload, call the service, and, for a
 * transform, map the masked payload back onto the canonical value. A failure (service down,
 * timeout, error answer, unappliable payload) is resolved by `failure_mode`: fail_open records
 * a report finding and lets the traffic through uninspected; fail_closed throws, which the
 * core answers with 503 (the plugin fails closed).
 */
import type { Exchange, PluginKit } from '../../core/plugin/index.js';
import { evaluateBody } from './evaluation-fields.js';
import { collectorKey, type EvaluateBody, EvaluationFailure, requestVerdict, type Verdict } from './service-client.js';
import type { GuardrailsSettings } from './settings.js';
import { applySlots, UnappliablePayload, type Invariant, type TextSlot } from './text-slots.js';

/** The body of a stage and its text slots. */
export interface StagePayload<T> {
  body: Record<string, unknown>;
  slots: TextSlot<T>[];
  invariants: Invariant[];
}

/** The outcome of one stage's evaluation. */
export interface StageResult<T> {
  /** Absent when the evaluation failed open. */
  verdict?: Verdict;
  /** The masked value, for a transform verdict. */
  rewritten?: T;
  /** Why the evaluation failed (fail_open), for the stream window. */
  failure?: string;
}

/** Evaluates one stage of a chat exchange; a failure follows `failure_mode`. */
export async function evaluateStage<T>(
  kit: PluginKit<GuardrailsSettings>,
  ctx: Exchange,
  direction: 'input' | 'output',
  original: T,
  payload: StagePayload<T>,
  model: string | undefined,
): Promise<StageResult<T>> {
  return evaluatePayload(kit, ctx, original, payload, evaluateBody(ctx, direction, payload.body, model));
}

/** Evaluates one payload with the evaluate body `body` (which carries it); a failure follows `failure_mode`. */
export async function evaluatePayload<T>(kit: PluginKit<GuardrailsSettings>, ctx: Exchange, original: T, payload: StagePayload<T>, body: EvaluateBody): Promise<StageResult<T>> {
  const settings = kit.config(ctx);
  const direction = body.direction;
  try {
    const key = collectorKey(settings, kit);
    const verdict = await requestVerdict(settings, key, body, ctx, kit);
    if (verdict.status !== 'transform') return { verdict };
    return { verdict, rewritten: applySlots(original, verdict.transformed_payload, payload.slots, payload.invariants) };
  } catch (err) {
    if (!(err instanceof EvaluationFailure || err instanceof UnappliablePayload)) throw err;
    return failedEvaluation(kit, ctx, direction, err);
  }
}

/** A stage that could not be evaluated, by `failure_mode`: fail_closed throws `err`; fail_open records a report finding and lets the traffic through. */
export function failedEvaluation<T>(kit: PluginKit<GuardrailsSettings>, ctx: Exchange, direction: 'input' | 'output', err: EvaluationFailure | UnappliablePayload): StageResult<T> {
  if (kit.config(ctx).failure_mode === 'fail_closed') {
    kit.log.error('guardrail evaluation failed; failing closed', { direction, reason: err.message, trace_id: ctx.traceId });
    throw err;
  }
  kit.log.warn('guardrail evaluation failed; failing open', { direction, reason: err.message, trace_id: ctx.traceId });
  ctx.findings.push({ plugin: 'guardrails', policyId: kit.policy.id, type: 'guardrail.unavailable', action: 'report', detail: { direction, reason: err.message } });
  return { failure: err.message };
}
