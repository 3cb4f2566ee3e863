/**
 * The OIDC auths of one config snapshot, indexed by issuer, each with its signing-key source.
 * Compiled with the snapshot (a config extension), so no request builds a key set, and a key
 * set fetched once serves every request of the snapshot; a config change brings a new snapshot
 * and so a fresh directory.
 */
import type { JWTVerifyGetKey } from 'jose';
import { defaultEgress, type Egress } from '../../http/egress-dispatcher.js';
import { fetchIdentityDocument, remoteKeySet } from '../../security/remote-key-set.js';
import type { AuthRecord } from '../../records/types.js';
import { registerConfigExtension } from '../../snapshot/extensions.js';
import type { Snapshot, SnapshotIndexes } from '../../snapshot/snapshot.js';
import { appendTo } from '../../collections/map-of-lists.js';

/** The snapshot extension holding the directory. */
export const OIDC_EXTENSION = 'proxy_oidc';

/** How long a discovery document fetch may take. */
const DISCOVERY_TIMEOUT_MS = 5_000;

/**
 * How long a failed discovery stands before a token may try again: tokens come from
 * unauthenticated clients, who must not be able to make the gateway fetch on every request.
 */
const DISCOVERY_RETRY_MS = 30_000;

/** One OIDC auth ready to verify tokens. */
export interface OidcVerifier {
  auth: AuthRecord;
  issuer: string;
  audience?: string;
  /** Claim holding the caller's groups (`groups` by default); a dotted path reaches nested claims. */
  groupsClaim: string;
  /** The issuer's signing keys: `jwks_uri`, or the one the discovery document names. */
  getKey: JWTVerifyGetKey;
}

/**
 * The JWKS URI from the issuer's discovery document (`/.well-known/openid-configuration`),
 * fetched under the egress policy; a `jwks_uri` the policy refuses is not used.
 */
async function discoverJwksUri(issuer: string, egress: Egress): Promise<URL> {
  const response = await fetchIdentityDocument(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    headers: { accept: 'application/json' },
  }, egress.dispatcher);
  if (!response.ok) throw new Error(`OIDC discovery for ${issuer} answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown };
  if (typeof document.jwks_uri !== 'string') throw new Error(`OIDC discovery for ${issuer} names no jwks_uri`);
  const refusal = egress.policy.refusalOfUrl(document.jwks_uri);
  if (refusal) throw new Error(`OIDC discovery for ${issuer}: its jwks_uri ${refusal}`);
  return new URL(document.jwks_uri);
}

/**
 * The key source of an auth: a remote key set, discovered lazily (once) when no `jwks_uri` is
 * set. Both fetch under the egress policy, so a token naming an issuer whose documents live at
 * an internal address fetches nothing and is refused like any token whose key cannot be found.
 */
function keySource(oidc: NonNullable<AuthRecord['oidc']>, egress: Egress): JWTVerifyGetKey {
  if (oidc.jwks_uri) {
    const refusal = egress.policy.refusalOfUrl(oidc.jwks_uri);
    if (refusal) throw new Error(`jwks_uri ${refusal}`);
    return remoteKeySet(new URL(oidc.jwks_uri), egress.dispatcher);
  }
  const refusal = egress.policy.refusalOfUrl(oidc.issuer);
  if (refusal) throw new Error(`issuer ${refusal}`);
  let discovered: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    // A failed discovery stands for DISCOVERY_RETRY_MS, then a later token may try again,
    // rather than failing for the snapshot's whole life.
    discovered ??= discoverJwksUri(oidc.issuer, egress).then(
      (uri) => remoteKeySet(uri, egress.dispatcher),
      (err: unknown) => {
        setTimeout(() => (discovered = undefined), DISCOVERY_RETRY_MS).unref();
        throw err;
      },
    );
    return (await discovered)(header, token);
  };
}

/** A snapshot's OIDC auths by issuer. */
export class OidcDirectory {
  private readonly byIssuer = new Map<string, OidcVerifier[]>();

  /** `egress`: the process's egress policy and dispatcher; the default policy (nothing internal) when absent. */
  constructor(indexes: Pick<SnapshotIndexes, 'oidcAuths'>, egress: Egress = defaultEgress()) {
    for (const auths of indexes.oidcAuths.values()) {
      for (const auth of auths) {
        const oidc = auth.oidc;
        if (!oidc?.issuer) continue;
        let getKey: JWTVerifyGetKey;
        try {
          getKey = keySource(oidc, egress);
        } catch (err) {
          // A malformed or refused jwks_uri disables this auth only.
          const reason = (err as Error).message;
          getKey = () => Promise.reject(new Error(`unusable jwks_uri: ${reason}`));
        }
        const verifier: OidcVerifier = { auth, issuer: oidc.issuer, audience: oidc.audience, groupsClaim: oidc.groups_claim ?? 'groups', getKey };
        appendTo(this.byIssuer, oidc.issuer, verifier);
      }
    }
  }

  /** The auths trusting tokens of `issuer`. */
  forIssuer(issuer: string): readonly OidcVerifier[] {
    return this.byIssuer.get(issuer) ?? [];
  }
}

registerConfigExtension({ name: OIDC_EXTENSION, collections: [], compile: (_document, indexes, context) => new OidcDirectory(indexes, context?.egress) });

/** Directories of snapshots built without the extension (a bare buildSnapshot), made on first use. */
const lateDirectories = new WeakMap<Snapshot, OidcDirectory>();

/** The snapshot's directory: the one compiled with it, else one made once and kept with it. */
export function oidcDirectory(snapshot: Snapshot): OidcDirectory {
  const compiled = snapshot.extensions.get(OIDC_EXTENSION);
  if (compiled instanceof OidcDirectory) return compiled;
  let directory = lateDirectories.get(snapshot);
  if (!directory) {
    directory = new OidcDirectory(snapshot.indexes);
    lateDirectories.set(snapshot, directory);
  }
  return directory;
}
