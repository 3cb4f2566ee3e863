import { GatewayError } from '../errors/gateway-error.js';
import type { Exchange } from './exchange.js';
import type { Logger } from '../logging/logger.js';
import { traitsOf, type HookName } from './hooks.js';
import { Rejection } from './rejection.js';

export interface InterceptOptions {
  hook: HookName;
  plugin: string;
  policyId?: string;
  failureMode: 'closed' | 'open';
  log: Logger;
}

function invalidRejection(plugin: string, value: unknown): GatewayError {
  return new GatewayError('plugin_invalid_rejection', {
    source: 'plugin',
    message: `policy ${plugin} failed with a non-Error value (${String(value)})`,
  });
}

/** Tap runs kept per exchange: a long stream checked window by window must not grow it without end. */
export const MAX_TAP_RUNS = 64;

/** Records an asynchronous tap's run on the exchange (its last argument) for the request's trace. */
function recordRun(args: readonly unknown[], options: InterceptOptions, startedAt: number, failed: boolean): void {
  const ctx = args[args.length - 1] as Exchange | undefined;
  if (!ctx || typeof ctx !== 'object' || !Array.isArray(ctx.attempts)) return;
  const runs = (ctx.tapRuns ??= []);
  if (runs.length < MAX_TAP_RUNS) runs.push({ plugin: options.plugin, policyId: options.policyId, hook: options.hook, startedAt, durationMs: performance.now() - startedAt, failed: failed || undefined });
}

/**
 * Wraps a plugin's tap: normalises what it throws, applies its failure mode, and checks what it
 * returns against its hook's `answer` trait (a gate's Rejection, a stream verdict's reason).
 * `closed`: a thrown error stops the request with 503 `plugin_failed` (a Rejection on a
 * `rejection` hook; on `checkStream`, the stream ends with the failure event). `open`: the
 * error is logged and the tap counts as "no opinion".
 */
export function intercept(fn: (...args: never[]) => unknown, sync: boolean, options: InterceptOptions): (...args: never[]) => unknown {
  const { hook, plugin, failureMode, log } = options;
  const { answer } = traitsOf(hook);

  const onFailure = (err: unknown): unknown => {
    // A GatewayError is a deliberate, typed answer (a router refusing a model): it passes as is.
    if (err instanceof GatewayError && err.code !== 'internal_error' && err.code !== 'plugin_invalid_rejection') throw err;
    const error = err instanceof Error ? err : invalidRejection(plugin, err);
    if (failureMode === 'open') {
      log.warn('policy failed open', { plugin, policy_id: options.policyId, hook, error: error.message });
      return undefined;
    }
    log.error('policy failed closed', { plugin, policy_id: options.policyId, hook, error: error.message });
    const failed =
      error instanceof GatewayError && error.code === 'plugin_invalid_rejection'
        ? error
        : new GatewayError('plugin_failed', { source: 'plugin', cause: error });
    if (answer === 'rejection') return new Rejection(failed.code, { message: failed.message });
    throw failed;
  };

  const checkResult = (value: unknown): unknown => {
    if (value === undefined) return value;
    if ((answer === 'rejection' && !(value instanceof Rejection)) || (answer === 'reason' && (typeof value !== 'string' || value === ''))) {
      return onFailure(invalidRejection(plugin, value));
    }
    return value;
  };

  if (sync) {
    return (...args: never[]) => {
      try {
        return checkResult(fn(...args));
      } catch (err) {
        return onFailure(err);
      }
    };
  }
  return async (...args: never[]) => {
    const startedAt = performance.now();
    let failed = false;
    try {
      return checkResult(await fn(...args));
    } catch (err) {
      failed = true;
      return onFailure(err);
    } finally {
      recordRun(args, options, startedAt, failed);
    }
  };
}
