/**
 * Writes a benchmark configuration straight into an embedded store before the gateway starts:
 * one gateway, one OpenAI registry on the fake upstream, `consumers` consumers each with its own
 * key, and `policies` policies (attached round-robin to consumers). Bulk batches, not one write
 * per record, so 10,000 consumers seed in seconds.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { COLLECTIONS } from '../core/records/types.js';
import { ensureConfigCollections } from '../core/records/collections.js';
import { issueKey } from '../core/security/api-keys.js';
import { SecretBox } from '../core/security/secret-box.js';
import { bumpRevisionOp } from '../core/snapshot/config-document.js';
import { openStore } from '../core/store/open-store.js';
import type { BatchOp } from '../core/store/types.js';

export interface BenchPolicy {
  type: string;
  settings: Record<string, unknown>;
  /** Attached to every consumer (true) or spread one per consumer (false). */
  global?: boolean;
}

export interface SeedOptions {
  dataDir: string;
  masterKey: string;
  upstreamUrl: string;
  consumers: number;
  /** Policies on the first consumer (the measured one): the policy chain scenario. */
  chain?: BenchPolicy[];
  /** Extra policies spread over the other consumers (memory scenario). */
  spreadPolicies?: { count: number; policy: BenchPolicy };
}

export interface SeededConfig {
  gatewayId: string;
  /** Slug and key of the consumer the load drives. */
  slug: string;
  key: string;
}

const now = () => new Date().toISOString();

export async function seedConfig(options: SeedOptions): Promise<SeededConfig> {
  const store = await openStore({ dataDir: join(options.dataDir, 'store') });
  await ensureConfigCollections(store);
  const box = new SecretBox(options.masterKey);
  const stamp = () => ({ _id: randomUUID(), created_at: now(), updated_at: now() });
  const gateway = { ...stamp(), slug: 'bench', name: 'Bench', tenant_id: 'bench' };
  const registry = {
    ...stamp(), gateway_id: gateway._id, slug: 'openai-bench', type: 'LLM', provider: 'openai', base_url: `${options.upstreamUrl}/v1`,
    auth: { api_key_sealed: box.seal('sk-bench') }, models: ['gpt-4o-mini'],
  };
  const ops: BatchOp[] = [
    { collection: COLLECTIONS.gateways, op: 'insert', doc: gateway },
    { collection: COLLECTIONS.registries, op: 'insert', doc: registry },
  ];
  const chainIds: string[] = [];
  for (const [i, p] of (options.chain ?? []).entries()) {
    const doc = { ...stamp(), gateway_id: gateway._id, slug: `chain-${i}`, name: `chain ${i}`, type: p.type, settings: p.settings, enabled: true, priority: 100, parallel: false, global: false };
    chainIds.push(doc._id);
    ops.push({ collection: COLLECTIONS.policies, op: 'insert', doc });
  }
  const spread: string[] = [];
  for (let i = 0; i < (options.spreadPolicies?.count ?? 0); i++) {
    const p = options.spreadPolicies!.policy;
    const doc = { ...stamp(), gateway_id: gateway._id, slug: `spread-${i}`, name: `spread ${i}`, type: p.type, settings: p.settings, enabled: true, priority: 100, parallel: false, global: false };
    spread.push(doc._id);
    ops.push({ collection: COLLECTIONS.policies, op: 'insert', doc });
  }
  let first: SeededConfig | undefined;
  for (let i = 0; i < options.consumers; i++) {
    const issued = issueKey('ag_');
    const auth = { ...stamp(), gateway_id: gateway._id, name: `key ${i}`, type: 'api_key', key_hash: issued.hash, key_prefix: issued.prefix, key_last4: issued.last4 };
    const slug = `app-${i}`;
    const policyIds = i === 0 ? chainIds : spread.length ? [spread[i % spread.length]] : [];
    ops.push(
      { collection: COLLECTIONS.auths, op: 'insert', doc: auth },
      {
        collection: COLLECTIONS.consumers,
        op: 'insert',
        doc: { ...stamp(), gateway_id: gateway._id, slug, routing_mode: 'inline', registries: [{ registry_id: registry._id, weight: 1 }], auth_ids: [auth._id], policy_ids: policyIds, role_ids: [] },
      },
    );
    if (i === 0) first = { gatewayId: gateway._id, slug, key: issued.key };
  }
  ops.push(bumpRevisionOp());
  for (let i = 0; i < ops.length; i += 5_000) await store.batch(ops.slice(i, i + 5_000));
  await store.close();
  return first!;
}
