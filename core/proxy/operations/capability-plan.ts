/**
 * The route plan of a non-chat request: (1) the consumer's registries able to serve the
 * route's capability, (2) model resolution and balancing on that pool, then the consumer's
 * fallback references that can serve it too. Pinning a registry without the capability is a
 * 400 (never a failover); a consumer with no capable registry is a 503.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import type { Exchange, RoutePlan, RouteTarget } from '../../pipeline/exchange.js';
import type { Capability } from '../../providers/types.js';
import type { ConsumerView } from '../../snapshot/views.js';
import { balance, isStrategy, type Strategy } from '../routing/balancers.js';
import { candidatesFor, type Candidate } from '../routing/candidates.js';
import { findPool, poolMembers, poolName, poolStrategy } from '../routing/pools.js';
import { isAuto, resolveMembers } from '../routing/resolve-model.js';
import { member, toTarget, type RouteMember } from '../routing/route-members.js';
import type { Availability, RoutingRuntime } from '../routing/routing-runtime.js';
import { defaultModelFor, modelModality } from './operation-models.js';

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

interface Resolved {
  members: RouteMember[];
  strategy: Strategy;
  scope: string;
}

const PIN = /^@([^/]+)\/(.+)$/;

/** The consumer's strategy; smart routing classifies chat prompts, so other routes rotate. */
function strategyOf(consumer: ConsumerView): Strategy {
  const strategy = consumer.record.load_balancing?.strategy;
  return isStrategy(strategy) ? strategy : 'round_robin';
}

function capable(ctx: Exchange, capability: Capability): Candidate[] {
  const all = candidatesFor(ctx.consumer!, ctx.principal).filter((c) => c.registry.capabilities.has(capability));
  if (all.length === 0) throw new GatewayError('no_capable_registry', { message: `no registry of this consumer can serve ${capability}` });
  return all;
}

/** `auto`: every capable registry with its default model for the capability. */
function autoMembers(ctx: Exchange, options: OperationPlanOptions): RouteMember[] {
  const members = capable(ctx, options.capability).flatMap((c) => {
    const model = options.registryOnly ? '' : defaultModelFor(c, options.capability);
    // A deployment-addressed registry cannot be called without a model to name the deployment.
    if (model === undefined && c.registry.provider?.deployments) return [];
    return [member(c, model ?? '')];
  });
  if (members.length === 0) {
    throw new GatewayError('no_capable_registry', { message: `no ${options.capability} registry of this consumer has a default model; name one in model` });
  }
  return members;
}

/** Files: `@registry-or-provider/...` or a native id picks registries; the model is not used. */
function registryMembers(ctx: Exchange, reference: string, capability: Capability): RouteMember[] {
  const pin = PIN.exec(reference);
  if (!pin) return resolveMembers(reference, ctx.consumer!, ctx.principal, capability).map((m) => member(m.candidate, ''));
  const all = candidatesFor(ctx.consumer!, ctx.principal);
  const bySlug = all.filter((c) => c.registry.slug === pin[1]);
  const pinned = bySlug.length ? bySlug : all.filter((c) => c.registry.providerId === pin[1]);
  if (pinned.length === 0) throw new GatewayError('model_not_allowed', { message: `no registry "${pin[1]}" is available to this consumer`, param: 'model' });
  const able = pinned.filter((c) => c.registry.capabilities.has(capability));
  if (able.length === 0) throw new GatewayError('invalid_request', { message: `registry "${pin[1]}" cannot serve ${capability}`, param: 'model' });
  return able.map((c) => member(c, ''));
}

function resolve(ctx: Exchange, reference: string | undefined, options: OperationPlanOptions): Resolved {
  const consumer = ctx.consumer!;
  const scope = `${options.capability}:${reference ?? 'auto'}`;
  const name = reference === undefined ? undefined : poolName(reference);
  if (name) {
    const pool = findPool(consumer, name);
    const members = poolMembers(pool, consumer, ctx.principal, options.capability);
    return { members: options.registryOnly ? members.map((m) => member(m.candidate, '')) : members, strategy: poolStrategy(pool, strategyOf(consumer)), scope };
  }
  if (reference === undefined || isAuto(reference)) return { members: autoMembers(ctx, options), strategy: strategyOf(consumer), scope };
  const members = options.registryOnly
    ? registryMembers(ctx, reference, options.capability)
    : resolveMembers(reference, consumer, ctx.principal, options.capability);
  return { members, strategy: strategyOf(consumer), scope };
}

/** The member the strategy picks among the registries taking traffic now, and why others were left out. */
function choose(ctx: Exchange, routing: RoutingRuntime, resolved: Resolved): { member?: RouteMember; blocked: Availability[] } {
  const available: RouteMember[] = [];
  const blocked: Availability[] = [];
  for (const m of resolved.members) {
    const availability = routing.availability(m.candidate.registry);
    if (availability.ok) available.push(m);
    else blocked.push(availability);
  }
  if (available.length === 0) return { blocked };
  return { member: balance(resolved.strategy, available, routing.balancerState(ctx.consumer!, resolved.scope), routing)[0], blocked };
}

function unavailable(blocked: Availability[]): GatewayError {
  const retryAt = blocked.map((b) => b.retryAt).filter((t): t is number => t !== undefined);
  const headers: Record<string, string> = {};
  if (retryAt.length) headers['retry-after'] = String(Math.max(1, Math.ceil((Math.min(...retryAt) - Date.now()) / 1000)));
  return new GatewayError('no_capable_registry', { message: 'every registry that can serve this request is unavailable (failing health checks or circuit breaker open)', headers });
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
  push(choose(ctx, routing, primary));
  for (const fallback of options.registryOnly ? [] : ctx.consumer!.record.fallback?.targets ?? []) {
    try {
      // The chain is written for chat too: only its members whose model serves this capability join.
      const resolved = resolve(ctx, fallback, options);
      resolved.members = resolved.members.filter((m) => !m.model || modelModality(m.candidate.registry, m.model) === options.capability);
      push(choose(ctx, routing, resolved));
    } catch {
      // A fallback that cannot serve this capability (or that the consumer can no longer reach) is skipped.
    }
  }
  if (targets.length === 0) throw unavailable(blocked);
  const reason = reference === undefined || isAuto(reference) ? `auto:${primary.strategy}` : poolName(reference) ? `pool:${poolName(reference)}` : reference.startsWith('@') ? 'pin' : 'explicit';
  return { targets, reason };
}
