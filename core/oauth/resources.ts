/**
 * The protected resources a gateway's authorization server issues tokens for (RFC 8707), each
 * one consumer endpoint, so a token's `aud` is exactly one URL:
 * - `{origin}/{consumer_slug}/mcp`: the MCP endpoint of any consumer of the gateway (scope
 *   `mcp:tools`);
 * - `{origin}/{consumer_slug}`: the proxy base of a `role_based` consumer (scope `proxy`),
 *   whose roles the token's groups select.
 * A consumer slug is unique within a gateway, and the token's issuer names the gateway
 * (`{origin}/{gateway_slug}/oauth`), so (iss, aud) always names one consumer, even when two
 * gateways on one origin have consumers of the same slug.
 */
import type { Snapshot } from '../snapshot/snapshot.js';
import type { ConsumerView } from '../snapshot/views.js';

/** The scope of MCP endpoint tokens (the one a 401 challenge names). */
export const MCP_SCOPE = 'mcp:tools';
/** The scope of proxy tokens for role_based consumers. */
export const PROXY_SCOPE = 'proxy';

/** A resource a token may be issued for. */
export interface ProtectedResource {
  /** The canonical resource URL (the token's `aud`). */
  url: string;
  consumer: ConsumerView;
  kind: 'mcp' | 'proxy';
  scope: string;
}

/** The canonical resource URL of a consumer endpoint. */
export function resourceUrl(origin: string, consumerSlug: string, kind: 'mcp' | 'proxy'): string {
  return kind === 'mcp' ? `${origin}/${consumerSlug}/mcp` : `${origin}/${consumerSlug}`;
}

/**
 * The resource `url` names for the gateway, on `origin`, in the current snapshot; undefined
 * when it names none (another origin, an unknown consumer, a proxy base of an inline consumer,
 * a query or fragment).
 */
export function findResource(snapshot: Snapshot, gatewayId: string, origin: string, url: string): ProtectedResource | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== origin || parsed.search || parsed.hash || parsed.username || parsed.password) return undefined;
  const match = /^\/([^/]+)(\/mcp)?$/.exec(parsed.pathname);
  if (!match) return undefined;
  const consumer = snapshot.consumer(gatewayId, decodeURIComponent(match[1]!));
  if (!consumer) return undefined;
  const kind = match[2] ? 'mcp' : 'proxy';
  if (kind === 'proxy' && consumer.routingMode !== 'role_based') return undefined;
  const canonical = resourceUrl(origin, consumer.slug, kind);
  if (canonical !== url) return undefined;
  return { url: canonical, consumer, kind, scope: kind === 'mcp' ? MCP_SCOPE : PROXY_SCOPE };
}
