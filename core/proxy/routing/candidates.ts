import { GatewayError } from '../../errors/gateway-error.js';
import { catalogOwners } from '../../providers/catalog.js';
import type { ModelPolicy } from '../../records/types.js';
import type { ConsumerView, Principal, RegistryView, RoleView } from '../../snapshot/views.js';

/** A registry the consumer may call, with its balancing weight and model policy. */
export interface Candidate {
  registry: RegistryView;
  weight: number;
  policy?: ModelPolicy;
}

/** Roles of a role_based consumer that the principal's claims select (roles without a match apply to all). */
export function selectedRoles(consumer: ConsumerView, principal: Principal | undefined): RoleView[] {
  return consumer.roles.filter((role) => {
    if (!role.match) return true;
    const claim = principal?.claims?.[role.match.claim];
    const values = Array.isArray(claim) ? claim.map(String) : claim === undefined ? principal?.groups ?? [] : [String(claim)];
    return role.match.any_of.some((v) => values.includes(v));
  });
}

/**
 * The consumer's callable registries: inline associations, or those of the selected roles. A
 * caller of a role_based consumer whose claims select no role may call nothing: 403.
 */
export function candidatesFor(consumer: ConsumerView, principal: Principal | undefined): Candidate[] {
  if (consumer.routingMode === 'role_based') {
    const roles = selectedRoles(consumer, principal);
    if (roles.length === 0) throw new GatewayError('forbidden', { message: 'no role of this consumer matches the caller' });
    const seen = new Map<string, Candidate>();
    for (const role of roles) {
      for (const registry of role.registries) {
        if (registry.type !== 'LLM') continue;
        const policy = role.modelPolicies.find((p) => p.registry_id === registry.id);
        const existing = seen.get(registry.id);
        if (!existing) seen.set(registry.id, { registry, weight: 1, policy });
        else if (policy && existing.policy?.allow) existing.policy = { ...existing.policy, allow: [...new Set([...(existing.policy.allow ?? []), ...(policy.allow ?? [])])] };
      }
    }
    return [...seen.values()];
  }
  return consumer.registries
    .filter((a) => a.registry.type === 'LLM')
    .map((a) => ({ registry: a.registry, weight: a.weight, policy: consumer.modelPolicies.find((p) => p.registry_id === a.registry.id) }));
}

/** A registry's deployment names by model (cloud-hosted registries), read once per registry view. */
const deploymentModels = new WeakMap<RegistryView, readonly string[]>();

function deploymentsOf(registry: RegistryView): readonly string[] {
  let models = deploymentModels.get(registry);
  if (!models) {
    const deployments = registry.options.deployments;
    models = deployments && typeof deployments === 'object' ? Object.keys(deployments) : [];
    deploymentModels.set(registry, models);
  }
  return models;
}

/**
 * The explicit allow-list for a candidate, or undefined when it is open (provider catalog): the
 * model policy's, else the registry's models, else a cloud-hosted registry's deployed models
 * (its only invokable ones).
 */
export function allowList(candidate: Candidate): readonly string[] | undefined {
  if (candidate.policy?.allow?.length) return candidate.policy.allow;
  if (candidate.registry.models.length) return candidate.registry.models;
  const deployed = deploymentsOf(candidate.registry);
  return deployed.length ? deployed : undefined;
}

/** Whether the candidate may serve `model`. */
export function allows(candidate: Candidate, model: string): boolean {
  const list = allowList(candidate);
  return list ? list.includes(model) : true;
}

/**
 * Whether an open candidate may serve an explicit id its provider's catalog does not list: yes
 * for a new id no catalog knows, or when the provider keeps no model list (custom endpoints,
 * aggregators); no for another provider's catalog model (`gpt-4o` is not an open Anthropic
 * registry's to take).
 */
export function takesUnlisted(candidate: Candidate, reference: string): boolean {
  if (!candidate.registry.provider?.models?.length) return true;
  return catalogOwners(reference).size === 0;
}
