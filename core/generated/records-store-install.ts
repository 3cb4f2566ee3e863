/* Generated from schemas/records/store-install.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * The owning gateway.
 */
export type RecordId1 = string;
/**
 * The Store server record.
 */
export type RecordId2 = string;
/**
 * The chosen instance (an MCP registry id); absent when the server is installed from its `base_url`.
 */
export type RecordId3 = string;
/**
 * The approval request it came from, when one was needed.
 */
export type RecordId4 = string;
/**
 * When the record was created.
 */
export type Timestamp = string;
/**
 * When the record last changed.
 */
export type Timestamp1 = string;

/**
 * A Store server installed for one user (`principal_sub`): an MCP registry binding seen in that user's toolkit only. One per user and server code.
 */
export interface StoreInstall {
  id: RecordId;
  gateway_id: RecordId1;
  /**
   * Subject of the user it is installed for.
   */
  principal_sub: string;
  /**
   * The Store server's code.
   */
  code: string;
  server_id: RecordId2;
  instance_id?: RecordId3;
  /**
   * Always `installed` (an uninstall deletes the record).
   */
  status: 'installed';
  approval_id?: RecordId4;
  /**
   * Whether the user's config is stored (sealed; never shown).
   */
  has_config: boolean;
  created_at: Timestamp;
  updated_at: Timestamp1;
}
