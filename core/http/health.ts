import type Koa from 'koa';

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, string | number>;
}

/**
 * `/healthz` and `/health` (alive), `/readyz` (able to serve: 200, or 503 with the failing
 * checks). Answered before any other middleware so they never need credentials.
 */
export function healthMiddleware(plane: string, readiness: () => ReadinessReport, onAnswer?: (ctx: Koa.Context) => void): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      if (['/healthz', '/health', '/readyz'].includes(ctx.path)) onAnswer?.(ctx);
      if (ctx.path === '/healthz' || ctx.path === '/health') {
        ctx.body = { status: 'ok', plane };
        return;
      }
      if (ctx.path === '/readyz') {
        const report = readiness();
        ctx.status = report.ready ? 200 : 503;
        ctx.body = { status: report.ready ? 'ready' : 'not_ready', plane, checks: report.checks };
        return;
      }
    }
    await next();
  };
}
