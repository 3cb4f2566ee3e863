/**
 * Read-only views of the records, resolved once per snapshot (registry ids to registries,
 * secrets decrypted, provider catalog entries attached) so the request path does no lookups
 * beyond map reads.
 */
import type { Capability, ProviderEntry } from '../providers/types.js';
import type { ConsumerRecord, GatewayRecord, ModelPolicy, RegistryRecord } from '../records/types.js';

/** Who is calling, as authenticated. */
export interface Principal {
  gatewayId: string;
  /** The auth record that accepted the credential. */
  authId: string;
  kind: 'api_key' | 'oidc' | 'oauth';
  subject?: string;
  claims?: Record<string, unknown>;
  /** Groups from the token's groups claim (OIDC), for role selection. */
  groups?: string[];
  /** The one consumer the credential is for (the gateway's OAuth tokens: their audience), accepted without an attached auth. */
  consumerId?: string;
}

export interface GatewayView {
  id: string;
  slug: string;
  tenantId: string;
  record: GatewayRecord;
}

export interface RegistryView {
  id: string;
  slug: string;
  gatewayId: string;
  type: 'LLM' | 'MCP';
  /** Provider id (catalog key). */
  providerId: string;
  /** The catalog entry; undefined for an unknown provider (the registry then serves nothing). */
  provider?: ProviderEntry;
  /** Base URL without a trailing slash. */
  baseUrl: string;
  /** The upstream key, decrypted (inline or from the vault). Never logged. */
  apiKey?: string;
  options: Record<string, unknown>;
  /** Allow-list; empty means the provider catalog. */
  models: readonly string[];
  capabilities: ReadonlySet<Capability>;
  record: RegistryRecord;
}

export interface RoleView {
  id: string;
  name: string;
  match?: { claim: string; any_of: string[] };
  registries: readonly RegistryView[];
  modelPolicies: readonly ModelPolicy[];
  toolSets: readonly unknown[];
}

export interface ConsumerView {
  id: string;
  slug: string;
  gatewayId: string;
  routingMode: 'inline' | 'role_based';
  /** Inline registries with their balancing weight. */
  registries: ReadonlyArray<{ registry: RegistryView; weight: number }>;
  modelPolicies: readonly ModelPolicy[];
  roles: readonly RoleView[];
  authIds: ReadonlySet<string>;
  tags: readonly string[];
  /** Identifies the consumer's policy set; consumers with equal keys share a compiled chain. */
  chainKey: string;
  record: ConsumerRecord;
}
