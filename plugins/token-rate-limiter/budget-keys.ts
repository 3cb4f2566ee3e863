import { createHash } from 'node:crypto';
import { NANO_PER_DOLLAR } from './cost.js';
import { periodOf, type Period } from './periods.js';
import type { BudgetLimit, TokenRateLimiterSettings } from './settings.js';

/** One counter a request is charged to: one limit's budget for this period (and model). */
export interface BudgetCounter {
  limit: BudgetLimit;
  /** The limit's position in the policy's `limits` (names the budget in the trace). */
  index: number;
  key: string;
  /** The budget in counter units: tokens, or nano-dollars. */
  capacity: number;
  period: Period;
  /** Kept a minute past the period, so late settlements land on it. */
  ttlMs: number;
}

/** A limit's identity in keys: what it counts, not how much, so raising a budget keeps its spend. */
function limitId(settings: TokenRateLimiterSettings, limit: BudgetLimit): string {
  const shape = JSON.stringify([settings.unit, settings.count, limit.window, limit.per_model, [...(limit.models ?? [])].sort()]);
  return createHash('sha256').update(shape).digest('base64url').slice(0, 12);
}

/**
 * Each settings object's limit ids by position. A settings object lives as long as its config
 * snapshot, so the digests are taken once per snapshot, not per request.
 */
const limitIds = new WeakMap<TokenRateLimiterSettings, string[]>();

function limitIdsOf(settings: TokenRateLimiterSettings): string[] {
  let ids = limitIds.get(settings);
  if (!ids) {
    ids = settings.limits.map((limit) => limitId(settings, limit));
    limitIds.set(settings, ids);
  }
  return ids;
}

/** A budget's amount in counter units. */
export function capacityOf(settings: TokenRateLimiterSettings, limit: BudgetLimit): number {
  return settings.unit === 'dollars' ? Math.floor(limit.amount * NANO_PER_DOLLAR) : limit.amount;
}

/**
 * The counters a request for `model` is charged to at `now`: every limit whose models include
 * it, under the consumer's key, per model or for all models together.
 */
export function budgetCounters(settings: TokenRateLimiterSettings, policyId: string, consumerId: string, model: string, now: number): BudgetCounter[] {
  return settings.limits
    .map((limit, index) => ({ limit, index }))
    .filter(({ limit }) => !limit.models?.length || limit.models.includes(model))
    .map(({ limit, index }) => {
      const period = periodOf(limit.window, now);
      const scope = limit.per_model ? `m=${encodeURIComponent(model)}` : 'all';
      return {
        limit,
        index,
        key: ['budget', policyId, consumerId, limitIdsOf(settings)[index], scope, period.id].join(':'),
        capacity: capacityOf(settings, limit),
        period,
        ttlMs: period.end - now + 60_000,
      };
    });
}
