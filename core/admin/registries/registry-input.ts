/**
 * Registry fields as written through the admin API, checked against the provider catalog and
 * the gateway's vault, and turned into the stored shape (the inline key sealed at rest).
 */
import { providerEntry } from '../../providers/catalog.js';
import { COLLECTIONS, type RegistryRecord } from '../../records/types.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { Store } from '../../store/types.js';
import { refuse } from '../http/json-body.js';
import { refuseEgress } from '../http/egress-field.js';
import type { EgressPolicy } from '../../http/egress-policy.js';

/** Upstream credentials as written (an inline key or a vault reference). */
export interface RegistryAuthInput {
  api_key?: string;
  credential_id?: string;
  header?: string;
  /** Per-user OAuth at an MCP server's authorization server. */
  oauth?: { issuer: string; client_id: string; client_secret?: string; scopes?: string[] };
}

/** The writable registry fields (create and update bodies, inline test candidates). */
export interface RegistryInput {
  slug?: string;
  name?: string;
  type?: 'LLM' | 'MCP';
  provider?: string;
  base_url?: string;
  auth?: RegistryAuthInput;
  options?: RegistryRecord['options'];
  models?: string[];
  capabilities?: string[];
  health_check?: RegistryRecord['health_check'];
  circuit_breaker?: Record<string, unknown>;
}

/**
 * Checks what the schema cannot: a known provider for LLM registries, a base URL where the
 * provider has none (and for every MCP server) that the egress policy lets the gateway fetch
 * (http or https, no literal internal address), a vault credential of the same gateway, tool
 * aliases on MCP registries only, and no health check path on them.
 */
export async function checkRegistry(
  store: Store,
  gatewayId: string,
  registry: { type: string; provider: string; base_url?: string; auth?: RegistryAuthInput; options?: RegistryRecord['options']; health_check?: RegistryRecord['health_check'] },
  egress: EgressPolicy,
): Promise<void> {
  if (registry.type !== 'MCP' && registry.options?.tool_aliases !== undefined) throw refuse('/options/tool_aliases is an option of MCP registries only');
  // Refused rather than ignored: an MCP registry's check is a handshake at its base URL.
  if (registry.type === 'MCP' && registry.health_check?.path !== undefined) throw refuse('/health_check/path does not apply to an MCP registry: its health check is an MCP handshake (initialize, ping) at base_url');
  let baseUrl = registry.base_url;
  if (registry.type === 'LLM') {
    const provider = providerEntry(registry.provider);
    if (!provider) throw refuse(`/provider "${registry.provider}" is not a provider of the catalog (GET /v1/catalog/providers)`);
    if (!registry.base_url && (provider.base_url_required || !provider.base_url)) throw refuse(`/base_url is required for provider ${provider.id}`);
    // A provider's default URL may be local too (a model server on this host).
    baseUrl ??= provider.base_url;
  } else if (!registry.base_url) {
    throw refuse('/base_url is required for an MCP registry (the server endpoint)');
  }
  refuseEgress(egress, '/base_url', baseUrl);
  if (registry.auth?.oauth) {
    if (registry.type !== 'MCP') throw refuse('/auth/oauth is an option of MCP registries only');
    refuseEgress(egress, '/auth/oauth/issuer', registry.auth.oauth.issuer);
  }
  const credentialId = registry.auth?.credential_id;
  if (credentialId && !(await store.collection(COLLECTIONS.vaultCredentials).findOne({ _id: credentialId, gateway_id: gatewayId }))) {
    throw refuse(`/auth/credential_id ${credentialId} is not a vault credential of this gateway`);
  }
}

/** The stored auth: an inline key sealed, a vault reference kept as is. */
export function storedAuth(auth: RegistryAuthInput | undefined, box: SecretBox): RegistryRecord['auth'] | undefined {
  if (!auth) return undefined;
  const stored: NonNullable<RegistryRecord['auth']> = {};
  if (auth.api_key !== undefined) stored.api_key_sealed = box.seal(auth.api_key);
  if (auth.credential_id !== undefined) stored.credential_id = auth.credential_id;
  if (auth.header !== undefined) stored.header = auth.header;
  if (auth.oauth !== undefined) {
    const { client_secret, ...oauth } = auth.oauth;
    stored.oauth = { ...oauth, ...(client_secret !== undefined ? { client_secret_sealed: box.seal(client_secret) } : {}) };
  }
  return stored;
}

/** The upstream key a registry record (or candidate) authenticates with, opened from the seal or the vault. */
export async function registryKey(store: Store, box: SecretBox, gatewayId: string, auth: RegistryRecord['auth'] | RegistryAuthInput | undefined): Promise<string | undefined> {
  if (!auth) return undefined;
  if ('api_key' in auth && auth.api_key) return auth.api_key;
  if ('api_key_sealed' in auth && auth.api_key_sealed) return box.open(auth.api_key_sealed);
  if (auth.credential_id) {
    const credential = await store.collection(COLLECTIONS.vaultCredentials).findOne({ _id: auth.credential_id, gateway_id: gatewayId });
    if (credential) return box.open(credential.secret_sealed as never);
  }
  return undefined;
}
