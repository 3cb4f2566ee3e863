/** The headers every call to a registry carries, built in one place for the proxy, health checks and plugins. */
import type { RegistryView } from '../snapshot/views.js';

/** Headers that authenticate the gateway to an MCP server: `Authorization: Bearer <key>`, or the key as is in the registry's named header. */
export function mcpAuthHeaders(key: string | undefined, header: string | undefined): Record<string, string> {
  if (!key) return {};
  return header ? { [header.toLowerCase()]: key } : { authorization: `Bearer ${key}` };
}

/**
 * The auth and static headers for a call to `registry` (the proxy's upstream calls, health checks and `kit.registries` endpoints): the provider's static headers, then its auth header with the decrypted key.
 * An MCP registry has no catalog provider: its key goes in `auth.header`, else as a bearer token.
 */
export function registryHeaders(registry: RegistryView): Record<string, string> {
  if (registry.type === 'MCP') return mcpAuthHeaders(registry.apiKey, registry.record.auth?.header);
  const provider = registry.provider;
  const headers: Record<string, string> = { ...provider?.static_headers };
  if (registry.apiKey && provider) headers[provider.auth.header] = `${provider.auth.prefix ?? ''}${registry.apiKey}`;
  return headers;
}
