import { countersFor, type Exchange, type PluginKit, type Rejection } from '../../core/plugin/index.js';
import type { LimitDecision } from '../shared/rate-windows/decision.js';
import { fixedWindow } from '../shared/rate-windows/fixed-window.js';
import { partitionKey } from './partition-key.js';
import { mergeRateLimitHeaders, rateLimitHeaders, tightest } from './rate-headers.js';
import type { RateLimiterSettings } from './settings.js';
import { slidingWindow } from '../shared/rate-windows/sliding-window.js';
import { windowLabel, windowMs } from '../shared/rate-windows/window-length.js';

/**
 * `admit`: counts the request against every configured limit of its partition. The first
 * limit that refuses undoes the counts already taken (a refused request counts nowhere) and
 * answers 429 with `Retry-After`; every answer carries the `X-RateLimit-*` headers of the
 * tightest limit. When the counter backend cannot be reached, `fault_tolerant` admits the
 * request (logged and reported as a finding), otherwise the error fails the policy closed.
 */
export async function admitRate(kit: PluginKit<RateLimiterSettings>, ctx: Exchange): Promise<Rejection | undefined> {
  const settings = kit.config(ctx);
  const counters = countersFor(kit.counters, settings.counter_sync, kit.log);
  const base = partitionKey(kit.policy.id, ctx, settings.partition_by, settings.header_name);
  const count = settings.algorithm === 'fixed_window' ? fixedWindow : slidingWindow;
  const now = kit.clock.now();
  const decisions: LimitDecision[] = [];
  try {
    for (const limit of settings.limits) {
      const decision = await count(counters, `${base}:${windowMs(limit.window)}`, limit.requests, windowMs(limit.window), now);
      if (!decision.allowed) {
        await Promise.all(decisions.map((d) => d.undo()));
        const headers = settings.response_headers ? rateLimitHeaders(decision) : {};
        return kit.reject('rate_limited', {
          message: `rate limit exceeded: at most ${limit.requests} requests per ${windowLabel(limit.window)}`,
          retryAfter: decision.retryAfterSeconds,
          headers,
        });
      }
      decisions.push(decision);
    }
  } catch (err) {
    if (!settings.fault_tolerant) throw err;
    kit.log.warn('rate limit counters unavailable; request admitted (fault_tolerant)', { trace_id: ctx.traceId, error: (err as Error).message });
    ctx.findings.push({ plugin: 'rate_limiter', policyId: kit.policy.id, type: 'counter_unavailable', action: 'report' });
    return undefined;
  }
  if (settings.response_headers && decisions.length) mergeRateLimitHeaders(ctx.responseHeaders, rateLimitHeaders(tightest(decisions)));
  return undefined;
}
