/**
 * The files routes (spec 4.2): upload (`POST /v1/files`, multipart forwarded as-is), list
 * (`GET /v1/files`, query passed through), metadata (`GET /v1/files/{id}`), bytes
 * (`GET /v1/files/{id}/content`, upstream Content-Type kept) and delete
 * (`DELETE /v1/files/{id}`). Only registries with a files store are candidates. The gateway
 * keeps no file identity: upstream ids and answers (each provider's own shape) go back as they
 * are. A `model` reference, in a JSON body, the upload form or the `model` query parameter,
 * only picks the registry; it is never forwarded.
 */
import type { Exchange } from '../../pipeline/exchange.js';
import type { OperationHandler } from '../app.js';
import type { ProxyRoute } from '../routes.js';
import type { ProxyRuntime } from '../runtime.js';
import { planOperation } from './capability-plan.js';
import { callUpstream, type OperationCall } from './operation-attempts.js';
import { emptyCall, multipartCall } from './operation-calls.js';
import { admitOperation, requireMethod } from './operation-gates.js';
import { multipartInput, stringField, type MultipartInput } from './operation-input.js';
import { relayAnswer, selectionHeaders } from './relay-answer.js';

/** Methods each files path takes. */
function allowedMethods(route: ProxyRoute): string[] {
  if (route.resourceId === undefined) return ['GET', 'POST'];
  return route.action === 'content' ? ['GET'] : ['GET', 'DELETE'];
}

/** The client's query minus the routing reference, which the gateway never forwards. */
function forwardedQuery(ctx: Exchange): Record<string, string> {
  const { model: _model, ...rest } = ctx.incoming.query;
  return rest;
}

/** The registry pin: a JSON body's `model`, else the upload form's, else the `model` query parameter. */
function referenceOf(ctx: Exchange, form: MultipartInput | undefined): string | undefined {
  const body = ctx.incoming.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) return stringField(body as Record<string, unknown>, 'model');
  const query = ctx.incoming.query.model;
  return form?.fields.model ?? (typeof query === 'string' && query ? query : undefined);
}

/** The files handler of a proxy plane. */
export function filesOperation(runtime: ProxyRuntime): OperationHandler {
  return async (koa, ctx, hooks, route) => {
    requireMethod(koa, route.route, allowedMethods(route));
    const upload = koa.method === 'POST';
    const form = upload ? multipartInput(ctx) : undefined;
    const reference = referenceOf(ctx, form);
    await admitOperation(hooks, ctx);
    const plan = planOperation(ctx, runtime.routing, { capability: 'files', reference, registryOnly: true });
    const what = {
      capability: 'files' as const,
      method: koa.method,
      id: route.resourceId,
      tail: route.action === 'content' ? '/content' : undefined,
      query: route.resourceId === undefined && !upload ? forwardedQuery(ctx) : undefined,
    };
    const { upstream, target } = await callUpstream(ctx, hooks, runtime, plan, (t): OperationCall => (form ? multipartCall(t, what, form) : emptyCall(t, what)));
    selectionHeaders(ctx, target);
    relayAnswer(koa, upstream);
  };
}
