/**
 * Where and how the gateway reaches the server of an MCP registry: its URL and the headers that
 * authenticate the gateway (the registry's key, decrypted per snapshot), never the client's.
 */
import { createHash } from 'node:crypto';
import { mcpAuthHeaders } from '../../providers/registry-headers.js';
import type { RegistryView } from '../../snapshot/views.js';

/** An MCP registry's server as the upstream pool connects to it. `headers` hold the key: never log them. */
export interface UpstreamTarget {
  readonly registryId: string;
  readonly registrySlug: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Identifies (registry record, URL, credential) without holding the key: pooled connections and
   * cached tool lists are keyed by it, so a changed registry never reuses the old ones.
   */
  readonly key: string;
}

const targets = new WeakMap<RegistryView, UpstreamTarget>();

/**
 * The target of an MCP registry view, made once per view (a view lives as long as its config
 * snapshot): `auth.api_key` (or the vault credential) as `Authorization: Bearer`, or in the header
 * `auth.header` names.
 */
export function upstreamTarget(registry: RegistryView): UpstreamTarget {
  let target = targets.get(registry);
  if (!target) {
    const header = registry.record.auth?.header;
    const headers = Object.freeze(mcpAuthHeaders(registry.apiKey, header));
    // Any change of the record (or of its vault credential) makes a new key: a fresh connection and tool list.
    const fingerprint = createHash('sha256').update(`${registry.baseUrl}\n${header ?? ''}\n${registry.apiKey ?? ''}\n${JSON.stringify(registry.record)}`).digest('base64url').slice(0, 22);
    target = Object.freeze({ registryId: registry.id, registrySlug: registry.slug, url: registry.baseUrl, headers, key: `${registry.id}:${fingerprint}` });
    targets.set(registry, target);
  }
  return target;
}
