/**
 * `POST /v1/rerank` (spec 4.2): a v2 rerank body routed only to rerank-capable registries.
 * Cohere (the v2 format's own API, `/v2/rerank`) gets it with the native model and answers
 * as-is; other providers' OpenAI-compatible rerank endpoints (the catalog's `rerank` path)
 * get it translated and answer in the v2 shape. The tokens the answer reports become the
 * exchange's usage, for budgets.
 */
import type { OperationHandler } from '../app.js';
import type { ProxyRuntime } from '../runtime.js';
import { planOperation } from './capability-plan.js';
import { callUpstream } from './operation-attempts.js';
import { jsonCall, withTargetModel } from './operation-calls.js';
import { admitOperation, requireMethod } from './operation-gates.js';
import { jsonInput, stringField } from './operation-input.js';
import { selectionHeaders } from './relay-answer.js';
import { fromCompatibleRerank, toCompatibleRerank } from './rerank-translation.js';
import { rerankUsage } from './operation-usage.js';
import type { RouteTarget } from '../../pipeline/exchange.js';

const speaksV2 = (target: RouteTarget) => target.registry.provider?.format === 'cohere-v2';

/** The rerank handler of a proxy plane. */
export function rerankOperation(runtime: ProxyRuntime): OperationHandler {
  return async (koa, ctx, hooks, route) => {
    requireMethod(koa, route.route, ['POST']);
    const body = jsonInput(ctx);
    const reference = stringField(body, 'model');
    await admitOperation(hooks, ctx);
    const plan = planOperation(ctx, runtime.routing, { capability: 'rerank', reference });
    const { upstream, target, decoded } = await callUpstream(ctx, hooks, runtime, plan, (t) => ({
      ...jsonCall(t, { capability: 'rerank', method: 'POST' }, speaksV2(t) ? withTargetModel(body, t) : toCompatibleRerank(body, t)),
      decodeAnswer: (answer) => ({
        text: speaksV2(t) ? answer.text : JSON.stringify(fromCompatibleRerank(answer.value)),
        usage: rerankUsage(answer.value),
      }),
    }));
    if (decoded!.usage) ctx.usage = decoded!.usage;
    selectionHeaders(ctx, target);
    koa.status = upstream.statusCode;
    koa.type = 'application/json';
    koa.body = decoded!.text;
  };
}
