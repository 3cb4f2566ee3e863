import type Koa from 'koa';
import { GatewayError, toGatewayError } from '../errors/gateway-error.js';
import type { Logger } from '../logging/logger.js';
import { StoreError } from '../store/types.js';

/**
 * Error mapper of the admin and guardrail planes: `{error, message}` with the registry code
 * and status, plus any extra body fields (`request_id` on the guardrail plane).
 */
export function jsonErrorMiddleware(log: Logger, extra?: (koa: Koa.Context) => Record<string, unknown>): Koa.Middleware {
  return async (koa, next) => {
    try {
      await next();
      if (koa.status === 404 && koa.body === undefined) {
        koa.status = 404;
        koa.body = { error: 'not_found', message: `no route ${koa.method} ${koa.path}`, ...extra?.(koa) };
      } else if (koa.status === 405 && koa.body === undefined) {
        koa.status = 405;
        koa.body = { error: 'method_not_allowed', message: `method ${koa.method} not allowed on ${koa.path}`, ...extra?.(koa) };
      }
    } catch (err) {
      const answer = errorAnswer(err, log, koa.path, extra?.(koa));
      koa.status = answer.status;
      for (const [k, v] of Object.entries(answer.headers)) koa.set(k, v);
      koa.body = answer.body;
    }
  };
}

/**
 * The answer to a request that failed with `err`: its status, headers and `{error, message}`
 * body (plus `extra` fields); failures of the server (5xx) are logged at error level, a client
 * that left (`client_closed`) at info level. Shared by the middleware
 * and by callers that answer without HTTP (in-process evaluation).
 */
export function errorAnswer(
  err: unknown,
  log: Logger,
  path: string,
  extra?: Record<string, unknown>,
): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  // A store that cannot be reached or written is the documented 503, not an internal error.
  const error = err instanceof StoreError && err.code === 'unavailable' ? new GatewayError('store_unavailable', { cause: err }) : toGatewayError(err);
  // A client that left is nobody's failure: recorded, not raised as an error.
  if (error.code === 'client_closed') log.info('client closed the connection', { path, reason: 'client_closed' });
  else if (error.status >= 500) log.error('request failed', { path, code: error.code, error: (error.cause as Error | undefined)?.message ?? error.message });
  return { status: error.status, headers: error.headers, body: { error: error.code, message: error.publicMessage, ...error.details, ...extra } };
}
