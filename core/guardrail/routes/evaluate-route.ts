/**
 * `POST /v1/evaluate` (spec 4.4): resolve the collector by key, read the body and its payload,
 * evaluate, answer 200 with the verdict (block included). Errors carry `request_id` like every
 * answer of this plane. The same endpoint serves in-process callers (see in-process.ts).
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { errorAnswer } from '../../http/error-body.js';
import type { Logger } from '../../logging/logger.js';
import type { CompiledKey } from '../config/compiled-config.js';
import { guardrailConfigOf } from '../config/guardrail-extension.js';
import { authenticateCollector } from '../evaluation/collector-auth.js';
import { parseEvaluateBody, readEvaluateBody } from '../evaluation/request-body.js';
import type { InProcessEvaluator } from '../in-process.js';
import { readPayload } from '../payload/read-payload.js';
import { evaluate } from '../evaluation/evaluate.js';
import type { EvaluateDeps } from './evaluate-deps.js';

/** A `POST /v1/evaluate` body (schemas/api/guardrail/evaluate-request.schema.json). */
export interface EvaluateBody {
  protocol: string;
  direction: 'input' | 'output';
  payload: Record<string, unknown>;
  consumer_id?: string;
  session_id?: string;
  attributes?: Record<string, unknown>;
}

/**
 * The 200 answer of an evaluation: key checked first, then the body (read by `readBody`, which
 * is handed the collector's key), then the verdict. Shared by the endpoints that build an
 * evaluate body of their own (the gateway webhook adapter).
 */
export async function answerEvaluate(
  deps: EvaluateDeps,
  authorization: string,
  readBody: (key: CompiledKey) => Promise<EvaluateBody>,
  requestId: string,
  traceparent?: string,
): Promise<Record<string, unknown>> {
  const key = authenticateCollector(guardrailConfigOf(deps.holder.current), authorization);
  const body = await readBody(key);
  const parsed = readPayload(body.payload, body.direction, deps.host.formats);
  const result = await evaluate({
    key,
    requestId,
    endpoint: 'evaluate',
    direction: body.direction,
    protocol: body.protocol,
    consumerId: body.consumer_id,
    sessionId: body.session_id,
    attributes: body.attributes ?? {},
    payload: body.payload,
    parsed,
    traceparent,
  }, deps.telemetry);
  return {
    status: result.status,
    ...(result.transformedPayload ? { transformed_payload: result.transformedPayload } : {}),
    findings: result.findings,
    trace_id: result.traceId,
    request_id: requestId,
  };
}

/** Registers `POST /v1/evaluate`. */
export function evaluateRoute(router: Router, deps: EvaluateDeps): void {
  router.post('/v1/evaluate', async (koa) => {
    koa.body = await answerEvaluate(deps, koa.get('authorization'), () => readEvaluateBody<EvaluateBody>(koa, 'evaluate-request'), koa.state.requestId as string, koa.get('traceparent') || undefined);
  });
}

/**
 * `POST /v1/evaluate` without the socket (core/guardrail/in-process.ts): a fresh request id per
 * call, the same body limit, parsing and checks, the same evaluation and Activity record, and
 * errors answered (and 5xx logged) as the plane's error middleware answers them.
 */
export function inProcessEvaluate(deps: EvaluateDeps, log: Logger): InProcessEvaluator {
  return {
    async evaluate({ authorization, body }) {
      const requestId = randomUUID();
      try {
        const answer = await answerEvaluate(deps, authorization, async () => parseEvaluateBody<EvaluateBody>(body, 'evaluate-request'), requestId);
        return { status: 200, body: JSON.stringify(answer) };
      } catch (err) {
        const answer = errorAnswer(err, log, '/v1/evaluate', { request_id: requestId });
        return { status: answer.status, body: JSON.stringify(answer.body) };
      }
    },
  };
}
