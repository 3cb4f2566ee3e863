/* Generated from schemas/records/oauth-config.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * The owning gateway.
 */
export type RecordId1 = string;
/**
 * When the record was created.
 */
export type Timestamp = string;
/**
 * When the record last changed.
 */
export type Timestamp1 = string;

/**
 * A gateway's OAuth 2.0 authorization server: the operator's identity provider (OIDC) that agents log in through. One per gateway. The client secret is write-only: sealed at rest (AES-256-GCM) and never returned.
 */
export interface OAuthConfig {
  id: RecordId;
  gateway_id: RecordId1;
  /**
   * The identity provider's issuer; its discovery document is read from `{issuer}/.well-known/openid-configuration` under the egress policy.
   */
  issuer: string;
  /**
   * The gateway's client id at the identity provider.
   */
  client_id: string;
  /**
   * The gateway's client secret at the identity provider. Write-only.
   */
  client_secret?: string;
  /**
   * Claim of the identity provider's id_token holding the user's groups; a dotted path reaches nested claims (`realm_access.roles`).
   */
  groups_claim: string;
  /**
   * Path of this gateway's authorization server (its issuer is the proxy origin followed by this path).
   */
  authorization_server: string;
  /**
   * Path of the login callback to register at the identity provider, after the proxy origin.
   */
  redirect_uri: string;
  created_at: Timestamp;
  updated_at: Timestamp1;
}
