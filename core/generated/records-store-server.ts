/* Generated from schemas/records/store-server.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * The owning gateway.
 */
export type RecordId1 = string;
/**
 * An MCP registry of the gateway.
 */
export type RecordId2 = string;
/**
 * When the record was created.
 */
export type Timestamp = string;
/**
 * When the record last changed.
 */
export type Timestamp1 = string;

/**
 * An MCP server of a gateway's Store: what users may install, and what an install of it needs (admin setup, per-user config validated by its JSON Schema, the user's own sign-in to the server, a choice between instances).
 */
export interface StoreServer {
  id: RecordId;
  gateway_id: RecordId1;
  /**
   * The code installs and access rules name; unique within the gateway. Also the registry slug of its merged tool names (`{code}__{tool}`) when it is installed from `base_url`.
   */
  code: string;
  /**
   * Display name.
   */
  name: string;
  /**
   * What the server offers.
   */
  description?: string;
  /**
   * The server's Streamable HTTP endpoint, used when it has no `instances`.
   */
  base_url?: string;
  /**
   * Each user gives a `config` object at install, validated against `config_schema`.
   */
  requires_config: boolean;
  /**
   * JSON Schema (2020-12) of the per-user config. A top-level property marked `x-header` (a header name) is sent as that header on the installing user's calls to the server, and only on theirs; properties without it are kept, never sent.
   */
  config_schema?: {};
  /**
   * Users sign in to the server themselves (per-user upstream OAuth): every instance's registry must have `auth.oauth`, and the install answer says so; the user's first call is answered with the gateway's connect page.
   */
  requires_auth: boolean;
  /**
   * An admin must finish setting the server up (then set this to false) before anyone can install it.
   */
  requires_admin_setup: boolean;
  /**
   * Deployments of the server as MCP registries of the gateway; with more than one the user chooses (`instance_id`).
   *
   * @maxItems 100
   */
  instances: {
    /**
     * What the user sees when choosing.
     */
    name: string;
    registry_id: RecordId2;
  }[];
  created_at: Timestamp;
  updated_at: Timestamp1;
}
