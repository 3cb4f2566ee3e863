/** The headers every call to a registry carries, built in one place for the proxy, health checks and plugins. */
import type { RegistryView } from '../snapshot/views.js';

/** The auth and static headers for a call to `registry` (the proxy's upstream calls, health checks and `kit.registries` endpoints): the provider's static headers, then its auth header with the decrypted key. */
export function registryHeaders(registry: RegistryView): Record<string, string> {
  const provider = registry.provider;
  const headers: Record<string, string> = { ...provider?.static_headers };
  if (registry.apiKey && provider) headers[provider.auth.header] = `${provider.auth.prefix ?? ''}${registry.apiKey}`;
  return headers;
}
