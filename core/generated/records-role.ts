/* Generated from schemas/records/role.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * The owning gateway.
 */
export type RecordId1 = string;
/**
 * The id of a stored record: a UUID string assigned by the gateway.
 */
export type RecordId2 = string;
/**
 * The id of a stored record: a UUID string assigned by the gateway.
 */
export type RecordId3 = string;
/**
 * The id of a stored record: a UUID string assigned by the gateway.
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
 * Identity-based routing: a role is selected by a claim of the caller's identity token and decides which registries, models and tool sets a role_based consumer's caller may use.
 */
export interface Role {
  id: RecordId;
  gateway_id: RecordId1;
  /**
   * Role name, unique within the gateway.
   */
  name: string;
  /**
   * Which tokens select the role: the claim holds at least one of `any_of`. Without it the role applies to every caller.
   */
  match?: {
    /**
     * Claim name (for example `groups`).
     */
    claim: string;
    /**
     * Claim values that select the role.
     *
     * @minItems 1
     */
    any_of: string[];
  };
  /**
   * Registries the role grants (attach/detach endpoints or update).
   */
  registries: RecordId2[];
  /**
   * Per-registry model allow-lists; set on update only, and only for registries already attached to the role.
   */
  model_policies?: ModelPolicy[];
  /**
   * MCP tools the role may use, per MCP registry.
   */
  tool_sets?: {
    registry_id: RecordId4;
    /**
     * Tool names allowed; omitted means every tool of the server.
     */
    tools?: string[];
  }[];
  created_at: Timestamp;
  updated_at: Timestamp1;
}
/**
 * Which models a caller may use on one registry, and the model `auto` resolves to there.
 */
export interface ModelPolicy {
  registry_id: RecordId3;
  /**
   * Model ids the caller may request on this registry; omitted means every model the registry allows.
   */
  allow?: string[];
  /**
   * The model used when the caller asks for `auto` and this registry is chosen.
   */
  default?: string;
}
