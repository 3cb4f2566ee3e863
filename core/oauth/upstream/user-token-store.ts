/**
 * Each user's tokens at the MCP servers that need their own login, kept in the store
 * (`mcp_user_tokens`, one document per (gateway, user, registry), both tokens sealed with the
 * master key) so they survive restarts and are shared by processes on one store; plus the
 * connect flows in progress (`mcp_connect_flows`: single-use states and used links, expiring by
 * a TTL index). A process keeps the tokens it has read in memory (bounded), so a user's calls
 * read the store once, not per request.
 */
import { createHash } from 'node:crypto';
import type { SealedSecret, SecretBox } from '../../security/secret-box.js';
import type { Store } from '../../store/types.js';
import type { UpstreamTokenAnswer } from './upstream-authorization-server.js';

export const UPSTREAM_OAUTH_COLLECTIONS = {
  tokens: 'mcp_user_tokens',
  flows: 'mcp_connect_flows',
} as const;

/**
 * Where a user's tokens for one registry are kept: the registry, and a binding to its server and
 * authorization server (base URL, issuer, client id), so a token is never sent to a server other
 * than the one it was issued for: changing any of them means users connect again.
 */
export interface TokenSlot {
  gatewayId: string;
  registryId: string;
  binding: string;
}

/** A user's tokens for one registry, opened. */
export interface UserTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds; undefined: the server did not say (used until it refuses). */
  expiresAt?: number;
}

/** A connect flow between the redirect to the upstream server and its callback. */
export interface ConnectFlow {
  gatewayId: string;
  userKey: string;
  registryId: string;
  verifier: string;
  /** Hash of the browser cookie set when the flow started: the callback must come from that browser. */
  browserHash: string;
}

interface TokenDoc {
  _id: string;
  gateway_id: string;
  registry_id: string;
  user_key: string;
  access_token_sealed: SealedSecret;
  refresh_token_sealed?: SealedSecret;
  expires_at_ms?: number;
  updated_at: string;
  [key: string]: unknown;
}

/** The most tokens a process keeps in memory; the oldest read is dropped first. */
const MEMORY_LIMIT = 10_000;

const tokenId = (slot: TokenSlot, userKey: string) =>
  `${slot.gatewayId}|${slot.registryId}|${slot.binding}|${createHash('sha256').update(userKey).digest('base64url')}`;

export class UserTokenStore {
  private ready?: Promise<void>;
  /** Tokens by document id; `null`: the user has none (until a connect in this process or `NONE_TTL_MS`). */
  private readonly memory = new Map<string, { tokens: UserTokens | null; readAt: number }>();

  constructor(private readonly store: Store, private readonly box: SecretBox) {}

  /** How long "not connected" is believed before the store is asked again (a connect on another process). */
  static readonly NONE_TTL_MS = 5_000;

  /** The user's tokens for the registry, from memory or the store; undefined when not connected. */
  async get(slot: TokenSlot, userKey: string): Promise<UserTokens | undefined> {
    const id = tokenId(slot, userKey);
    const known = this.memory.get(id);
    if (known && (known.tokens || Date.now() - known.readAt < UserTokenStore.NONE_TTL_MS)) return known.tokens ?? undefined;
    await this.ensure();
    const doc = (await this.store.collection<TokenDoc>(UPSTREAM_OAUTH_COLLECTIONS.tokens).findOne({ _id: id })) as TokenDoc | null;
    let tokens: UserTokens | null = null;
    if (doc) {
      try {
        tokens = {
          accessToken: this.box.open(doc.access_token_sealed),
          refreshToken: doc.refresh_token_sealed ? this.box.open(doc.refresh_token_sealed) : undefined,
          expiresAt: doc.expires_at_ms,
        };
      } catch {
        // Sealed under another master key: as good as none; the user connects again.
        tokens = null;
      }
    }
    this.remember(id, tokens);
    return tokens ?? undefined;
  }

  /** Stores a token answer for the user (a refresh answer without a new refresh token keeps the old one). */
  async put(slot: TokenSlot, userKey: string, answer: UpstreamTokenAnswer, previousRefresh?: string): Promise<UserTokens> {
    const id = tokenId(slot, userKey);
    const tokens: UserTokens = { accessToken: answer.accessToken, refreshToken: answer.refreshToken ?? previousRefresh, expiresAt: answer.expiresAt };
    await this.ensure();
    const doc: TokenDoc = {
      _id: id, gateway_id: slot.gatewayId, registry_id: slot.registryId, user_key: userKey,
      access_token_sealed: this.box.seal(tokens.accessToken),
      ...(tokens.refreshToken ? { refresh_token_sealed: this.box.seal(tokens.refreshToken) } : {}),
      ...(tokens.expiresAt !== undefined ? { expires_at_ms: tokens.expiresAt } : {}),
      updated_at: new Date().toISOString(),
    };
    await this.store.collection<TokenDoc>(UPSTREAM_OAUTH_COLLECTIONS.tokens).replaceOne({ _id: id }, doc, { upsert: true });
    this.remember(id, tokens);
    return tokens;
  }

  /** Forgets the user's tokens for the registry (a refused refresh). */
  async drop(slot: TokenSlot, userKey: string): Promise<void> {
    const id = tokenId(slot, userKey);
    this.remember(id, null);
    await this.ensure();
    await this.store.collection(UPSTREAM_OAUTH_COLLECTIONS.tokens).deleteOne({ _id: id });
  }

  /** Records that a connect link was used; false when it already was (links are single-use). */
  async claimLink(linkId: string, expiresAt: number): Promise<boolean> {
    await this.ensure();
    try {
      await this.store.collection(UPSTREAM_OAUTH_COLLECTIONS.flows).insertOne({ _id: `link:${linkId}`, expires_at: new Date(expiresAt) });
      return true;
    } catch {
      return false;
    }
  }

  /** Keeps a flow under its state until `expiresAt`. */
  async startFlow(state: string, flow: ConnectFlow, expiresAt: number): Promise<void> {
    await this.ensure();
    await this.store.collection(UPSTREAM_OAUTH_COLLECTIONS.flows).insertOne({ _id: `state:${state}`, flow: JSON.stringify(flow), expires_at: new Date(expiresAt) });
  }

  /** Takes the flow of `state` (single use); undefined when unknown, used or expired. */
  async takeFlow(state: string): Promise<ConnectFlow | undefined> {
    await this.ensure();
    const flows = this.store.collection(UPSTREAM_OAUTH_COLLECTIONS.flows);
    const doc = await flows.findOne({ _id: `state:${state}` });
    // Only the caller whose delete removed it may use it: a replayed callback finds nothing.
    if (!doc || (await flows.deleteOne({ _id: `state:${state}` })) !== 1) return undefined;
    // A TTL sweep may run late: the expiry is checked on read too.
    if (!doc.expires_at || new Date(doc.expires_at as string).getTime() <= Date.now()) return undefined;
    return JSON.parse(String(doc.flow)) as ConnectFlow;
  }

  private remember(id: string, tokens: UserTokens | null): void {
    this.memory.delete(id);
    if (this.memory.size >= MEMORY_LIMIT) this.memory.delete(this.memory.keys().next().value!);
    this.memory.set(id, { tokens, readAt: Date.now() });
  }

  private ensure(): Promise<void> {
    this.ready ??= Promise.all([
      this.store.ensureCollection(UPSTREAM_OAUTH_COLLECTIONS.tokens, { indexes: [{ key: { gateway_id: 1, registry_id: 1 } }] }),
      this.store.ensureCollection(UPSTREAM_OAUTH_COLLECTIONS.flows, { indexes: [{ key: { expires_at: 1 }, expireAfterSeconds: 0 }] }),
    ]).then(() => undefined);
    this.ready.catch(() => (this.ready = undefined));
    return this.ready;
  }
}
