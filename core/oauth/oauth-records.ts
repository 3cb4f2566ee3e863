/**
 * The stored shapes of the gateway's OAuth authorization server: the per-gateway configuration
 * (a config record: it travels in the config document to every data plane, its secret sealed)
 * and the authorization server's own state (clients, grants, codes, sessions, refresh tokens,
 * interactions, federated logins), which lives only in the store.
 */
import type { SealedSecret } from '../security/secret-box.js';
import type { StoredSigningKey } from './signing-key.js';

/** Collection names. */
export const OAUTH_COLLECTIONS = {
  /** One record per gateway with OAuth configured (a config collection). */
  configs: 'oauth_configs',
  /** The authorization server's state, one document per stored artifact. */
  state: 'oauth_state',
} as const;

/** A client revoked through the admin API: its access tokens are refused until they would have expired anyway. */
export interface RevokedClient {
  client_id: string;
  /** ISO time of the revocation. */
  revoked_at: string;
}

/** A gateway's OAuth configuration as stored. */
export interface OAuthConfigRecord {
  _id: string;
  gateway_id: string;
  /** The identity provider's issuer. */
  issuer: string;
  /** The gateway's client id at the identity provider. */
  client_id: string;
  /** The gateway's client secret at the identity provider, sealed (SecretBox). */
  client_secret_sealed: SealedSecret;
  groups_claim: string;
  /** The gateway's token signing key (signing-key.ts). */
  signing_key: StoredSigningKey;
  /** Clients revoked within the last access-token lifetime (older entries are pruned on write). */
  revoked_clients?: RevokedClient[];
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

/** The path of a gateway's authorization server on the proxy port; its issuer is the origin followed by it. */
export const authorizationServerPath = (gatewaySlug: string): string => `/${gatewaySlug}/oauth`;

/** The path of a gateway's login callback (the redirect URI to register at the identity provider). */
export const loginCallbackPath = (gatewaySlug: string): string => `${authorizationServerPath(gatewaySlug)}/callback`;
