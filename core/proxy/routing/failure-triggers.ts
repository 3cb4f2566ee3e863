/**
 * The trigger vocabulary shared by fallback chains, retries and circuit breakers: which classes
 * a failed upstream attempt belongs to. Only upstream failures have triggers; a gateway-sourced
 * error (a refused feature, a guardrail block) never moves to another target.
 */
import type { GatewayError } from '../../errors/gateway-error.js';
import { isContentFilterError, isContextLengthError } from './failure-signs.js';

/** The triggers a failed attempt fires: its status, status class, and what it means. */
export function triggersOf(error: GatewayError): ReadonlySet<string> {
  const out = new Set<string>();
  if (error.source !== 'upstream') return out;
  if (error.code === 'upstream_timeout') {
    out.add('timeout');
    return out;
  }
  if (error.code === 'upstream_unreachable') {
    out.add('connection');
    return out;
  }
  const status = String(error.status);
  out.add(status);
  out.add(`${status[0]}xx`);
  const code = typeof error.details?.upstream_code === 'string' ? error.details.upstream_code : undefined;
  if (isContextLengthError(error.status, error.message, code)) out.add('context_length');
  if (isContentFilterError(error.status, error.message, code)) out.add('content_filter');
  return out;
}

/** Whether a failed attempt fires one of `triggers` (`429`, `5xx`, `503`, `timeout`, `connection`, `content_filter`, `context_length`). */
export function matchesTrigger(error: GatewayError, triggers: readonly string[]): boolean {
  const fired = triggersOf(error);
  return triggers.some((t) => fired.has(t));
}
