import type { Logger } from '../logging/logger.js';
import type { Exchange, Outcome } from '../pipeline/exchange.js';
import type { PipelineHooks } from '../pipeline/hooks.js';

/**
 * Runs after the response is sent, off the request path: cache store, deferred settlements,
 * `settle`, then `observe`. Failures are logged and never reach the client.
 */
export function runAfterResponse(ctx: Exchange, hooks: PipelineHooks, outcome: Outcome, log: Logger): void {
  setImmediate(() => {
    void (async () => {
      try {
        if (ctx.cacheKey && ctx.response && !ctx.cached && outcome.status < 400 && hooks.cacheStore.taps.length) {
          await hooks.cacheStore.promise(ctx.cacheKey, ctx.response, ctx);
        }
      } catch (err) {
        log.warn('cache store failed', { trace_id: ctx.traceId, error: (err as Error).message });
      }
      try {
        for (const fn of ctx.deferred) await fn(outcome);
        if (hooks.settle.taps.length) await hooks.settle.promise(outcome, ctx);
      } catch (err) {
        log.error('settle failed', { trace_id: ctx.traceId, error: (err as Error).message });
      }
      if (hooks.observe.taps.length) {
        hooks.observe.promise(outcome, ctx).catch((err: Error) => log.warn('observe failed', { trace_id: ctx.traceId, error: err.message }));
      }
    })();
  });
}
