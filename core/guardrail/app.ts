/**
 * The guardrail evaluation service: a separate Koa app (`/v1/evaluate` and, where the store
 * lives, the management paths). Every response carries its request id in `x-request-id`;
 * evaluate answers and every error body also carry it as `request_id`.
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import Koa from 'koa';
import { closeWhenBodyUnread } from '../http/close-unread-body.js';
import { healthMiddleware, type ReadinessReport } from '../http/health.js';
import { jsonErrorMiddleware } from '../http/error-body.js';
import type { Logger } from '../logging/logger.js';
import { BUILD_INFO } from '../version/build-info.js';
import { buildGuardrailOpenApiDocument } from './openapi/build-document.js';

/** Options of the guardrail Koa shell. */
export interface GuardrailAppOptions {
  log: Logger;
  readiness: () => ReadinessReport;
  /** Route registrations (evaluate, management). */
  routes?: Array<(router: Router) => void>;
}

/** The Koa shell: request ids, health, `{error, message, request_id}` errors, routes. */
export function createGuardrailApp(options: GuardrailAppOptions): Koa {
  const app = new Koa();
  app.silent = true;
  // First, so every answer (health checks included) carries its request id.
  app.use(async (koa, next) => {
    koa.state.requestId = randomUUID();
    koa.set('x-request-id', koa.state.requestId as string);
    await next();
  });
  app.use(closeWhenBodyUnread);
  app.use(healthMiddleware('guardrail', options.readiness));
  app.use(jsonErrorMiddleware(options.log, (koa) => ({ request_id: koa.state.requestId })));
  const router = new Router();
  router.get('/v1/version', (koa) => {
    koa.body = BUILD_INFO;
  });
  let openApi: Record<string, unknown> | undefined;
  router.get('/v1/openapi.json', (koa) => {
    openApi ??= buildGuardrailOpenApiDocument();
    koa.body = openApi;
  });
  for (const register of options.routes ?? []) register(router);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
