/* Generated from schemas/records/machine-credential.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * When the record was created.
 */
export type Timestamp = string;
/**
 * When the record last changed.
 */
export type Timestamp1 = string;

/**
 * A client-credentials pair for automation: `POST /v1/auth/token` exchanges it for a short-lived admin token with the credential's roles and tenant. The secret is shown once, on create, and stored only as a hash; deleting the credential revokes its tokens.
 */
export interface MachineCredential {
  id: RecordId;
  /**
   * Display name.
   */
  name?: string;
  /**
   * Public client id (`mc_...`).
   */
  client_id: string;
  /**
   * The secret: present only in the create response.
   */
  client_secret?: string;
  /**
   * Admin roles the tokens carry.
   *
   * @minItems 1
   */
  roles: ('platform_admin' | 'tenant_admin')[];
  /**
   * Tenant the tokens act for (required for tenant_admin).
   */
  tenant_id?: string;
  /**
   * Subject of the admin who created it.
   */
  created_by?: string;
  created_at: Timestamp;
  updated_at: Timestamp1;
}
