/**
 * What the attempt loop does after a failed attempt, and how long each attempt may take:
 * retry the same target (exponential backoff with jitter, never sooner than the upstream's
 * Retry-After), move to the next target of the plan when a fallback trigger fires, or fail.
 * Settings come from the consumer (`retry`, `timeouts`, `fallback.on`; docs/routing.md).
 */
import type { CanonicalResponse } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { ClientSignal } from '../../pipeline/client-signal.js';
import type { AttemptDecision } from '../../pipeline/hooks.js';
import type { Exchange } from '../../pipeline/exchange.js';
import { retryDelayMs } from '../routing/backoff.js';
import type { UpstreamTimeouts } from '../upstream/upstream-timeouts.js';
import { triggersOf } from '../routing/failure-triggers.js';
import { consumerRouting, DEFAULT_TRIGGERS, type ConsumerRouting } from '../routing/routing-settings.js';
import { clientClosedError } from './upstream-error.js';

/** Plugins asking for retries still stop here, so a tap cannot loop forever. */
const PLUGIN_RETRY_CAP = 10;

/** The decision for one failed attempt. */
export type Decision =
  | { action: 'retry'; delayMs: number; trigger?: string }
  | { action: 'next'; trigger?: string }
  | { action: 'fail' };

/** The first of `wanted` that the failure fires. */
function firstFired(fired: ReadonlySet<string>, wanted: readonly string[]): string | undefined {
  return wanted.find((t) => fired.has(t));
}

/** One request's attempt policy: its settings, its total deadline, and the retry arithmetic. */
export class AttemptPolicy {
  private readonly settings: ConsumerRouting;
  private readonly deadline?: number;

  /**
   * `defaults` are the operator's first-byte and idle waits (the upstream client's
   * `timeouts`), used when the consumer sets no `timeouts.attempt_ms`.
   */
  constructor(
    ctx: Exchange,
    private readonly defaults: Pick<UpstreamTimeouts, 'firstByteMs' | 'idleMs'> | undefined,
    private readonly random: () => number = Math.random,
  ) {
    this.settings = ctx.consumer ? consumerRouting(ctx.consumer) : { retry: { max_retries: 0 } as ConsumerRouting['retry'], timeouts: {}, triggers: DEFAULT_TRIGGERS };
    const total = this.settings.timeouts.total_ms;
    this.deadline = total ? Date.now() + total : undefined;
  }

  /**
   * The header wait of the next attempt: the per-attempt timeout, cut to what is left of the
   * total one. Past the total deadline no attempt starts: a 504.
   */
  attemptTimeoutMs(): number | undefined {
    const perAttempt = this.settings.timeouts.attempt_ms ?? this.defaults?.firstByteMs;
    if (this.deadline === undefined) return perAttempt;
    const left = this.deadline - Date.now();
    if (left <= 0) {
      throw new GatewayError('upstream_timeout', { message: `no upstream answered within the total timeout of ${this.settings.timeouts.total_ms} ms` });
    }
    return perAttempt === undefined ? left : Math.min(perAttempt, left);
  }

  /** The idle limit between body chunks of an answer whose headers came (before its first chunk too). */
  bodyTimeoutMs(): number | undefined {
    return this.settings.timeouts.attempt_ms ?? this.defaults?.idleMs;
  }

  /** Whether a content-filtered answer moves to the next target instead of reaching the client. */
  skipsFilteredAnswer(response: CanonicalResponse, hasNext: boolean): boolean {
    return hasNext && response.finish_reason === 'content_filter' && this.settings.triggers.includes('content_filter');
  }

  /**
   * Decides after a failed attempt. `retries` is how many times this target was already
   * retried; `plugin` is an `onAttemptError` tap's opinion, which wins when it has one;
   * `targetOpen` is false once the target's circuit breaker has opened.
   */
  decide(failure: GatewayError, hasNext: boolean, retries: number, plugin: AttemptDecision | undefined, targetOpen = true): Decision {
    // A refusal of the gateway's own making (a feature, a guardrail) is the same everywhere.
    if (failure.source !== 'upstream') return { action: 'fail' };
    const fired = triggersOf(failure);
    const { retry, triggers } = this.settings;
    const next = (): Decision => (hasNext ? { action: 'next', trigger: firstFired(fired, triggers) } : { action: 'fail' });
    if (plugin === 'fail') return { action: 'fail' };
    if (plugin === 'next') return next();
    const retryTrigger = plugin === 'retry' ? undefined : firstFired(fired, retry.on);
    const wantsRetry = plugin === 'retry' ? retries < PLUGIN_RETRY_CAP : retryTrigger !== undefined && retries < retry.max_retries;
    if (wantsRetry && targetOpen) {
      const delayMs = retryDelayMs(retry, retries, failure, this.random);
      if (delayMs !== undefined && this.fits(delayMs)) return { action: 'retry', delayMs, trigger: retryTrigger };
    }
    return firstFired(fired, triggers) !== undefined ? next() : { action: 'fail' };
  }

  /** Whether a wait of `ms` still leaves time for an attempt within the total deadline. */
  private fits(ms: number): boolean {
    return this.deadline === undefined || Date.now() + ms < this.deadline;
  }
}

/** Waits out a retry backoff; a client that goes away ends the wait (and the request). */
export function waitBeforeRetry(ms: number, signal: ClientSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(clientClosedError());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(clientClosedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
