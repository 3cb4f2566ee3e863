import type { Logger } from '../logging/logger.js';
import type { Exchange, Outcome } from '../pipeline/exchange.js';
import type { PipelineHooks } from '../pipeline/hooks.js';

/**
 * Runs after the response is sent, off the request path: cache store, deferred settlements,
 * `settle`, then `observe`. Failures are logged and never reach the client. `done` is called
 * once all of it has finished (the request then no longer holds its snapshot).
 */
export function runAfterResponse(ctx: Exchange, hooks: PipelineHooks, outcome: Outcome, log: Logger, done: () => void = () => undefined): void {
  setImmediate(() => {
    const caches = ctx.cacheKey && ctx.response && !ctx.cached && outcome.status < 400 && hooks.cacheStore.taps.length;
    // Most requests only have observers: skip the promise chain then.
    if (!caches && ctx.deferred.length === 0 && hooks.settle.taps.length === 0) return observe(ctx, hooks, outcome, log, done);
    void (async () => {
      try {
        if (caches) await hooks.cacheStore.promise(ctx.cacheKey!, ctx.response!, ctx);
      } catch (err) {
        log.warn('cache store failed', { trace_id: ctx.traceId, error: (err as Error).message });
      }
      try {
        for (const fn of ctx.deferred) await fn(outcome);
        if (hooks.settle.taps.length) await hooks.settle.promise(outcome, ctx);
      } catch (err) {
        log.error('settle failed', { trace_id: ctx.traceId, error: (err as Error).message });
      }
      observe(ctx, hooks, outcome, log, done);
    })();
  });
}

function observe(ctx: Exchange, hooks: PipelineHooks, outcome: Outcome, log: Logger, done: () => void): void {
  if (!hooks.observe.taps.length) return done();
  hooks.observe.callAsync(outcome, ctx, (err) => {
    if (err) log.warn('observe failed', { trace_id: ctx.traceId, error: (err as Error).message });
    done();
  });
}
