/* Generated from schemas/records/auth.schema.json by `npm run gen:types`. Do not edit. */

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
 * A consumer credential: an `ag_` API key (shown once, on create; stored as a SHA-256 hash) or an OIDC identity provider whose tokens are accepted.
 */
export interface Auth {
  id: RecordId;
  gateway_id: RecordId1;
  /**
   * Display name.
   */
  name: string;
  /**
   * `api_key` or `oidc`.
   */
  type: 'api_key' | 'oidc';
  /**
   * The `ag_` key: present only in the create response of an api_key auth, never again.
   */
  key?: string;
  /**
   * First characters of the key, to recognise it.
   */
  key_prefix?: string;
  /**
   * Last four characters of the key.
   */
  key_last4?: string;
  /**
   * OIDC settings (type `oidc`).
   */
  oidc?: {
    /**
     * Token issuer (`iss`).
     */
    issuer: string;
    /**
     * Expected audience (`aud`).
     */
    audience?: string;
    /**
     * Where the issuer's signing keys are published.
     */
    jwks_uri?: string;
    /**
     * Claim holding the caller's groups, used for role selection.
     */
    groups_claim?: string;
  };
  created_at: Timestamp;
  updated_at: Timestamp1;
}
