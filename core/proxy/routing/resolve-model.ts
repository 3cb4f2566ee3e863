import { GatewayError } from '../../errors/gateway-error.js';
import type { Capability } from '../../providers/types.js';
import type { ConsumerView, Principal } from '../../snapshot/views.js';
import { allows, allowList, candidatesFor, takesUnlisted, type Candidate } from './candidates.js';
import { defaultModelFor } from './model-modality.js';
import { member, type RouteMember } from './route-members.js';

/** `@registry-or-provider/model`: the scope and the model, or undefined when not a pin. */
export function parsePin(reference: string): { scope: string; model: string } | undefined {
  const pin = /^@([^/]+)\/(.+)$/.exec(reference);
  return pin ? { scope: pin[1], model: pin[2] } : undefined;
}

/**
 * The candidates a pin's scope names (a registry slug, else a provider id) that can serve
 * `capability`: none named is a 403 `model_not_allowed`, none capable a 400.
 */
export function pinnedCandidates(all: Candidate[], scope: string, capability: Capability): Candidate[] {
  const bySlug = all.filter((c) => c.registry.slug === scope);
  const pinned = bySlug.length ? bySlug : all.filter((c) => c.registry.providerId === scope);
  if (pinned.length === 0) throw new GatewayError('model_not_allowed', { message: `no registry "${scope}" is available to this consumer`, param: 'model' });
  const able = pinned.filter((c) => c.registry.capabilities.has(capability));
  if (able.length === 0) throw new GatewayError('invalid_request', { message: `registry "${scope}" cannot serve ${capability}`, param: 'model' });
  return able;
}

/** Whether a reference leaves the choice of model to the gateway (`auto`, or no model at all). */
export const isAuto = (reference: string): boolean => reference === 'auto' || reference === '';

/** The consumer's candidates able to serve `capability`; none is a 503. */
export function capableCandidates(all: Candidate[], capability: Capability): Candidate[] {
  const capable = all.filter((c) => c.registry.capabilities.has(capability));
  if (capable.length === 0) {
    throw new GatewayError('no_capable_registry', { message: `no registry of this consumer can serve ${capability}` });
  }
  return capable;
}

/**
 * Resolves a model reference to the members that may serve it, among the consumer's candidates
 * able to serve `capability`: `auto` (every capable candidate with its default model of that
 * modality; none is a 503), an explicit native id, or `@registry-or-provider/model`. A model the consumer may not use is
 * refused before any upstream sees it; pinning a registry that lacks the capability is a 400.
 * Pools (`pool:{name}`) are resolved by pools.ts on top of this.
 */
export function resolveMembers(reference: string, consumer: ConsumerView, principal: Principal | undefined, capability: Capability): RouteMember[] {
  const all = candidatesFor(consumer, principal);
  if (isAuto(reference)) {
    const members = capableCandidates(all, capability).flatMap((c) => {
      const model = defaultModelFor(c, capability);
      return model ? [member(c, model)] : [];
    });
    if (members.length === 0) throw new GatewayError('no_capable_registry', { message: `no model of this consumer can serve ${capability}; name one in model` });
    return members;
  }
  const pin = parsePin(reference);
  if (pin) {
    const { scope, model } = pin;
    const allowed = pinnedCandidates(all, scope, capability).filter((c) => allows(c, model));
    if (allowed.length === 0) throw new GatewayError('model_not_allowed', { message: `model ${model} is not allowed on ${scope}`, param: 'model' });
    return allowed.map((c) => member(c, model));
  }
  const capable = capableCandidates(all, capability);
  const explicit = capable.filter((c) => allowList(c)?.includes(reference));
  const open = capable.filter((c) => !allowList(c));
  const listed = open.filter((c) => c.registry.provider?.models?.some((m) => m.id === reference));
  const chosen = explicit.length ? explicit : listed.length ? listed : open.filter((c) => takesUnlisted(c, reference));
  if (chosen.length === 0) throw new GatewayError('model_not_allowed', { message: `model ${reference} is not allowed for this consumer`, param: 'model' });
  return chosen.map((c) => member(c, reference));
}
