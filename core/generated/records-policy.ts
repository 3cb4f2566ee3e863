/* Generated from schemas/records/policy.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * The owning gateway.
 */
export type RecordId1 = string;
/**
 * Lowercase DNS label, unique within the gateway; derived from the name when omitted.
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
 * A plugin instance: its type names the plugin, its settings are validated by the plugin's schema, and it runs in its stages for every consumer (global) or for the consumers it is attached to.
 */
export interface Policy {
  id: RecordId;
  gateway_id: RecordId1;
  slug: DnsLabel;
  /**
   * Display name; duplicates are named `<name> 2`, `<name> 3`, ...
   */
  name: string;
  /**
   * The plugin (`GET /v1/catalog/policies`).
   */
  type: string;
  /**
   * Plugin settings, validated by the plugin's settings schema (defaults applied).
   */
  settings: {};
  /**
   * The hooks the policy runs in: a subset of the plugin's stages; all of them when omitted.
   */
  stages?: string[];
  /**
   * Disabled policies are kept but never run.
   */
  enabled: boolean;
  /**
   * Higher runs first within a stage.
   */
  priority: number;
  /**
   * Policies of one stage marked parallel run concurrently.
   */
  parallel: boolean;
  /**
   * Applies to every consumer of the gateway without being attached.
   */
  global: boolean;
  /**
   * Only in the answer to a create or update of a `guardrails` policy that would guard nothing: the policy is saved, and each warning says why its evaluations will not inspect anything. Never stored.
   *
   * Items: One warning.
   */
  warnings?: {
    /**
     * `guardrail_collector_unguarded`: no enabled guardrail policy lists the key's collector, so every evaluation answers allow; `guardrail_key_refused`: the key is inactive or expired; `guardrail_key_unknown`: the key is no collector key of this deployment's guardrail service.
     */
    code: 'guardrail_collector_unguarded' | 'guardrail_key_refused' | 'guardrail_key_unknown';
    /**
     * What the policy will do, naming the collector (never the key) and how to fix it.
     */
    message: string;
  }[];
  created_at: Timestamp;
  updated_at: Timestamp1;
}
