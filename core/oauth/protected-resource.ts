/**
 * RFC 9728 protected resource metadata for the consumer endpoints, and the `WWW-Authenticate`
 * challenge that points at it. Served from the config snapshot alone, so data planes answer it
 * too:
 * - `/.well-known/oauth-protected-resource/{consumer_slug}/mcp`: an MCP endpoint;
 * - `/.well-known/oauth-protected-resource/{consumer_slug}`: a role_based consumer's proxy base;
 * - `/.well-known/oauth-protected-resource`: the origin itself, naming every authorization server.
 * `authorization_servers` lists the issuer of each OAuth-enabled gateway that has a consumer of
 * that slug (`X-AG-Gateway-Slug` narrows it to one gateway).
 */
import type { IncomingRequest } from '../pipeline/exchange.js';
import type { SnapshotHolder } from '../snapshot/holder.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { oauthDirectory, type GatewayOAuth } from './oauth-directory.js';
import { MCP_SCOPE, PROXY_SCOPE, resourceUrl } from './resources.js';

/** The metadata document. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported: string[];
  bearer_methods_supported: ['header'];
}

/** The path prefix of the metadata documents. */
export const PRM_PATH = '/.well-known/oauth-protected-resource';

/** OAuth-enabled gateways, or only the one `gatewaySlug` names. */
function gatewaysOf(snapshot: Snapshot, gatewaySlug: string | undefined): GatewayOAuth[] {
  const directory = oauthDirectory(snapshot);
  if (gatewaySlug) {
    const one = directory.forGatewaySlug(gatewaySlug);
    return one ? [one] : [];
  }
  return [...directory.all()];
}

/**
 * The document for the path after PRM_PATH (`''`, `/{slug}/mcp` or `/{slug}`), or undefined
 * when no OAuth-enabled gateway serves that resource.
 */
export function protectedResourceMetadata(snapshot: Snapshot, origin: string, suffix: string, gatewaySlug?: string): ProtectedResourceMetadata | undefined {
  const gateways = gatewaysOf(snapshot, gatewaySlug);
  if (suffix === '' || suffix === '/') {
    if (!gateways.length) return undefined;
    return { resource: origin, authorization_servers: gateways.map((g) => `${origin}${g.serverPath}`), scopes_supported: [MCP_SCOPE, PROXY_SCOPE], bearer_methods_supported: ['header'] };
  }
  const match = /^\/([^/]+)(\/mcp)?$/.exec(suffix);
  if (!match) return undefined;
  const slug = decodeURIComponent(match[1]!);
  const kind = match[2] ? 'mcp' : 'proxy';
  const servers = gateways
    .filter((g) => {
      const consumer = snapshot.consumer(g.gatewayId, slug);
      return consumer && (kind === 'mcp' || consumer.routingMode === 'role_based');
    })
    .map((g) => `${origin}${g.serverPath}`);
  if (!servers.length) return undefined;
  return { resource: resourceUrl(origin, slug, kind), authorization_servers: servers, scopes_supported: [kind === 'mcp' ? MCP_SCOPE : PROXY_SCOPE], bearer_methods_supported: ['header'] };
}

/**
 * The headers of a proxy 401 on `/{consumer_slug}/...`: a Bearer challenge naming the resource
 * metadata when an OAuth-enabled gateway (the one `X-AG-Gateway-Slug` names, if sent) has a
 * role_based consumer of that slug; none otherwise.
 */
export function proxyChallengeHeaders(snapshot: Snapshot, origin: string, consumerSlug: string, gatewaySlug?: string): Record<string, string> {
  const served = gatewaysOf(snapshot, gatewaySlug).some((g) => snapshot.consumer(g.gatewayId, consumerSlug)?.routingMode === 'role_based');
  if (!served) return {};
  return { 'www-authenticate': `Bearer resource_metadata="${origin}${PRM_PATH}/${consumerSlug}", scope="${PROXY_SCOPE}"` };
}

/**
 * The MCP endpoint's seam (core/mcp/endpoint/client-auth.ts): the resource metadata URL its 401
 * names, when an OAuth-enabled gateway (the one `X-AG-Gateway-Slug` names, if sent) has a
 * consumer of the path's slug; undefined otherwise (no challenge). The proxy port speaks plain
 * HTTP, so the URL is `http://{Host}/...`; with `trustProxy` (behind a TLS-terminating proxy)
 * it takes the scheme and host of X-Forwarded-Proto and -Host, as the planes do.
 */
export function mcpResourceMetadataUrl(holder: SnapshotHolder, trustProxy = false): (incoming: IncomingRequest) => string | undefined {
  return (incoming) => {
    const first = (name: string) => {
      const value = incoming.headers[name];
      // A proxy chain lists one value per hop: the first is the client's.
      return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
    };
    const host = (trustProxy && first('x-forwarded-host')) || first('host');
    if (!host) return undefined;
    const scheme = trustProxy && first('x-forwarded-proto') === 'https' ? 'https' : 'http';
    const snapshot = holder.current;
    const served = gatewaysOf(snapshot, first('x-ag-gateway-slug')).some((g) => snapshot.consumer(g.gatewayId, incoming.consumerSlug));
    return served ? `${scheme}://${host}${PRM_PATH}/${incoming.consumerSlug}/mcp` : undefined;
  };
}
