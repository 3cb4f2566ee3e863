/* Generated from schemas/records/gateway.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * Unique lowercase DNS label naming the gateway (`X-AG-Gateway-Slug`); random when omitted on create.
 */
export type DnsLabel = string;
/**
 * When the record was created.
 */
export type Timestamp = string;
/**
 * When the record last changed.
 */
export type Timestamp1 = string;

/**
 * The top-level tenant record: it owns registries, consumers, roles, policies, auths and vault credentials. Deleting it deletes all of them.
 */
export interface Gateway {
  id: RecordId;
  slug: DnsLabel;
  /**
   * Display name.
   */
  name?: string;
  /**
   * The tenant owning the gateway: the `tenant_id` claim of a tenant admin token, or chosen by a platform admin.
   */
  tenant_id: string;
  /**
   * What the tenant has bought, stamped by a platform admin. It is a tenant-wide setting: every gateway of the tenant carries the same value.
   */
  entitlements: {
    /**
     * Plan tier, lowest first: free, team, enterprise.
     */
    tier: 'free' | 'team' | 'enterprise';
    /**
     * Numeric caps of the plan by name (for example `requests_per_minute`).
     */
    caps: {
      [k: string]: number;
    };
    /**
     * How many gateways the tenant may own (at most 100000).
     */
    max_instances: number;
  };
  created_at: Timestamp;
  updated_at: Timestamp1;
}
