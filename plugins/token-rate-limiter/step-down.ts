/**
 * Budget-aware routing: from the fraction of each budget already spent when a request is
 * admitted, the routing pressure it puts on the request (`step_down` thresholds). The spend is
 * what each counter held before this request's reservation, as the reservation's own atomic
 * add answered it: no counter is read a second time. The most spent budget decides.
 */
import type { RoutingPressure } from '../../core/plugin/index.js';
import type { BudgetCounter } from './budget-keys.js';
import type { TokenRateLimiterSettings } from './settings.js';

/** How much a budget had spent (its counter's value) before the request's reservation. */
export interface BudgetSpend {
  counter: BudgetCounter;
  before: number;
}

const TIER_ORDER: Record<RoutingPressure['maxTier'], number> = { medium: 1, simple: 0 };

/**
 * The pressure a request is under, or undefined when the policy sets no `step_down` or no budget
 * has reached a threshold. `policySlug` names the budget (`<slug>/limits/<index>`).
 */
export function spendPressure(settings: TokenRateLimiterSettings, spends: readonly BudgetSpend[], policySlug: string): RoutingPressure | undefined {
  const thresholds = settings.step_down;
  if (!thresholds || spends.length === 0) return undefined;
  let most: BudgetSpend | undefined;
  let mostSpent = -1;
  for (const spend of spends) {
    // A settlement above its estimate can leave a counter past its capacity: that is fully spent.
    const spent = Math.min(1, spend.before / spend.counter.capacity);
    if (spent > mostSpent) {
      most = spend;
      mostSpent = spent;
    }
  }
  const maxTier = thresholds.simple !== undefined && mostSpent >= thresholds.simple ? 'simple' : thresholds.medium !== undefined && mostSpent >= thresholds.medium ? 'medium' : undefined;
  if (!maxTier) return undefined;
  return { maxTier, spent: mostSpent, budget: `${policySlug}/limits/${most!.counter.index}` };
}

/** The tighter of two pressures: the lower tier cap; on the same cap, the more spent budget. */
export function tighterPressure(current: RoutingPressure | undefined, next: RoutingPressure): RoutingPressure {
  if (!current) return next;
  if (TIER_ORDER[next.maxTier] !== TIER_ORDER[current.maxTier]) return TIER_ORDER[next.maxTier] < TIER_ORDER[current.maxTier] ? next : current;
  return next.spent > current.spent ? next : current;
}
