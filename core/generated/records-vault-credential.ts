/* Generated from schemas/records/vault-credential.schema.json by `npm run gen:types`. Do not edit. */

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
 * A stored secret (an upstream key) that registries reference by id. The secret is write-only: encrypted at rest (AES-256-GCM) and never returned.
 */
export interface VaultCredential {
  id: RecordId;
  gateway_id: RecordId1;
  /**
   * Display name.
   */
  name: string;
  /**
   * Free text.
   */
  description?: string;
  /**
   * The secret value. Write-only.
   */
  secret?: string;
  created_at: Timestamp;
  updated_at: Timestamp1;
}
