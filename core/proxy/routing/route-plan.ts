/**
 * Builds a chat request's route plan: the primary target, chosen by the consumer's balancing
 * strategy (or by smart routing's complexity tier) among the members its model reference
 * resolves to, then one target per fallback reference. Registries that are unhealthy or whose
 * circuit breaker is open leave every pool first; when nothing is left the plan is a 503.
 */
import type { CanonicalRequest } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { RoutePlan, RouteTarget } from '../../pipeline/exchange.js';
import type { Capability } from '../../providers/types.js';
import type { ConsumerView, Principal } from '../../snapshot/views.js';
import { balance, isStrategy, type Strategy } from './balancers.js';
import { findPool, poolMembers, poolName, poolStrategy } from './pools.js';
import { isAuto, resolveMembers } from './resolve-model.js';
import { toTarget, type RouteMember } from './route-members.js';
import type { Availability, RoutingRuntime } from './routing-runtime.js';
import { classifyRequest } from './smart/complexity-tier.js';
import { tierReference, type TierReferences } from './smart/tier-reference.js';

/** Who is routed, for what, with which shared state. */
export interface PlanContext {
  consumer: ConsumerView;
  principal?: Principal;
  capability: Capability;
  routing: RoutingRuntime;
}

interface Resolved {
  members: RouteMember[];
  strategy: Strategy;
  /** Balancer state key within the consumer. */
  scope: string;
}

/** The consumer's strategy for `auto` and references with several members (smart routing balances within a tier by round robin). */
function consumerStrategy(consumer: ConsumerView): Strategy {
  const strategy = consumer.record.load_balancing?.strategy;
  return isStrategy(strategy) ? strategy : 'round_robin';
}

function resolve(reference: string, pc: PlanContext): Resolved {
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

/** The member the strategy picks among the available ones, and why the others were left out. */
function choose(resolved: Resolved, pc: PlanContext): { member?: RouteMember; blocked: Availability[] } {
  const available: RouteMember[] = [];
  const blocked: Availability[] = [];
  for (const m of resolved.members) {
    const availability = pc.routing.availability(m.candidate.registry);
    if (availability.ok) available.push(m);
    else blocked.push(availability);
  }
  if (available.length === 0) return { blocked };
  const ordered = balance(resolved.strategy, available, pc.routing.balancerState(pc.consumer, resolved.scope), pc.routing);
  return { member: ordered[0], blocked };
}

function reasonFor(reference: string, resolved: Resolved): string {
  if (isAuto(reference)) return `auto:${resolved.strategy}`;
  const pool = poolName(reference);
  if (pool) return `pool:${pool}`;
  return reference.startsWith('@') ? 'pin' : 'explicit';
}

/** The 503 when every registry that could serve the request is shed; Retry-After when a breaker will probe soon. */
function nothingAvailable(blocked: Availability[]): GatewayError {
  const retryAt = blocked.map((b) => b.retryAt).filter((t): t is number => t !== undefined);
  const headers: Record<string, string> = {};
  if (retryAt.length) headers['retry-after'] = String(Math.max(1, Math.ceil((Math.min(...retryAt) - Date.now()) / 1000)));
  const why = [...new Set(blocked.map((b) => (b.reason === 'unhealthy' ? 'failing health checks' : 'circuit breaker open')))].join(', ');
  return new GatewayError('no_capable_registry', { message: `every registry that can serve this request is unavailable (${why || 'none left'})`, headers });
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
  if (isAuto(reference) && balancing?.strategy === 'smart') {
    const classification = classifyRequest(request);
    complexity = classification;
    const chosen = tierReference(balancing.tiers as TierReferences | undefined, classification.tier);
    if (chosen) {
      reference = chosen;
      reason = `smart:${classification.tier}`;
    }
  }
  const primary = resolve(reference, pc);
  reason ??= reasonFor(reference, primary);

  const targets: RouteTarget[] = [];
  const seen = new Set<string>();
  const push = (m: RouteMember | undefined) => {
    if (!m || seen.has(m.key)) return;
    seen.add(m.key);
    targets.push(toTarget(m));
  };
  const first = choose(primary, pc);
  push(first.member);
  const blocked = [...first.blocked];
  for (const fallback of pc.consumer.record.fallback?.targets ?? []) {
    let resolved: Resolved;
    try {
      resolved = resolve(fallback, pc);
    } catch {
      // A fallback the consumer can no longer reach (or that cannot serve this capability) is skipped.
      continue;
    }
    const next = choose(resolved, pc);
    blocked.push(...next.blocked);
    push(next.member);
  }
  if (targets.length === 0) return { targets, reason, complexity, refusal: nothingAvailable(blocked) };
  return { targets, reason, complexity };
}
