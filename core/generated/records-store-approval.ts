/* Generated from schemas/records/store-approval.schema.json by `npm run gen:types`. Do not edit. */

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
 * The chosen instance (an MCP registry id), when the server has instances.
 */
export type RecordId3 = string;
/**
 * When it was decided.
 */
export type Timestamp = string;
/**
 * The install an approval made (or found already there).
 */
export type RecordId4 = string;
/**
 * When the record was created.
 */
export type Timestamp1 = string;
/**
 * When the record last changed.
 */
export type Timestamp2 = string;

/**
 * A request to install a Store server that the user's access level puts behind an approver. `pending` until decided: `approved` (the server is installed) or `denied` (with the approver's reason).
 */
export interface StoreApproval {
  id: RecordId;
  gateway_id: RecordId1;
  /**
   * Subject of the requesting user.
   */
  principal_sub: string;
  /**
   * The user's groups when asking.
   */
  groups: string[];
  /**
   * The Store server's code.
   */
  code: string;
  server_id: RecordId2;
  instance_id?: RecordId3;
  /**
   * The requester's words, for the approver.
   */
  reason: string;
  /**
   * `pending`, then `approved` or `denied` (final).
   */
  status: 'pending' | 'approved' | 'denied';
  /**
   * Why the approver denied it.
   */
  deny_reason?: string;
  /**
   * Subject of the admin who decided.
   */
  decided_by?: string;
  decided_at?: Timestamp;
  install_id?: RecordId4;
  /**
   * Whether the user's config is stored with the request (sealed; never shown).
   */
  has_config: boolean;
  created_at: Timestamp1;
  updated_at: Timestamp2;
}
