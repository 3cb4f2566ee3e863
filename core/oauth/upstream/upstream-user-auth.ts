/**
 * Per-user OAuth to MCP servers, as the consumer toolkit uses it: for a registry with
 * `auth.oauth`, the caller's own token at that server (read once, then from memory; refreshed
 * shortly before it expires) becomes the upstream target's `Authorization: Bearer`, under a
 * pooling key of its own, so each user gets their own connection and tool list. A caller without
 * a token (or whose refresh was refused) gets `UpstreamConnectRequired` (-32042) with a link to
 * the connect page. The client's own credential is never part of the target.
 */
import { createHash } from 'node:crypto';
import type { Egress } from '../../http/egress-dispatcher.js';
import type { Logger } from '../../logging/logger.js';
import type { Exchange } from '../../pipeline/exchange.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { RegistryView } from '../../snapshot/views.js';
import type { Store } from '../../store/types.js';
import type { UpstreamTarget } from '../../mcp/upstream/upstream-target.js';
import { ConnectTicketSeal, CONNECT_TICKET_KEY_PURPOSE } from './connect-ticket.js';
import { connectPath } from './connect-paths.js';
import { UpstreamConnectRequired } from './connect-required.js';
import { UpstreamAuthorizationServers, type UpstreamOAuthClient } from './upstream-authorization-server.js';
import { upstreamUserKey } from './upstream-user-key.js';
import { UserTokenStore, type TokenSlot, type UserTokens } from './user-token-store.js';

export interface UpstreamUserAuthOptions {
  store: Store;
  secretBox: SecretBox;
  egress: Egress;
  log: Logger;
  /** Called with the pooling key of a user's target that is no longer used (a new token), so its connection closes. */
  retire?(key: string): void;
}

/** A token is refreshed this long before it expires. */
const REFRESH_MARGIN_MS = 30_000;
/** The most per-user targets kept; the oldest is retired first. */
const TARGET_LIMIT = 10_000;

export class UpstreamUserAuth {
  readonly tickets: ConnectTicketSeal;
  readonly tokens: UserTokenStore;
  readonly servers: UpstreamAuthorizationServers;
  private readonly clients = new WeakMap<RegistryView, { client: UpstreamOAuthClient; slot: TokenSlot }>();
  /** The current target per (gateway, registry, user), with the token it carries. */
  private readonly targets = new Map<string, { token: string; target: UpstreamTarget }>();
  /** Refreshes in flight, so concurrent calls of one user refresh once. */
  private readonly refreshing = new Map<string, Promise<UserTokens | undefined>>();

  constructor(private readonly options: UpstreamUserAuthOptions) {
    this.tickets = new ConnectTicketSeal(options.secretBox.deriveKey(CONNECT_TICKET_KEY_PURPOSE));
    this.tokens = new UserTokenStore(options.store, options.secretBox);
    this.servers = new UpstreamAuthorizationServers(options.egress);
  }

  /** The registry's upstream OAuth client (its secret opened once per snapshot view); undefined when it uses no per-user OAuth. */
  clientOf(registry: RegistryView): UpstreamOAuthClient | undefined {
    return this.settingsOf(registry)?.client;
  }

  /** Where the users' tokens for `registry` are kept (bound to its server and authorization server). */
  slotOf(registry: RegistryView): TokenSlot {
    return this.settingsOf(registry)!.slot;
  }

  private settingsOf(registry: RegistryView): { client: UpstreamOAuthClient; slot: TokenSlot } | undefined {
    const oauth = registry.record.auth?.oauth;
    if (!oauth || registry.type !== 'MCP') return undefined;
    let settings = this.clients.get(registry);
    if (!settings) {
      const client: UpstreamOAuthClient = Object.freeze({
        issuer: oauth.issuer,
        clientId: oauth.client_id,
        clientSecret: oauth.client_secret_sealed ? this.options.secretBox.open(oauth.client_secret_sealed) : undefined,
        scopes: Object.freeze([...(oauth.scopes ?? [])]),
      });
      const binding = createHash('sha256').update(`${registry.baseUrl}\n${oauth.issuer}\n${oauth.client_id}`).digest('base64url').slice(0, 16);
      settings = { client, slot: Object.freeze({ gatewayId: registry.gatewayId, registryId: registry.id, binding }) };
      this.clients.set(registry, settings);
    }
    return settings;
  }

  /**
   * The caller's own target for `registry` (`base` with the user's bearer token and a key of its
   * own); throws `UpstreamConnectRequired` when the caller has no usable token.
   */
  async targetFor(registry: RegistryView, base: UpstreamTarget, ctx: Exchange): Promise<UpstreamTarget> {
    const client = this.clientOf(registry)!;
    const userKey = upstreamUserKey(ctx.principal!);
    const tokens = await this.usableTokens(registry, client, userKey);
    if (!tokens) throw new UpstreamConnectRequired(registry.slug, this.connectUrl(ctx, registry, userKey));
    const id = `${registry.gatewayId}|${registry.id}|${userKey}`;
    const known = this.targets.get(id);
    if (known && known.token === tokens.accessToken && known.target.url === base.url && known.target.key.startsWith(`${base.key}:`)) return known.target;
    const user = createHash('sha256').update(`${userKey}\n${tokens.accessToken}`).digest('base64url').slice(0, 22);
    const target: UpstreamTarget = Object.freeze({
      registryId: base.registryId, registrySlug: base.registrySlug, url: base.url,
      headers: Object.freeze({ authorization: `Bearer ${tokens.accessToken}` }),
      key: `${base.key}:user:${user}`,
    });
    if (known) this.options.retire?.(known.target.key);
    this.targets.delete(id);
    if (this.targets.size >= TARGET_LIMIT) {
      const [oldest, entry] = this.targets.entries().next().value!;
      this.targets.delete(oldest);
      this.options.retire?.(entry.target.key);
    }
    this.targets.set(id, { token: tokens.accessToken, target });
    return target;
  }

  /**
   * The server refused the caller's token (HTTP 401: revoked or expired there): its tokens are
   * forgotten, and the answer is the -32042 asking the caller to connect again.
   */
  async refused(registry: RegistryView, ctx: Exchange): Promise<UpstreamConnectRequired> {
    const userKey = upstreamUserKey(ctx.principal!);
    const id = `${registry.gatewayId}|${registry.id}|${userKey}`;
    const known = this.targets.get(id);
    this.targets.delete(id);
    if (known) this.options.retire?.(known.target.key);
    await this.tokens.drop(this.slotOf(registry), userKey);
    return new UpstreamConnectRequired(registry.slug, this.connectUrl(ctx, registry, userKey));
  }

  /** The user's tokens, refreshed when they are about to expire; undefined when none can be used. */
  private async usableTokens(registry: RegistryView, client: UpstreamOAuthClient, userKey: string): Promise<UserTokens | undefined> {
    const slot = this.slotOf(registry);
    const tokens = await this.tokens.get(slot, userKey);
    if (!tokens || tokens.expiresAt === undefined || tokens.expiresAt - REFRESH_MARGIN_MS > Date.now()) return tokens;
    if (!tokens.refreshToken) return undefined;
    const id = `${registry.gatewayId}|${registry.id}|${userKey}`;
    let refresh = this.refreshing.get(id);
    if (!refresh) {
      refresh = this.servers.refresh(client, tokens.refreshToken, registry.baseUrl).then(
        (answer) => this.tokens.put(slot, userKey, answer, tokens.refreshToken),
        async (err: Error) => {
          // Refused (revoked, expired): the user connects again. Never log the token.
          this.options.log.info('upstream OAuth refresh refused: the user must connect again', { registry_id: registry.id, reason: err.message });
          await this.tokens.drop(slot, userKey).catch(() => undefined);
          return undefined;
        },
      );
      this.refreshing.set(id, refresh);
      void refresh.finally(() => this.refreshing.delete(id));
    }
    return refresh;
  }

  /** The connect page's absolute URL with a fresh single-use link for this user. */
  private connectUrl(ctx: Exchange, registry: RegistryView, userKey: string): string {
    const gatewaySlug = ctx.snapshot.gateway(registry.gatewayId)?.slug ?? '';
    const url = new URL(connectPath(gatewaySlug, registry.slug), originOf(ctx));
    url.searchParams.set('link', this.tickets.issue(registry.gatewayId, userKey, registry.id));
    return url.href;
  }
}

/**
 * The origin the caller reached: the audience of the gateway's own token (checked to be this
 * endpoint), else the request's Host on the proxy port's plain HTTP.
 */
function originOf(ctx: Exchange): string {
  const aud = ctx.principal?.kind === 'oauth' ? ctx.principal.claims?.aud : undefined;
  const audience = Array.isArray(aud) ? aud[0] : aud;
  if (typeof audience === 'string') {
    try {
      return new URL(audience).origin;
    } catch {
      // Fall through to the Host header.
    }
  }
  const host = ctx.incoming.headers.host;
  return `http://${Array.isArray(host) ? host[0] : (host ?? 'localhost')}`;
}
