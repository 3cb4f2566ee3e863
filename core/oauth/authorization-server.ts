/**
 * The gateway's OAuth 2.0 authorization servers: one embedded `oidc-provider` per gateway with
 * OAuth configured (and per origin it is reached on), its issuer `{origin}/{gateway_slug}/oauth`.
 * Settings, fixed here for every gateway:
 * - authorization code with S256 PKCE only (no implicit, hybrid, device or client credentials);
 * - open dynamic client registration (RFC 7591; `application_type` web or native), and client ID
 *   metadata documents (an https `client_id` fetched under the egress policy);
 * - RFC 8707 resource indicators, required: each access token is an ES256 JWT whose `aud` is
 *   exactly one consumer endpoint (resources.ts) and which carries the user's `groups`;
 * - short access tokens, refresh tokens only with `offline_access`, rotated on every use;
 * - revocation; RFC 9207 `iss` in authorization responses.
 * State lives in the store (store-adapter.ts); login is federated to the gateway's identity
 * provider and consent is the gateway's own page (interactions.ts). Each server is built once
 * per configuration version and origin, then reused.
 */
import { createHmac } from 'node:crypto';
import type { Provider as ProviderType } from 'oidc-provider';
import { LRUCache } from 'lru-cache';
import { egressFetch, type Egress } from '../http/egress-dispatcher.js';
import type { Logger } from '../logging/logger.js';
import type { SecretBox } from '../security/secret-box.js';
import type { SnapshotHolder } from '../snapshot/holder.js';
import type { Store } from '../store/types.js';
import { escapeHtml } from './html-text.js';
import { ACCESS_TOKEN_CLOCK_TOLERANCE, OAUTH_TTL } from './lifetimes.js';
import { loadProviderModule } from './load-provider.js';
import { oauthDirectory, type GatewayOAuth, type OAuthDirectory } from './oauth-directory.js';
import { OAUTH_COLLECTIONS } from './oauth-records.js';
import { findResource, MCP_SCOPE, PROXY_SCOPE } from './resources.js';
import { privateJwkOf, SIGNING_ALG } from './signing-key.js';
import { OAUTH_STATE_INDEXES, OAuthStateStore, providerAdapter } from './store-adapter.js';

/** What the authorization servers need from the process. */
export interface AuthorizationServerDeps {
  store: Store;
  holder: SnapshotHolder;
  secretBox: SecretBox;
  egress: Egress;
  log: Logger;
  /** Behind a TLS-terminating proxy (`--trust-proxy`): endpoint URLs take X-Forwarded-Proto and -Host, as the issuer does. */
  trustProxy?: boolean;
}

/** One gateway's running authorization server. */
export interface GatewayAuthorizationServer {
  oauth: GatewayOAuth;
  issuer: string;
  origin: string;
  provider: ProviderType;
  state: OAuthStateStore;
  /** Handles a request whose URL has been rewritten below the server's path. */
  handle: ReturnType<ProviderType['callback']>;
}

/** The groups a login recorded for an account (the `Account` artifact). */
export async function accountGroups(state: OAuthStateStore, accountId: string): Promise<string[]> {
  const account = await state.find('Account', accountId);
  return Array.isArray(account?.groups) ? account.groups.map(String) : [];
}

/** Builds and caches the authorization servers of this process. */
export class AuthorizationServers {
  /** Bounded: the origin comes from the request's Host header. */
  private readonly servers = new LRUCache<string, { oauth: GatewayOAuth; server: Promise<GatewayAuthorizationServer> }>({ max: 64 });
  private collectionsReady: Promise<void> | undefined;

  constructor(private readonly deps: AuthorizationServerDeps) {
    deps.holder.onSwap((snapshot) => this.dropStale(oauthDirectory(snapshot)));
  }

  /** The server of `oauth` reached on `origin` (`http://host:port`). */
  serverFor(oauth: GatewayOAuth, origin: string): Promise<GatewayAuthorizationServer> {
    const key = `${oauth.gatewayId}|${oauth.version}|${oauth.gatewaySlug}|${origin}`;
    const cached = this.servers.get(key);
    if (cached) return cached.server;
    const server = this.build(oauth, origin);
    server.catch(() => this.servers.delete(key));
    this.servers.set(key, { oauth, server });
    return server;
  }

  /**
   * Forgets the servers of gateways whose OAuth the new snapshot turned off or changed (another
   * identity provider, key or slug): no request reaches them any more, and each holds the opened
   * private signing key.
   */
  private dropStale(directory: OAuthDirectory): void {
    for (const [key, { oauth }] of [...this.servers.entries()]) {
      const now = directory.forGateway(oauth.gatewayId);
      if (!now || now.version !== oauth.version || now.gatewaySlug !== oauth.gatewaySlug) this.servers.delete(key);
    }
  }

  private ensureCollections(): Promise<void> {
    this.collectionsReady ??= this.deps.store.ensureCollection(OAUTH_COLLECTIONS.state, { indexes: OAUTH_STATE_INDEXES.map((i) => ({ ...i, key: { ...i.key } })) });
    return this.collectionsReady;
  }

  private async build(oauth: GatewayOAuth, origin: string): Promise<GatewayAuthorizationServer> {
    const { Provider, errors } = await loadProviderModule(this.deps.log);
    await this.ensureCollections();
    const { holder, secretBox, egress } = this.deps;
    const issuer = `${origin}${oauth.serverPath}`;
    const state = new OAuthStateStore(this.deps.store, oauth.gatewayId);
    const signingJwk = privateJwkOf(oauth.signingKey, secretBox);
    // Cookie signing keys derived from the gateway's signing key: stable across restarts and processes.
    const cookieKey = createHmac('sha256', String(signingJwk.d)).update('portcullis oauth cookies').digest('base64url');

    const resourceServerInfo = (resource: string) => {
      const found = findResource(holder.current, oauth.gatewayId, origin, resource);
      if (!found) throw new errors.InvalidTarget(`${resource} is not a protected resource of this gateway`);
      return { scope: found.scope, audience: found.url, accessTokenTTL: OAUTH_TTL.AccessToken, accessTokenFormat: 'jwt', jwt: { sign: { alg: SIGNING_ALG } } };
    };

    const provider = new Provider(issuer, {
      adapter: providerAdapter(state),
      jwks: { keys: [signingJwk] },
      cookies: { keys: [cookieKey], long: { signed: true, httpOnly: true, sameSite: 'lax' }, short: { signed: true, httpOnly: true, sameSite: 'lax' } },
      scopes: ['openid', 'offline_access', MCP_SCOPE, PROXY_SCOPE],
      claims: { openid: ['sub'] },
      responseTypes: ['code'],
      pkce: { required: () => true },
      clientDefaults: { grant_types: ['authorization_code'], response_types: ['code'], id_token_signed_response_alg: SIGNING_ALG, token_endpoint_auth_method: 'none' },
      enabledJWA: { idTokenSigningAlgValues: [SIGNING_ALG], requestObjectSigningAlgValues: [SIGNING_ALG] },
      features: {
        devInteractions: { enabled: false },
        registration: { enabled: true },
        // A client revokes only its own tokens.
        revocation: { enabled: true, allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) => token.clientId === client.clientId },
        // Logging out of the gateway alone would leave the identity provider's session: not offered.
        rpInitiatedLogout: { enabled: false },
        introspection: { enabled: false },
        userinfo: { enabled: false },
        // Client ID metadata documents: an https client_id is fetched (through the egress policy,
        // which refuses internal addresses on every connection; refused early here when literal).
        clientIdMetadataDocument: {
          enabled: true,
          ack: 'draft-02',
          allowFetch: (_ctx: unknown, clientId: string) => !egress.policy.refusalOfUrl(clientId),
        },
        // Tokens are verified as bearer tokens (token-verifier.ts): no sender-constrained ones.
        dPoP: { enabled: false },
        resourceIndicators: {
          enabled: true,
          // A token is always for exactly one resource: an authorization request must name it.
          defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string | string[]) => {
            if (oneOf) return oneOf;
            throw new errors.InvalidTarget('resource is required (RFC 8707): the consumer endpoint the token is for');
          },
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, resource: string) => resourceServerInfo(resource),
        },
      },
      ttl: { ...OAUTH_TTL, IdToken: OAUTH_TTL.AccessToken },
      // Browser clients may call the token endpoints from the origins of their redirect URIs.
      clientBasedCORS: (_ctx: unknown, origin: string, client: { redirectUris?: string[] }) =>
        (client.redirectUris ?? []).some((uri) => URL.canParse(uri) && new URL(uri).origin === origin),
      rotateRefreshToken: true,
      clockTolerance: ACCESS_TOKEN_CLOCK_TOLERANCE,
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${oauth.serverPath}/interaction/${interaction.uid}` },
      findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
      extraTokenClaims: async (_ctx: unknown, token: { kind: string; accountId?: string }) =>
        token.kind === 'AccessToken' && token.accountId ? { groups: await accountGroups(state, token.accountId) } : undefined,
      // Client JWKS and client metadata documents are fetched under the egress policy.
      fetch: egressFetch(egress.dispatcher),
      renderError: (ctx: { type: string; body: string }, out: { error?: string; error_description?: string }) => {
        ctx.type = 'html';
        ctx.body = `<!doctype html><meta charset="utf-8"><title>Sign-in error</title><p>${escapeHtml(out.error ?? 'error')}: ${escapeHtml(out.error_description ?? '')}</p>`;
      },
    });
    provider.proxy = this.deps.trustProxy ?? false;
    provider.on('server_error', (_ctx: unknown, err: Error) => this.deps.log.error('authorization server error', { gateway_id: oauth.gatewayId, error: err.message }));
    return { oauth, issuer, origin, provider, state, handle: provider.callback() };
  }
}
