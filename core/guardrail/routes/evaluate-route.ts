/**
 * `POST /v1/evaluate` (spec 4.4): resolve the collector by key, read the body and its payload,
 * evaluate, answer 200 with the verdict (block included). Errors carry `request_id` like every
 * answer of this plane.
 */
import type Router from '@koa/router';
import { guardrailConfigOf } from '../config/guardrail-extension.js';
import { authenticateCollector } from '../evaluation/collector-auth.js';
import { readEvaluateBody } from '../evaluation/request-body.js';
import { readPayload } from '../payload/read-payload.js';
import { evaluateCounted, type EvaluateDeps } from './evaluate-deps.js';

interface EvaluateBody {
  protocol: string;
  direction: 'input' | 'output';
  payload: Record<string, unknown>;
  consumer_id?: string;
  session_id?: string;
  attributes?: Record<string, unknown>;
}

/** Registers `POST /v1/evaluate`. */
export function evaluateRoute(router: Router, deps: EvaluateDeps): void {
  router.post('/v1/evaluate', async (koa) => {
    const key = authenticateCollector(guardrailConfigOf(deps.holder.current), koa.get('authorization'));
    const body = await readEvaluateBody<EvaluateBody>(koa, 'evaluate-request');
    const parsed = readPayload(body.payload, body.direction, deps.host.formats);
    const result = await evaluateCounted(deps, {
      key,
      requestId: koa.state.requestId as string,
      endpoint: 'evaluate',
      direction: body.direction,
      protocol: body.protocol,
      consumerId: body.consumer_id,
      sessionId: body.session_id,
      attributes: body.attributes ?? {},
      payload: body.payload,
      parsed,
    });
    koa.body = {
      status: result.status,
      ...(result.transformedPayload ? { transformed_payload: result.transformedPayload } : {}),
      findings: result.findings,
      trace_id: result.traceId,
      request_id: koa.state.requestId,
    };
  });
}
