/**
 * Consumer fields checked against the gateway: reserved slugs, and registry references
 * (associations and model policies) that must name registries of the same gateway.
 */
import { COLLECTIONS, type ConsumerRecord, type ModelPolicy } from '../../records/types.js';
import { RESERVED_SLUGS } from '../../proxy/routes.js';
import type { Store } from '../../store/types.js';
import { refuse } from '../http/json-body.js';

/** The writable consumer fields. */
export interface ConsumerInput {
  slug?: string;
  name?: string;
  routing_mode?: ConsumerRecord['routing_mode'];
  registries?: ConsumerRecord['registries'];
  model_policies?: ModelPolicy[];
  load_balancing?: ConsumerRecord['load_balancing'];
  fallback?: ConsumerRecord['fallback'];
  pools?: unknown[];
  retry?: Record<string, unknown>;
  timeouts?: Record<string, unknown>;
  tags?: string[];
}

/** The ids among `ids` that are registries of the gateway. */
export async function existingRegistries(store: Store, gatewayId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await store.collection(COLLECTIONS.registries).find({ gateway_id: gatewayId, _id: { $in: [...new Set(ids)] } }, { projection: { _id: 1 } });
  return new Set(found.map((r) => r._id));
}

/** 422 naming the first field that breaks a rule the schema cannot express. */
export async function checkConsumer(store: Store, gatewayId: string, input: ConsumerInput): Promise<void> {
  // First path segments the proxy serves itself: no consumer may take them (API.md).
  if (input.slug && RESERVED_SLUGS.has(input.slug)) throw refuse(`/slug "${input.slug}" is reserved by the proxy`);
  const associations = input.registries ?? [];
  const policies = input.model_policies ?? [];
  const known = await existingRegistries(store, gatewayId, [...associations.map((a) => a.registry_id), ...policies.map((p) => p.registry_id)]);
  const seen = new Set<string>();
  associations.forEach((association, i) => {
    if (!known.has(association.registry_id)) throw refuse(`/registries/${i}/registry_id ${association.registry_id} is not a registry of this gateway`);
    if (seen.has(association.registry_id)) throw refuse(`/registries/${i}/registry_id ${association.registry_id} is listed twice`);
    seen.add(association.registry_id);
  });
  policies.forEach((policy, i) => {
    if (!known.has(policy.registry_id)) throw refuse(`/model_policies/${i}/registry_id ${policy.registry_id} is not a registry of this gateway`);
  });
}
