/**
 * The route plan of a non-chat request: (1) the consumer's registries able to serve the
 * route's capability, (2) model resolution and balancing on that pool, then the consumer's
 * fallback references that can serve it too. Files without a pin go to the consumer's first
 * files-capable registry, never balanced. Pinning a registry without the capability is a
 * 400 (never a failover); a consumer with no capable registry is a 503.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import type { Exchange, RoutePlan, RouteTarget } from '../../pipeline/exchange.js';
import type { Capability } from '../../providers/types.js';
import { candidatesFor } from '../routing/candidates.js';
import { RouteDecisionLog } from '../routing/route-decision.js';
import { chooseMember, consumerStrategy, nothingAvailable, planReason, type ResolvedReference } from '../routing/plan-steps.js';
import { findPool, poolMembers, poolName, poolStrategy } from '../routing/pools.js';
import { capableCandidates, isAuto, parsePin, pinnedCandidates, resolveMembers } from '../routing/resolve-model.js';
import { member, toTarget, type RouteMember } from '../routing/route-members.js';
import type { Availability, RoutingRuntime } from '../routing/routing-runtime.js';
import { defaultModelFor, memberServes } from '../routing/model-modality.js';

/** What a non-chat route asks the router for. */
export interface OperationPlanOptions {
  capability: Capability;
  /** The request's model reference; undefined or `auto` lets the gateway choose. */
  reference?: string;
  /**
   * Files: the reference only picks registries (its model is neither checked against
   * allow-lists nor sent), and no fallback chain applies, since a file lives in one store.
   */
  registryOnly?: boolean;
}

/** `auto`: every capable registry with its default model for the capability. */
function autoMembers(ctx: Exchange, options: OperationPlanOptions): RouteMember[] {
  const members = capableCandidates(candidatesFor(ctx.consumer!, ctx.principal), options.capability).flatMap((c) => {
    const model = options.registryOnly ? '' : defaultModelFor(c, options.capability);
    // A deployment-addressed registry cannot be called without a model to name the deployment.
    if (model === undefined && c.registry.provider?.deployments) return [];
    return [member(c, model ?? '')];
  });
  if (members.length === 0) {
    throw new GatewayError('no_capable_registry', { message: `no ${options.capability} registry of this consumer has a default model; name one in model` });
  }
  // Files: the gateway keeps no file identity, so an unpinned consumer keeps one store, the
  // first files-capable registry in its registry order; balancing would look files up elsewhere.
  return options.registryOnly ? members.slice(0, 1) : members;
}

/** Files: `@registry-or-provider/...` or a native id picks registries; the model is not used. */
function registryMembers(ctx: Exchange, reference: string, capability: Capability): RouteMember[] {
  const pin = parsePin(reference);
  if (!pin) return resolveMembers(reference, ctx.consumer!, ctx.principal, capability).map((m) => member(m.candidate, ''));
  return pinnedCandidates(candidatesFor(ctx.consumer!, ctx.principal), pin.scope, capability).map((c) => member(c, ''));
}

function resolve(ctx: Exchange, reference: string | undefined, options: OperationPlanOptions): ResolvedReference {
  const consumer = ctx.consumer!;
  const scope = `${options.capability}:${reference ?? 'auto'}`;
  const name = reference === undefined ? undefined : poolName(reference);
  if (name) {
    const pool = findPool(consumer, name);
    const members = poolMembers(pool, consumer, ctx.principal, options.capability);
    return { members: options.registryOnly ? members.map((m) => member(m.candidate, '')) : members, strategy: poolStrategy(pool, consumerStrategy(consumer)), scope };
  }
  if (reference === undefined || isAuto(reference)) return { members: autoMembers(ctx, options), strategy: consumerStrategy(consumer), scope };
  const members = options.registryOnly
    ? registryMembers(ctx, reference, options.capability)
    : resolveMembers(reference, consumer, ctx.principal, options.capability);
  return { members, strategy: consumerStrategy(consumer), scope };
}

/** The plan for one non-chat request; client errors of the primary reference are thrown. */
export function planOperation(ctx: Exchange, routing: RoutingRuntime, options: OperationPlanOptions): RoutePlan {
  const reference = options.reference;
  const primary = resolve(ctx, reference, options);
  const targets: RouteTarget[] = [];
  const seen = new Set<string>();
  const blocked: Availability[] = [];
  const push = (picked: { member?: RouteMember; blocked: Availability[] }) => {
    blocked.push(...picked.blocked);
    if (!picked.member || seen.has(picked.member.key)) return;
    seen.add(picked.member.key);
    targets.push(toTarget(picked.member));
  };
  const decision = new RouteDecisionLog(primary.strategy, options.capability);
  push(chooseMember(primary, ctx.consumer!, routing, decision));
  for (const fallback of options.registryOnly ? [] : ctx.consumer!.record.fallback?.targets ?? []) {
    try {
      // The chain is written for chat too: only its members whose model serves this capability join.
      const resolved = resolve(ctx, fallback, options);
      resolved.members = resolved.members.filter((m) => memberServes(m, options.capability));
      push(chooseMember(resolved, ctx.consumer!, routing, decision));
    } catch (err) {
      // A fallback that cannot serve this capability (or that the consumer can no longer reach) is skipped.
      decision.skipped(fallback, err instanceof Error ? err.message : String(err));
    }
  }
  if (targets.length === 0) throw nothingAvailable(blocked);
  return { targets, reason: planReason(reference, primary.strategy), decision: decision.finish(targets[0]) };
}
