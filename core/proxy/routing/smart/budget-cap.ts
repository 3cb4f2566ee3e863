/**
 * Budget-aware smart routing: a budget near its end (the exchange's `routingPressure`, set by a
 * budget policy in `admit`) caps the complexity tier an `auto` request may use, so Hard steps
 * down to Medium, then to Simple, before the budget refuses requests. The cap never raises a
 * tier, and a capped request never borrows a stronger tier while a weaker one is configured.
 */
import type { RoutingPressure } from '../../../pipeline/exchange.js';
import type { Tier } from './complexity-tier.js';
import type { TierReferences } from './tier-reference.js';

const STRENGTH: Record<Tier, number> = { simple: 0, medium: 1, hard: 2 };

/** From `tier` down, then (only when none of those is configured) upward. */
const CAPPED_PREFERENCE: Record<Tier, readonly Tier[]> = {
  simple: ['simple', 'medium', 'hard'],
  medium: ['medium', 'simple', 'hard'],
  hard: ['hard', 'medium', 'simple'],
};

/** The classified tier, at most `maxTier`. */
export function cappedTier(tier: Tier, maxTier: RoutingPressure['maxTier']): Tier {
  return STRENGTH[tier] <= STRENGTH[maxTier] ? tier : maxTier;
}

/**
 * The reference of a capped tier: the strongest configured tier at or below it; only when none
 * is configured, the nearest stronger one (there is nothing cheaper to go to). Undefined when
 * no tier has a reference.
 */
export function cappedTierReference(tiers: TierReferences | undefined, tier: Tier): string | undefined {
  if (!tiers) return undefined;
  for (const t of CAPPED_PREFERENCE[tier]) if (tiers[t]) return tiers[t];
  return undefined;
}

/** Response headers showing the step: the tier cap, and the deciding budget's spent fraction (rounded down to 3 decimals). */
export function budgetStepHeaders(pressure: RoutingPressure): Record<string, string> {
  return { 'x-ag-budget-step': pressure.maxTier, 'x-ag-budget-spent': (Math.floor(pressure.spent * 1000 + 1e-9) / 1000).toFixed(3) };
}
