/**
 * Compiles a ConfigDocument into a Snapshot: indexes every record, resolves registries (catalog
 * entry, base URL, decrypted key), roles and consumers, and builds each enabled policy once.
 */
import { defaultEgress, type Egress } from '../http/egress-dispatcher.js';
import type { Logger } from '../logging/logger.js';
import type { ChainMember } from '../pipeline/chain.js';
import type { CounterStore } from '../plugin/counters.js';
import type { PluginHost } from '../plugin/host.js';
import { providerEntry } from '../providers/catalog.js';
import type { Capability } from '../providers/types.js';
import type { AuthRecord, ConsumerRecord, RegistryRecord, RoleRecord } from '../records/types.js';
import type { SecretBox } from '../security/secret-box.js';
import type { ConfigDocument } from './config-document.js';
import { buildPolicyInstance } from './policy-instance.js';
import { Snapshot, type SnapshotIndexes } from './snapshot.js';
import type { ConsumerView, GatewayView, RegistryView, RoleView } from './views.js';
import { appendTo } from '../collections/map-of-lists.js';
import { GuardrailLocation, type GuardrailService } from '../plugin/guardrail-service.js';
import type { McpUpstreams } from '../mcp/upstream/upstream-pool.js';

export interface SnapshotBuildOptions {
  host: PluginHost;
  secretBox: SecretBox;
  counters: CounterStore;
  log: Logger;
  /** Built-in taps every chain carries (authentication, default router, adapters). */
  coreMembers: readonly ChainMember[];
  /** Other planes compile their sections of the document here (guardrail policies, ...). */
  extensionCompilers?: ReadonlyArray<(document: ConfigDocument, snapshotIndexes: SnapshotIndexes) => [string, unknown]>;
  /** What plugins fetch through on a tenant's behalf (`kit.egress`); the default policy (nothing internal) when absent. */
  egress?: Egress;
  /** `kit.guardrails`: the guardrail service of this Portcullis (an unconfigured default when absent). */
  guardrails?: GuardrailService;
  /** The process's MCP upstreams behind `kit.mcpTools` (absent: lookups reject). */
  mcpUpstreams?: McpUpstreams;
}

function registryView(record: RegistryRecord, vault: Map<string, string>, box: SecretBox, log: Logger): RegistryView {
  const provider = providerEntry(record.provider);
  let apiKey: string | undefined;
  try {
    if (record.auth?.api_key_sealed) apiKey = box.open(record.auth.api_key_sealed);
    else if (record.auth?.credential_id) apiKey = vault.get(record.auth.credential_id);
  } catch {
    log.error('registry key cannot be decrypted (wrong master key?)', { registry_id: record._id });
  }
  const capabilities = (record.capabilities as Capability[] | undefined) ?? provider?.capabilities ?? [];
  return Object.freeze({
    id: record._id,
    slug: record.slug,
    gatewayId: record.gateway_id,
    type: record.type,
    providerId: record.provider,
    provider,
    baseUrl: (record.base_url ?? provider?.base_url ?? '').replace(/\/+$/, ''),
    apiKey,
    options: record.options ?? {},
    models: Object.freeze([...(record.models ?? [])]),
    capabilities: new Set(capabilities),
    record,
  });
}

function roleView(record: RoleRecord, registries: Map<string, RegistryView>): RoleView {
  return Object.freeze({
    id: record._id,
    name: record.name,
    match: record.match,
    registries: record.registries.map((id) => registries.get(id)).filter((r): r is RegistryView => !!r),
    modelPolicies: record.model_policies ?? [],
    toolSets: record.tool_sets ?? [],
  });
}

export async function buildSnapshot(document: ConfigDocument, options: SnapshotBuildOptions): Promise<Snapshot> {
  const { log, secretBox } = options;
  const gatewaysById = new Map<string, GatewayView>();
  const gatewaysBySlug = new Map<string, GatewayView>();
  for (const g of document.gateways) {
    const view = Object.freeze({ id: g._id, slug: g.slug, tenantId: g.tenant_id, record: g });
    gatewaysById.set(g._id, view);
    gatewaysBySlug.set(g.slug, view);
  }

  const vault = new Map<string, string>();
  const vaultSecrets = new Map<string, { gatewayId: string; secret: string }>();
  for (const c of document.vault_credentials) {
    try {
      vault.set(c._id, secretBox.open(c.secret_sealed));
      vaultSecrets.set(c._id, { gatewayId: c.gateway_id, secret: vault.get(c._id)! });
    } catch {
      log.error('vault credential cannot be decrypted (wrong master key?)', { credential_id: c._id });
    }
  }

  const registriesById = new Map<string, RegistryView>();
  for (const r of document.registries) registriesById.set(r._id, registryView(r, vault, secretBox, log));
  const rolesById = new Map<string, RoleView>();
  for (const r of document.roles) rolesById.set(r._id, roleView(r, registriesById));

  const policies = new Map<string, NonNullable<Awaited<ReturnType<typeof buildPolicyInstance>>>>();
  const globalsByGateway = new Map<string, string[]>();
  const ordered = [...document.policies].filter((p) => p.enabled !== false);
  await Promise.all(
    ordered.map(async (record) => {
      const instance = await buildPolicyInstance(record, {
        host: options.host, counters: options.counters, log, egress: (options.egress ?? defaultEgress()).dispatcher,
        revision: document.revision, registries: registriesById, vaultSecrets, guardrails: options.guardrails ?? new GuardrailLocation(),
        mcpUpstreams: options.mcpUpstreams,
      });
      if (instance) policies.set(record._id, instance);
    }),
  );
  for (const record of ordered) {
    if (record.global && policies.has(record._id)) appendTo(globalsByGateway, record.gateway_id, record._id);
  }

  const consumers = new Map<string, Map<string, ConsumerView>>();
  const consumersById = new Map<string, ConsumerView>();
  const chainPolicies = new Map<string, string[]>();
  for (const c of document.consumers) {
    const ids = [...new Set([...(globalsByGateway.get(c.gateway_id) ?? []), ...(c.policy_ids ?? []).filter((id) => policies.has(id))])].sort();
    const chainKey = `${c.gateway_id}:${ids.join(',')}`;
    if (!chainPolicies.has(chainKey)) chainPolicies.set(chainKey, ids);
    const view = consumerView(c, registriesById, rolesById, chainKey);
    let bySlug = consumers.get(c.gateway_id);
    if (!bySlug) consumers.set(c.gateway_id, (bySlug = new Map()));
    bySlug.set(c.slug, view);
    consumersById.set(c._id, view);
  }

  const authsByKeyHash = new Map<string, AuthRecord>();
  const oidcAuths = new Map<string, AuthRecord[]>();
  for (const a of document.auths) {
    if (a.type === 'api_key' && a.key_hash) authsByKeyHash.set(a.key_hash, a);
    if (a.type === 'oidc') appendTo(oidcAuths, a.gateway_id, a);
  }

  const indexes: SnapshotIndexes = {
    gatewaysById, gatewaysBySlug, registriesById, rolesById, consumers, consumersById,
    authsByKeyHash, oidcAuths, policies, chainPolicies, vaultSecrets,
  };
  const extensions = new Map((options.extensionCompilers ?? []).map((compile) => compile(document, indexes)));
  return new Snapshot(document.revision, document, indexes, options.coreMembers, log, extensions);
}

function consumerView(c: ConsumerRecord, registries: Map<string, RegistryView>, roles: Map<string, RoleView>, chainKey: string): ConsumerView {
  return Object.freeze({
    id: c._id,
    slug: c.slug,
    gatewayId: c.gateway_id,
    routingMode: c.routing_mode,
    registries: (c.registries ?? [])
      .map((a) => ({ registry: registries.get(a.registry_id)!, weight: a.weight ?? 1 }))
      .filter((a) => !!a.registry),
    modelPolicies: c.model_policies ?? [],
    roles: (c.role_ids ?? []).map((id) => roles.get(id)).filter((r): r is RoleView => !!r),
    authIds: new Set(c.auth_ids ?? []),
    tags: c.tags ?? [],
    chainKey,
    record: c,
  });
}
