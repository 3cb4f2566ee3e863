/**
 * Consumer fields checked against the gateway: reserved slugs, registry references
 * (associations and model policies) that must name registries of the same gateway, and the
 * model references of fallback chains, pools and smart tiers (`@x/model` must name a registry
 * slug of the gateway or a catalog provider; `pool:{name}` a pool of the consumer).
 */
import { providerEntry } from '../../providers/catalog.js';
import { COLLECTIONS, type ConsumerRecord, type ModelPolicy } from '../../records/types.js';
import { RESERVED_SLUGS } from '../../proxy/routes.js';
import { poolName } from '../../proxy/routing/pools.js';
import { parsePin } from '../../proxy/routing/resolve-model.js';
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
  /** The MCP tool scope (allow-list of merged names or `prefix*`, `max_tools`). */
  tools?: ConsumerRecord['tools'];
}

/** The ids among `ids` that are registries of the gateway. */
export async function existingRegistries(store: Store, gatewayId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await store.collection(COLLECTIONS.registries).find({ gateway_id: gatewayId, _id: { $in: [...new Set(ids)] } }, { projection: { _id: 1 } });
  return new Set(found.map((r) => r._id));
}

/** A model reference and the JSON pointer of the field that holds it. */
interface ModelReference {
  field: string;
  reference: string;
}

/** The model references among the fields `input` writes: fallback targets, pool targets, smart tiers. */
function modelReferences(input: ConsumerInput): ModelReference[] {
  const found: ModelReference[] = [];
  input.fallback?.targets?.forEach((reference, i) => found.push({ field: `/fallback/targets/${i}`, reference }));
  (input.pools as Array<{ targets?: string[] }> | undefined)?.forEach((pool, i) =>
    pool.targets?.forEach((reference, j) => found.push({ field: `/pools/${i}/targets/${j}`, reference })),
  );
  const tiers = (input.load_balancing as { tiers?: Record<string, string> } | undefined)?.tiers ?? {};
  for (const [tier, reference] of Object.entries(tiers)) found.push({ field: `/load_balancing/tiers/${tier}`, reference });
  return found;
}

/**
 * 422 naming the first model reference that names nothing: a pin whose scope is neither a
 * registry slug of the gateway nor a catalog provider, or a pool the consumer does not have
 * (`pools` as they will stand after the write).
 */
async function checkModelReferences(store: Store, gatewayId: string, references: ModelReference[], pools: ReadonlySet<string>): Promise<void> {
  if (references.length === 0) return;
  const slugs = new Set(
    (await store.collection(COLLECTIONS.registries).find({ gateway_id: gatewayId }, { projection: { slug: 1 } })).map((r) => String(r.slug)),
  );
  for (const { field, reference } of references) {
    const pin = parsePin(reference);
    if (pin && !slugs.has(pin.scope) && !providerEntry(pin.scope)) {
      throw refuse(`${field} "${reference}" names "${pin.scope}", which is neither a registry slug of this gateway nor a provider of the catalog`);
    }
    const pool = poolName(reference);
    if (pool !== undefined && !pools.has(pool)) throw refuse(`${field} "${reference}" names no pool of this consumer`);
  }
}

/**
 * 422 naming the first field that breaks a rule the schema cannot express. `current` is the
 * stored consumer on PATCH: pool references resolve against the pools it will have.
 */
export async function checkConsumer(store: Store, gatewayId: string, input: ConsumerInput, current?: ConsumerRecord): Promise<void> {
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
  const pools = (input.pools ?? current?.pools ?? []) as Array<{ name: string }>;
  await checkModelReferences(store, gatewayId, modelReferences(input), new Set(pools.map((p) => p.name)));
}
