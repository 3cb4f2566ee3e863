/* Generated from schemas/records/consumer.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * The owning gateway.
 */
export type RecordId1 = string;
/**
 * Lowercase DNS label, unique within the gateway: the first proxy path segment (`/{slug}/v1/chat/completions`). Reserved: v1, v1beta, v2, healthz, health, readyz, metrics.
 */
export type DnsLabel = string;
/**
 * An LLM or MCP registry of the same gateway.
 */
export type RecordId2 = string;
/**
 * The registry this policy applies to.
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
 * The identity of a calling application: its slug in proxy paths, how it is routed (inline registries or roles chosen by identity-token claims), model policies, balancing, fallback and the attached auths, policies and roles.
 */
export interface Consumer {
  id: RecordId;
  gateway_id: RecordId1;
  slug: DnsLabel;
  /**
   * Display name.
   */
  name?: string;
  /**
   * `inline`: the consumer's own registries; `role_based`: the registries of the roles its caller's identity token selects.
   */
  routing_mode: 'inline' | 'role_based';
  /**
   * The inline registry association set, each with a balancing weight.
   */
  registries: {
    registry_id: RecordId2;
    /**
     * Weight under weighted balancing.
     */
    weight?: number;
  }[];
  /**
   * Per-registry model allow-lists and defaults.
   */
  model_policies?: ModelPolicy[];
  /**
   * How `auto` and provider references pick among several registries.
   */
  load_balancing?: {
    /**
     * Balancing strategy; `smart` routes by prompt complexity tier, `latency` by peak-EWMA latency (power of two choices), `cost` to the cheapest priced model.
     */
    strategy: 'smart' | 'round_robin' | 'weighted' | 'least_connections' | 'random' | 'latency' | 'cost';
    /**
     * Smart routing: the model reference used per prompt complexity tier.
     */
    tiers?: {
      /**
       * Model reference for simple prompts.
       */
      simple?: string;
      /**
       * Model reference for medium prompts.
       */
      medium?: string;
      /**
       * Model reference for hard prompts.
       */
      hard?: string;
    };
  };
  /**
   * The fallback chain tried after the chosen target fails with a trigger.
   */
  fallback?: {
    /**
     * Model references tried in order (`@registry-slug/model`).
     */
    targets: string[];
    /**
     * Triggers (default `429`, `5xx`, `timeout`, `connection`).
     *
     * Items: A failure class: `429`, `5xx`, `4xx`, an exact status (`503`), `timeout`, `connection`, `content_filter` (a filtered answer or a provider refusal error) or `context_length` (the prompt is longer than the model's context window).
     */
    on?: string[];
  };
  /**
   * Named balancing pools callers address as `pool:{name}`.
   */
  pools?: {
    /**
     * Pool name.
     */
    name: string;
    /**
     * Model references of the pool members.
     *
     * @minItems 1
     */
    targets: string[];
    /**
     * Balancing strategy within the pool.
     */
    strategy?: 'round_robin' | 'weighted' | 'least_connections' | 'random' | 'latency' | 'cost';
  }[];
  retry?: RetrySettings;
  timeouts?: TimeoutSettings;
  /**
   * Which tools of its MCP registries the consumer's MCP endpoint offers, enforced on `tools/list` and on `tools/call` (a tool outside them is unknown, JSON-RPC -32602). Absent: every tool.
   */
  tools?: {
    /**
     * Merged tool names (`{registry_slug}__{tool}`) the consumer may see and call; an entry ending in `*` matches every name with that prefix (`jira__*`). Absent: every tool.
     *
     * @maxItems 1000
     */
    allow?: string[];
    /**
     * At most this many tools are offered and callable: the first N by merged name, after the allow-list and the roles' tool sets.
     */
    max_tools?: number;
  };
  /**
   * Free labels (guardrail gates match them as `consumer.tag`).
   */
  tags?: string[];
  /**
   * Attached auths (attach/detach endpoints).
   */
  auth_ids: RecordId4[];
  /**
   * Attached policies (global policies apply without being attached).
   */
  policy_ids: RecordId4[];
  /**
   * Attached roles (role_based consumers only).
   */
  role_ids: RecordId4[];
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
/**
 * Retries of one target with backoff, honouring Retry-After.
 */
export interface RetrySettings {
  /**
   * Retries per target after its first attempt; 0 turns retries off.
   */
  max_retries?: number;
  /**
   * Failures that are retried.
   *
   * Items: A failure class: `429`, `5xx`, `4xx`, an exact status (`503`), `timeout`, `connection`, `content_filter` (a filtered answer or a provider refusal error) or `context_length` (the prompt is longer than the model's context window).
   */
  on?: string[];
  /**
   * Backoff before the first retry.
   */
  initial_delay_ms?: number;
  /**
   * Upper bound of one backoff.
   */
  max_delay_ms?: number;
  /**
   * Growth of the backoff per retry.
   */
  multiplier?: number;
  /**
   * Share of each backoff drawn at random (0: none, 1: anywhere between 0 and the backoff).
   */
  jitter?: number;
  /**
   * Wait at least the upstream's Retry-After before retrying.
   */
  respect_retry_after?: boolean;
  /**
   * A Retry-After longer than this is not waited for: the chain moves to the next target instead.
   */
  max_retry_after_ms?: number;
}
/**
 * Time limits of the upstream attempts.
 */
export interface TimeoutSettings {
  /**
   * One attempt: the longest wait for the upstream's response headers, and between two body chunks.
   */
  attempt_ms?: number;
  /**
   * All attempts, retries and backoff waits together, until an upstream answers; no attempt or wait starts beyond it. A stream that has started is not cut by it.
   */
  total_ms?: number;
}
