import { GatewayError } from '../../errors/gateway-error.js';
import type { OperationHandler } from '../app.js';
import { modelListFor } from './model-list.js';

/** `GET /v1/models` and `GET /v1/models/{id}`; other methods are 400, unknown ids 404. */
export const modelsOperation: OperationHandler = async (koa, ctx, _hooks, route) => {
  if (koa.method !== 'GET') throw new GatewayError('method_not_allowed', { message: `${koa.method} is not allowed on ${route.route}; use GET` });
  const list = modelListFor(ctx.consumer!, ctx.principal);
  if (route.resourceId === undefined) {
    koa.body = { object: 'list', data: list };
    return;
  }
  const model = list.find((m) => m.id === route.resourceId);
  if (!model) throw new GatewayError('not_found', { message: `model ${route.resourceId} is not available to this consumer`, param: 'model' });
  koa.body = model;
};
