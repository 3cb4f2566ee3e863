/**
 * Builds a chat request's route plan: the primary target, chosen by the consumer's balancing
 * strategy (or by smart routing's complexity tier) among the members its model reference
 * resolves to, then one target per fallback reference. Registries that are unhealthy or whose
 * circuit breaker is open leave every pool first; when nothing is left the plan is a 503. A
 * smart tier or fallback target naming no model of the route's modality is passed over. Under
 * a budget's spend pressure an `auto` request steps down: its smart tier is capped, and plain
 * `auto` takes the cheapest member (smart/budget-cap.ts).
 */
import type { CanonicalRequest } from '../../canonical/index.js';
import type { RouteDecisionBudgetStep, RoutePlan, RouteTarget, RoutingPressure } from '../../pipeline/exchange.js';
import type { Capability } from '../../providers/types.js';
import type { ConsumerView, Principal } from '../../snapshot/views.js';
import { memberServes } from './model-modality.js';
import { chooseMember, consumerStrategy, nothingAvailable, planReason, type ResolvedReference } from './plan-steps.js';
import { findPool, poolMembers, poolName, poolStrategy } from './pools.js';
import { isAuto, resolveMembers } from './resolve-model.js';
import { RouteDecisionLog } from './route-decision.js';
import { toTarget, type RouteMember } from './route-members.js';
import type { RoutingRuntime } from './routing-runtime.js';
import { cappedTier, cappedTierReference } from './smart/budget-cap.js';
import { classifyRequest, type Tier } from './smart/complexity-tier.js';
import { tierReference, type TierReferences } from './smart/tier-reference.js';

/** Who is routed, for what, with which shared state. */
export interface PlanContext {
  consumer: ConsumerView;
  principal?: Principal;
  capability: Capability;
  routing: RoutingRuntime;
  /** A budget's spend pressure (the exchange's `routingPressure`): `auto` steps down under it. */
  pressure?: RoutingPressure;
}

function resolve(reference: string, pc: PlanContext): ResolvedReference {
  const name = poolName(reference);
  if (name) {
    const pool = findPool(pc.consumer, name);
    return { members: poolMembers(pool, pc.consumer, pc.principal, pc.capability), strategy: poolStrategy(pool, consumerStrategy(pc.consumer)), scope: `pool:${name}` };
  }
  return {
    members: resolveMembers(reference, pc.consumer, pc.principal, pc.capability),
    strategy: consumerStrategy(pc.consumer),
    scope: isAuto(reference) ? 'auto' : `ref:${reference}`,
  };
}

/** Only the members whose model serves the route's capability (pools and `auto` filter already; pins and native ids do not). */
function servingMembers(resolved: ResolvedReference, pc: PlanContext): ResolvedReference {
  return { ...resolved, members: resolved.members.filter((m) => memberServes(m, pc.capability)) };
}

/**
 * The plan for one chat request. Client errors of the primary reference (a model the consumer
 * may not use, an unknown pool, a pinned registry without the capability) are thrown; a
 * fallback reference that cannot be resolved is skipped.
 */
export function buildRoutePlan(request: CanonicalRequest, pc: PlanContext): RoutePlan {
  const balancing = pc.consumer.record.load_balancing;
  let reference = request.model;
  let reason: string | undefined;
  let complexity: RoutePlan['complexity'];
  let primary: ResolvedReference | undefined;
  let routedTier: Tier | undefined;
  let budgetStep: Pick<RouteDecisionBudgetStep, 'applied' | 'classified_tier'> | undefined;
  const pressure = pc.pressure;
  if (isAuto(reference) && balancing?.strategy === 'smart') {
    const classification = classifyRequest(request);
    complexity = classification;
    const tiers = balancing.tiers as TierReferences | undefined;
    const tier = pressure ? cappedTier(classification.tier, pressure.maxTier) : classification.tier;
    const chosen = pressure ? cappedTierReference(tiers, tier) : tierReference(tiers, tier);
    const members = chosen === undefined ? undefined : servingMembers(resolve(chosen, pc), pc);
    // A tier naming only models of another modality is passed over: the request is plain `auto`.
    if (chosen && members?.members.length) {
      reference = chosen;
      primary = members;
      reason = `smart:${tier}`;
      routedTier = tier;
      if (pressure) budgetStep = { applied: 'tier_cap', classified_tier: classification.tier };
    }
  }
  primary ??= resolve(reference, pc);
  if (pressure && !budgetStep && isAuto(reference)) {
    // Plain `auto` under pressure: the cheapest capable member by list price (the `cost` strategy).
    primary = { ...primary, strategy: 'cost' };
    budgetStep = { applied: 'cheapest' };
  }
  reason ??= planReason(reference, primary.strategy);

  const targets: RouteTarget[] = [];
  const seen = new Set<string>();
  const push = (m: RouteMember | undefined) => {
    if (!m || seen.has(m.key)) return;
    seen.add(m.key);
    targets.push(toTarget(m));
  };
  const decision = new RouteDecisionLog(primary.strategy, pc.capability, routedTier);
  if (pressure && budgetStep) decision.budgetStep({ step: pressure.maxTier, budget: pressure.budget, spent: pressure.spent, ...budgetStep });
  const first = chooseMember(primary, pc.consumer, pc.routing, decision);
  push(first.member);
  const blocked = [...first.blocked];
  for (const fallback of pc.consumer.record.fallback?.targets ?? []) {
    let resolved: ResolvedReference;
    try {
      resolved = servingMembers(resolve(fallback, pc), pc);
    } catch (err) {
      // A fallback the consumer can no longer reach (or that cannot serve this capability) is skipped;
      // one whose model is of another modality is left with no members, and chooses none.
      decision.skipped(fallback, err instanceof Error ? err.message : String(err));
      continue;
    }
    const next = chooseMember(resolved, pc.consumer, pc.routing, decision);
    blocked.push(...next.blocked);
    push(next.member);
  }
  if (targets.length === 0) return { targets, reason, complexity, refusal: nothingAvailable(blocked), decision: decision.finish() };
  return { targets, reason, complexity, decision: decision.finish(targets[0]) };
}
