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
  /** An MCP registry (slug `tools`) on this server endpoint, routed to by every consumer: the MCP scenario. */
  mcpServerUrl?: string;
  /** A guardrail collector with a key and one policy of these detector rules. */
  guardrailRules?: Array<{ detector: string; direction: 'input' | 'output' | 'both'; action: 'monitor' | 'block' | 'transform'; settings?: Record<string, unknown> }>;
}

export interface SeededConfig {
  gatewayId: string;
  /** Slug and key of the consumer the load drives. */
  slug: string;
  key: string;
  /** The `tgk_` key of the guardrail collector, when guardrail rules were seeded. */
  collectorKey?: string;
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
  const routed = [{ registry_id: registry._id, weight: 1 }];
  if (options.mcpServerUrl) {
    const tools = { ...stamp(), gateway_id: gateway._id, slug: 'tools', type: 'MCP', provider: 'mcp', base_url: options.mcpServerUrl };
    ops.push({ collection: COLLECTIONS.registries, op: 'insert', doc: tools });
    routed.push({ registry_id: tools._id, weight: 1 });
  }
  let collectorKey: string | undefined;
  if (options.guardrailRules) {
    const collector = { ...stamp(), tenant_id: 'bench', name: 'bench gateway', type: 'portcullis' };
    const issued = issueKey('tgk_');
    collectorKey = issued.key;
    ops.push(
      { collection: 'guardrail_collectors', op: 'insert', doc: collector },
      { collection: 'guardrail_collector_keys', op: 'insert', doc: { ...stamp(), tenant_id: 'bench', collector_id: collector._id, name: 'bench', key_hash: issued.hash, key_prefix: issued.prefix, key_last4: issued.last4, active: true } },
      {
        collection: 'guardrail_policies',
        op: 'insert',
        doc: { ...stamp(), tenant_id: 'bench', name: 'bench', mode: 'enforce', enabled: true, collectors: [collector._id], priority: 100, fail_mode: 'closed', gates: [], rules: options.guardrailRules, overrides: [] },
      },
    );
  }
  const chainIds: string[] = [];
  for (const [i, p] of (options.chain ?? []).entries()) {
    const settings = p.type === 'guardrails' ? { ...p.settings, key: collectorKey } : p.settings;
    const doc = { ...stamp(), gateway_id: gateway._id, slug: `chain-${i}`, name: `chain ${i}`, type: p.type, settings, enabled: true, priority: 100, parallel: false, global: false };
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
        doc: { ...stamp(), gateway_id: gateway._id, slug, routing_mode: 'inline', registries: [...routed], auth_ids: [auth._id], policy_ids: policyIds, role_ids: [] },
      },
    );
    if (i === 0) first = { gatewayId: gateway._id, slug, key: issued.key, collectorKey };
  }
  ops.push(bumpRevisionOp());
  for (let i = 0; i < ops.length; i += 5_000) await store.batch(ops.slice(i, i + 5_000));
  await store.close();
  return first!;
}
