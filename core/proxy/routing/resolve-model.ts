import { GatewayError } from '../../errors/gateway-error.js';
import type { RoutePlan, RouteTarget } from '../../pipeline/exchange.js';
import type { Capability } from '../../providers/types.js';
import type { ConsumerView, Principal } from '../../snapshot/views.js';
import { catalogOwners } from '../../providers/catalog.js';
import { allows, allowList, candidatesFor, defaultModel, selectedRoles, type Candidate } from './candidates.js';

/** Picks among candidates for `auto` and provider pins; the routing plugins replace this. */
export type Balancer = (candidates: Candidate[], consumer: ConsumerView) => Candidate[];

/** Round-robin per consumer (the default strategy). */
const rrCounters = new WeakMap<ConsumerView, number>();
export const roundRobin: Balancer = (candidates, consumer) => {
  const n = rrCounters.get(consumer) ?? 0;
  rrCounters.set(consumer, n + 1);
  const start = n % candidates.length;
  return [...candidates.slice(start), ...candidates.slice(0, start)];
};

function target(candidate: Candidate, model: string): RouteTarget {
  const deployments = candidate.registry.options.deployments as Record<string, string> | undefined;
  return { registry: candidate.registry, model: deployments?.[model] ?? model };
}

const PIN = /^@([^/]+)\/(.+)$/;

/**
 * Whether an open registry may serve an id its provider's catalog does not list: yes for a new
 * id no catalog knows, or when the provider keeps no model list (custom endpoints, aggregators);
 * no for another provider's catalog model (`gpt-4o` is not an open Anthropic registry's).
 */
function takesUnlisted(candidate: Candidate, reference: string): boolean {
  if (!candidate.registry.provider?.models?.length) return true;
  return catalogOwners(reference).size === 0;
}

/**
 * Resolves a model reference to ordered targets among the consumer's candidates able to serve
 * `capability`: `auto`, an explicit native id, or `@registry-or-provider/model`. A model the
 * consumer may not use is refused before any upstream sees it.
 */
export function resolveReference(
  reference: string,
  consumer: ConsumerView,
  principal: Principal | undefined,
  capability: Capability,
  balance: Balancer = roundRobin,
): RouteTarget[] {
  const all = candidatesFor(consumer, principal);
  if (consumer.routingMode === 'role_based' && selectedRoles(consumer, principal).length === 0) {
    throw new GatewayError('forbidden', { message: 'no role of this consumer matches the caller' });
  }
  const capable = all.filter((c) => c.registry.capabilities.has(capability));
  if (capable.length === 0) {
    throw new GatewayError('no_capable_registry', { message: `no registry of this consumer can serve ${capability}` });
  }
  if (reference === 'auto' || reference === '') {
    return balance(capable, consumer).flatMap((c) => {
      const model = defaultModel(c);
      return model ? [target(c, model)] : [];
    });
  }
  const pin = PIN.exec(reference);
  if (pin) {
    const [, scope, model] = pin;
    const bySlug = all.filter((c) => c.registry.slug === scope);
    const pinned = bySlug.length ? bySlug : all.filter((c) => c.registry.providerId === scope);
    if (pinned.length === 0) throw new GatewayError('model_not_allowed', { message: `no registry "${scope}" is available to this consumer`, param: 'model' });
    const able = pinned.filter((c) => c.registry.capabilities.has(capability));
    if (able.length === 0) throw new GatewayError('invalid_request', { message: `registry "${scope}" cannot serve ${capability}`, param: 'model' });
    const allowed = able.filter((c) => allows(c, model));
    if (allowed.length === 0) throw new GatewayError('model_not_allowed', { message: `model ${model} is not allowed on ${scope}`, param: 'model' });
    return balance(allowed, consumer).map((c) => target(c, model));
  }
  const explicit = capable.filter((c) => allowList(c)?.includes(reference));
  const open = capable.filter((c) => !allowList(c));
  const listed = open.filter((c) => c.registry.provider?.models?.some((m) => m.id === reference));
  const chosen = explicit.length ? explicit : listed.length ? listed : open.filter((c) => takesUnlisted(c, reference));
  if (chosen.length === 0) throw new GatewayError('model_not_allowed', { message: `model ${reference} is not allowed for this consumer`, param: 'model' });
  return balance(chosen, consumer).map((c) => target(c, reference));
}

/** The default route plan: the resolved targets, then the consumer's fallback targets. */
export function defaultRoutePlan(reference: string, consumer: ConsumerView, principal: Principal | undefined, capability: Capability): RoutePlan {
  const targets = resolveReference(reference, consumer, principal, capability);
  const primary = targets.slice(0, 1);
  for (const ref of consumer.record.fallback?.targets ?? []) {
    try {
      primary.push(...resolveReference(ref, consumer, principal, capability).slice(0, 1));
    } catch {
      // A fallback the consumer can no longer reach is skipped, not fatal.
    }
  }
  return { targets: primary, reason: reference === 'auto' ? 'auto' : reference.startsWith('@') ? 'pin' : 'explicit' };
}
