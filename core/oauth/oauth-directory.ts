/**
 * The gateways with OAuth configured in one config snapshot, compiled once with it (a config
 * extension, so data planes receive it like the rest of the config): each gateway's identity
 * provider settings and the clients revoked within the last access-token lifetime. Token
 * verification and the authorization server read it instead of the store.
 */
import type { KeyObject } from 'node:crypto';
import type { SealedSecret } from '../security/secret-box.js';
import { registerConfigExtension } from '../snapshot/extensions.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { OAUTH_COLLECTIONS, authorizationServerPath, type OAuthConfigRecord } from './oauth-records.js';
import { publicKeyOf, type StoredSigningKey } from './signing-key.js';

/** The snapshot extension holding the directory. */
export const OAUTH_EXTENSION = 'oauth';

/** One gateway's OAuth settings as the snapshot holds them. */
export interface GatewayOAuth {
  gatewayId: string;
  gatewaySlug: string;
  /** Path of the gateway's authorization server (`/{gateway_slug}/oauth`). */
  serverPath: string;
  /** The identity provider. */
  idp: { issuer: string; clientId: string; clientSecret: SealedSecret; groupsClaim: string };
  /** The token signing key: stored (the authorization server opens its private half) and the public key tokens verify against. */
  signingKey: StoredSigningKey;
  publicKey: KeyObject;
  /** Client ids whose access tokens are refused. */
  revokedClients: ReadonlySet<string>;
  /** Identifies the identity provider settings and key: a change gets a fresh authorization server (a revocation does not). */
  version: string;
}

/** A snapshot's OAuth-enabled gateways, by id and by the path of their authorization server. */
export class OAuthDirectory {
  private readonly byGatewayId = new Map<string, GatewayOAuth>();
  private readonly bySlug = new Map<string, GatewayOAuth>();

  constructor(records: readonly OAuthConfigRecord[], gatewaySlugs: ReadonlyMap<string, string>) {
    for (const record of records) {
      const gatewaySlug = gatewaySlugs.get(record.gateway_id);
      if (!gatewaySlug) continue;
      const entry: GatewayOAuth = {
        gatewayId: record.gateway_id,
        gatewaySlug,
        serverPath: authorizationServerPath(gatewaySlug),
        idp: { issuer: record.issuer, clientId: record.client_id, clientSecret: record.client_secret_sealed, groupsClaim: record.groups_claim ?? 'groups' },
        signingKey: record.signing_key,
        publicKey: publicKeyOf(record.signing_key),
        revokedClients: new Set((record.revoked_clients ?? []).map((r) => r.client_id)),
        version: [record.issuer, record.client_id, record.client_secret_sealed.data, record.groups_claim, record.signing_key.kid].join('|'),
      };
      this.byGatewayId.set(entry.gatewayId, entry);
      this.bySlug.set(gatewaySlug, entry);
    }
  }

  forGateway(gatewayId: string): GatewayOAuth | undefined {
    return this.byGatewayId.get(gatewayId);
  }

  forGatewaySlug(gatewaySlug: string): GatewayOAuth | undefined {
    return this.bySlug.get(gatewaySlug);
  }

  /** Every OAuth-enabled gateway. */
  all(): IterableIterator<GatewayOAuth> {
    return this.byGatewayId.values();
  }

  get size(): number {
    return this.byGatewayId.size;
  }
}

registerConfigExtension({
  name: OAUTH_EXTENSION,
  collections: [OAUTH_COLLECTIONS.configs],
  compile: (document) => {
    const records = (document.extensions?.[OAUTH_COLLECTIONS.configs] ?? []) as OAuthConfigRecord[];
    return new OAuthDirectory(records, new Map(document.gateways.map((g) => [g._id, g.slug])));
  },
});

/** Directories of snapshots built without the extension, made on first use. */
const lateDirectories = new WeakMap<Snapshot, OAuthDirectory>();

/** The snapshot's OAuth directory. */
export function oauthDirectory(snapshot: Snapshot): OAuthDirectory {
  const compiled = snapshot.extensions.get(OAUTH_EXTENSION);
  if (compiled instanceof OAuthDirectory) return compiled;
  let directory = lateDirectories.get(snapshot);
  if (!directory) {
    const records = (snapshot.document.extensions?.[OAUTH_COLLECTIONS.configs] ?? []) as OAuthConfigRecord[];
    directory = new OAuthDirectory(records, new Map(snapshot.document.gateways.map((g) => [g._id, g.slug])));
    lateDirectories.set(snapshot, directory);
  }
  return directory;
}
