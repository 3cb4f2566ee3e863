import type { LimitDecision } from '../shared/rate-windows/decision.js';

/** The decision the headers report: the limit with the fewest requests left. */
export function tightest(decisions: readonly LimitDecision[]): LimitDecision {
  return decisions.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSeconds > a.resetSeconds) ? b : a));
}

/** `X-RateLimit-Limit`, `-Remaining` and `-Reset` (seconds until the window resets). */
export function rateLimitHeaders(decision: LimitDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.resetSeconds),
  };
}

/**
 * Sets the headers on the response unless another rate_limiter policy of the chain already
 * reported a tighter limit (the client sees the one it will hit first).
 */
export function mergeRateLimitHeaders(target: Record<string, string>, headers: Record<string, string>): void {
  const existing = target['x-ratelimit-remaining'];
  if (existing !== undefined && Number(existing) < Number(headers['x-ratelimit-remaining'])) return;
  Object.assign(target, headers);
}
