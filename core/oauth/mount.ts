/**
 * Where the gateway's OAuth endpoints meet the proxy port: one Koa middleware, ahead of the
 * proxy's pipeline (it answers only its own paths and passes every other request on):
 * - `/.well-known/oauth-protected-resource[/{slug}[/mcp]]`: resource metadata (any plane);
 * - `/.well-known/oauth-authorization-server/{gateway_slug}/oauth` (RFC 8414 for an issuer with
 *   a path), its `openid-configuration` twin, and the root `/.well-known/oauth-authorization-server`
 *   when one gateway is meant (the only OAuth-enabled one, or the one `X-AG-Gateway-Slug` names);
 * - `/{gateway_slug}/oauth/...`: the authorization server itself (registration, authorization,
 *   token, revocation, JWKS: the discovery document names each), the login callback and the
 *   gateway's interaction pages.
 * The authorization server needs the store: a data plane answers its paths with 404 and serves
 * only the resource metadata (tokens verify there from the snapshot alone).
 */
import type Koa from 'koa';
import { GatewayError } from '../errors/gateway-error.js';
import type { SnapshotHolder } from '../snapshot/holder.js';
import type { Logger } from '../logging/logger.js';
import type { Egress } from '../http/egress-dispatcher.js';
import type { SecretBox } from '../security/secret-box.js';
import type { Store } from '../store/types.js';
import { AuthorizationServers, type GatewayAuthorizationServer } from './authorization-server.js';
import { IdentityProviderClient } from './identity-provider.js';
import { confirmConsent, loginCallback, showInteraction, type InteractionDeps } from './interactions.js';
import { oauthDirectory, type GatewayOAuth } from './oauth-directory.js';
import { PRM_PATH, protectedResourceMetadata } from './protected-resource.js';
import { requestOrigin } from './request-origin.js';

/** What the middleware needs. */
export interface OAuthMountDeps {
  holder: SnapshotHolder;
  /** The authorization servers; absent on a data plane (no store). */
  servers?: AuthorizationServers;
  interactions?: InteractionDeps;
  log: Logger;
}

const AS_METADATA = '/.well-known/oauth-authorization-server';
const OIDC_METADATA = '/.well-known/openid-configuration';
const SERVER_PATH = /^\/([^/]+)\/oauth(\/.*)?$/;

function jsonError(koa: Koa.Context, status: number, error: string, message: string): void {
  koa.status = status;
  koa.set('cache-control', 'no-store');
  koa.body = { error, message };
}

function header(koa: Koa.Context, name: string): string | undefined {
  const value = koa.req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Hands the request to the server's provider with its URL rewritten below the server's path. */
async function delegate(koa: Koa.Context, server: GatewayAuthorizationServer, rest: string): Promise<void> {
  const req = koa.req as typeof koa.req & { baseUrl?: string; originalUrl?: string };
  const query = koa.querystring ? `?${koa.querystring}` : '';
  req.baseUrl = server.oauth.serverPath;
  delete req.originalUrl;
  req.url = `${rest || '/'}${query}`;
  koa.respond = false;
  await server.handle(koa.req, koa.res);
}

/** The proxy-port middleware serving the OAuth paths. */
export function oauthMiddleware(deps: OAuthMountDeps): Koa.Middleware {
  const serverOf = async (koa: Koa.Context, oauth: GatewayOAuth) => deps.servers!.serverFor(oauth, requestOrigin(koa));

  return async (koa, next) => {
    try {
      await serve(koa, next);
    } catch (err) {
      if (koa.headerSent || !koa.writable) return;
      koa.respond = true;
      // The client's own mistake (a form too large): its status and message.
      if (err instanceof GatewayError && err.status < 500) return jsonError(koa, err.status, err.code, err.expose ? err.message : err.code);
      deps.log.error('OAuth endpoint failed', { path: koa.path, error: (err as Error).message });
      jsonError(koa, 500, 'internal_error', 'internal error');
    }
  };

  async function serve(koa: Koa.Context, next: Koa.Next): Promise<void> {
    const path = koa.path;
    const ours = path.startsWith('/.well-known/oauth-') || path.startsWith(`${OIDC_METADATA}/`) || path === OIDC_METADATA || SERVER_PATH.test(path);
    // Issuer and resource URLs are built from the Host header: without one there is no origin.
    if (ours && !koa.host) return jsonError(koa, 400, 'invalid_request', 'the request names no Host');
    if (path === PRM_PATH || path.startsWith(`${PRM_PATH}/`)) {
      if (koa.method !== 'GET' && koa.method !== 'HEAD') return jsonError(koa, 405, 'method_not_allowed', `${koa.method} is not allowed here`);
      const document = protectedResourceMetadata(deps.holder.current, requestOrigin(koa), path.slice(PRM_PATH.length), header(koa, 'x-ag-gateway-slug'));
      if (!document) return jsonError(koa, 404, 'not_found', 'no OAuth-protected resource at this path');
      koa.set('cache-control', 'no-store');
      koa.body = document;
      return;
    }

    const directory = oauthDirectory(deps.holder.current);
    let oauth: GatewayOAuth | undefined;
    let rest: string | undefined;
    let metadataRoute: string | undefined;
    for (const prefix of [AS_METADATA, OIDC_METADATA]) {
      if (path !== prefix && !path.startsWith(`${prefix}/`)) continue;
      const suffix = path.slice(prefix.length);
      if (suffix === '') {
        // The root form: meaningful only when one gateway is meant.
        const named = header(koa, 'x-ag-gateway-slug');
        const all = [...directory.all()];
        oauth = named ? directory.forGatewaySlug(named) : all.length === 1 ? all[0] : undefined;
        if (!oauth) return jsonError(koa, 404, 'not_found', 'name the gateway: use the issuer of its authorization server ({origin}/{gateway_slug}/oauth), or send X-AG-Gateway-Slug');
      } else {
        const match = SERVER_PATH.exec(suffix);
        oauth = match && !match[2] ? directory.forGatewaySlug(decodeURIComponent(match[1]!)) : undefined;
        if (!oauth) return jsonError(koa, 404, 'not_found', 'no authorization server at this issuer');
      }
      metadataRoute = prefix;
      rest = prefix;
    }
    if (!oauth) {
      const match = SERVER_PATH.exec(path);
      if (!match) return next();
      oauth = directory.forGatewaySlug(decodeURIComponent(match[1]!));
      // Not an OAuth-enabled gateway: the proxy answers (its own 404).
      if (!oauth) return next();
      rest = match[2] ?? '/';
    }
    if (!deps.servers || !deps.interactions) return jsonError(koa, 404, 'not_found', 'the authorization server is served where the store is (the control plane or a single process)');
    const server = await serverOf(koa, oauth);
    if (!metadataRoute) {
      if (rest === '/callback' && koa.method === 'GET') return loginCallback(koa, server, deps.interactions);
      const interaction = /^\/interaction\/([A-Za-z0-9_-]+)(\/confirm)?$/.exec(rest!);
      if (interaction) {
        if (!interaction[2] && koa.method === 'GET') return showInteraction(koa, server, interaction[1]!, deps.interactions);
        if (interaction[2] && koa.method === 'POST') return confirmConsent(koa, server, interaction[1]!);
        return jsonError(koa, 405, 'method_not_allowed', `${koa.method} is not allowed here`);
      }
    }
    await delegate(koa, server, rest!);
  }
}

/** The OAuth middleware of a proxy plane: with the authorization servers when the process holds the store. */
export function createOAuthMount(options: { holder: SnapshotHolder; log: Logger; store?: Store; secretBox: SecretBox; egress: Egress; trustProxy?: boolean }): Koa.Middleware {
  const { holder, log, store, secretBox, egress, trustProxy } = options;
  if (!store) return oauthMiddleware({ holder, log });
  return oauthMiddleware({
    holder,
    log,
    servers: new AuthorizationServers({ store, holder, secretBox, egress, log, trustProxy }),
    interactions: { idp: new IdentityProviderClient(egress, secretBox), log },
  });
}
