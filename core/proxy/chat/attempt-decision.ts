import type { GatewayError } from '../../errors/gateway-error.js';
import type { Exchange } from '../../pipeline/exchange.js';

/** Fallback triggers when the consumer names none. */
const DEFAULT_TRIGGERS = ['429', '5xx', 'timeout', 'connection'];

/** Whether a failed attempt's error matches a fallback trigger (`429`, `5xx`, `timeout`, `connection`, an exact status). */
export function matchesTrigger(error: GatewayError, triggers: readonly string[]): boolean {
  const status = String(error.status);
  return triggers.some((t) => {
    if (t === status) return true;
    if (/^\dxx$/.test(t)) return status[0] === t[0] && error.source === 'upstream';
    if (t === 'timeout') return error.code === 'upstream_timeout';
    if (t === 'connection') return error.code === 'upstream_unreachable';
    return false;
  });
}

/** The core's decision when no plugin has an opinion: move to the next target on a trigger, else fail. */
export function defaultDecision(ctx: Exchange, error: GatewayError, hasNext: boolean): 'next' | 'fail' {
  if (!hasNext || error.source !== 'upstream') return 'fail';
  const triggers = ctx.consumer?.record.fallback?.on ?? DEFAULT_TRIGGERS;
  return matchesTrigger(error, triggers) ? 'next' : 'fail';
}
