/**
 * A route member: one (registry, model) pair a reference can send traffic to, with its weight.
 * Reference resolution produces members; balancing orders them; the plan turns the chosen ones
 * into RouteTargets.
 */
import type { RouteTarget } from '../../pipeline/exchange.js';
import type { Candidate } from './candidates.js';

export interface RouteMember {
  candidate: Candidate;
  /** The model as the consumer names it (before deployment names are applied). */
  model: string;
  /** Balancing weight (the consumer's association weight; 1 for role-selected registries). */
  weight: number;
  /** `registryId|model`: identifies the member in balancer state. */
  key: string;
}

/** A member for `model` on `candidate`. */
export function member(candidate: Candidate, model: string): RouteMember {
  return { candidate, model, weight: candidate.weight, key: `${candidate.registry.id}|${model}` };
}

/** The upstream target of a member: the registry and the native model id (deployment names applied). */
export function toTarget(m: RouteMember): RouteTarget {
  const deployments = m.candidate.registry.options.deployments as Record<string, string> | undefined;
  const deployment = deployments?.[m.model];
  return deployment ? { registry: m.candidate.registry, model: deployment, modelId: m.model } : { registry: m.candidate.registry, model: m.model };
}
