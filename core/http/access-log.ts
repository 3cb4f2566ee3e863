/**
 * The access log: one line per request on each plane, written when the answer has been sent
 * (or the client left), never before, so it costs the request nothing. It names the method,
 * the path (never the query string: the Gemini SDK's `?key=` is a credential), the status, the
 * latency and the trace or request id; on the proxy plane also the consumer, the upstream that
 * answered last (registry and model) and the number of attempts. Never a key, a header or a
 * body. `PORTCULLIS_ACCESS_LOG=false` turns it off. The process logger's access lines are made
 * and written a turn's worth at a time (batchedInfoLines): a line per request through winston
 * cost a busy gateway tens of microseconds. At debug level a proxied request also gets a
 * `route` line: the plan's reason, its targets and each attempt.
 */
import type Koa from 'koa';
import { batchedInfoLines, type Logger } from '../logging/logger.js';
import type { Exchange } from '../pipeline/exchange.js';

/** What a plane knows of the request beyond HTTP (the proxy's exchange). */
type ExchangeOf = (koa: Koa.Context) => Exchange | undefined;

/** Whether the environment turns the access log off. */
export function accessLogEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !/^(false|0|off)$/i.test(env.PORTCULLIS_ACCESS_LOG ?? '');
}

/** The fields of one access log line. */
export function accessLogFields(plane: string, koa: Koa.Context, startedAt: number, exchange: Exchange | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    plane,
    method: koa.method,
    path: koa.path,
    status: koa.res.writableFinished ? koa.res.statusCode : 499,
    latency_ms: Math.round((performance.now() - startedAt) * 10) / 10,
  };
  const traceId = exchange?.traceId ?? (koa.res.getHeader('x-ag-trace-id') as string | undefined);
  if (traceId) fields.trace_id = traceId;
  const requestId = koa.state.requestId as string | undefined;
  if (requestId) fields.request_id = requestId;
  if (exchange?.consumer) fields.consumer = exchange.consumer.slug;
  const last = exchange?.attempts.at(-1);
  if (last) {
    const registry = exchange!.snapshot.registry(last.registryId);
    fields.upstream = `${registry?.slug ?? last.registryId}/${last.model}`;
    fields.attempts = exchange!.attempts.length;
  }
  if (exchange?.cached) fields.cached = true;
  return fields;
}

/**
 * At debug level, why a proxied request went where it went: the route plan's reason, the target
 * chosen and each attempt with its outcome and status (no prompt, no key).
 */
function debugRoute(log: Logger, exchange: Exchange): void {
  if (!exchange.route && exchange.attempts.length === 0) return;
  log.debug('route', {
    trace_id: exchange.traceId,
    reason: exchange.route?.reason,
    targets: exchange.route?.targets.map((t) => `${t.registry.slug}/${t.model}`),
    attempts: exchange.attempts.map((a) => ({
      upstream: `${exchange.snapshot.registry(a.registryId)?.slug ?? a.registryId}/${a.model}`,
      outcome: a.outcome,
      status: a.status,
      duration_ms: a.durationMs === undefined ? undefined : Math.round(a.durationMs),
      trigger: a.trigger,
      error: a.error,
    })),
  });
}

/** A Koa middleware writing the access log line of each request of `plane` (first in the chain). */
export function accessLog(plane: string, log: Logger, exchangeOf: ExchangeOf = () => undefined): Koa.Middleware {
  // The process logger's lines are made and written by the batch; another logger (a test's) writes its own.
  const info = batchedInfoLines(log) ?? ((message: string, fields: Record<string, unknown>) => log.info(message, fields));
  return async (koa, next) => {
    const startedAt = performance.now();
    // A line is formatted (masked, serialised) before a logger drops it by level: ask first.
    koa.res.once('close', () => {
      const exchange = exchangeOf(koa);
      if (log.isInfoEnabled()) info('request', accessLogFields(plane, koa, startedAt, exchange));
      if (exchange && log.isDebugEnabled()) debugRoute(log, exchange);
    });
    await next();
  };
}
