import type { GatewayError } from '../../errors/gateway-error.js';
import type { Attempt, Exchange } from '../../pipeline/exchange.js';
import type { AttemptDecision, PipelineHooks } from '../../pipeline/hooks.js';
import { waitBeforeRetry, type AttemptPolicy } from './attempt-decision.js';

/**
 * After a failed attempt, in every attempt loop (chat and the other operations): asks the
 * `onAttemptError` taps, decides, records the outcome on the attempt and waits out a retry's
 * backoff. The loop then retries the same target, moves to the next one, or throws the failure
 * (`fail`). `retries` is how many times this target was already retried; `targetOpen` is false
 * once its circuit breaker has opened.
 */
export async function settleFailedAttempt(
  ctx: Exchange,
  hooks: PipelineHooks,
  policy: AttemptPolicy,
  attempt: Attempt,
  failure: GatewayError,
  hasNext: boolean,
  retries: number,
  targetOpen: boolean,
): Promise<AttemptDecision> {
  attempt.error = failure.message;
  const plugin = hooks.onAttemptError.taps.length ? await hooks.onAttemptError.promise(attempt, failure, ctx) : undefined;
  const decision = policy.decide(failure, hasNext, retries, plugin, targetOpen);
  if (decision.action === 'retry') {
    attempt.outcome = 'retry';
    attempt.trigger = decision.trigger;
    attempt.waitMs = decision.delayMs;
    await waitBeforeRetry(decision.delayMs, ctx.signal);
    return 'retry';
  }
  if (decision.action === 'next') {
    attempt.outcome = 'fallback';
    attempt.trigger = decision.trigger;
    return 'next';
  }
  attempt.outcome = 'error';
  return 'fail';
}
