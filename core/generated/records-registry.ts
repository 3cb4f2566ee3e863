/* Generated from schemas/records/registry.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Record id.
 */
export type RecordId = string;
/**
 * The owning gateway.
 */
export type RecordId1 = string;
/**
 * Lowercase DNS label, unique within the gateway; model references use it (`@openai-main/gpt-4o`). Derived from the provider when omitted on create.
 */
export type DnsLabel = string;
/**
 * Id of a vault credential of the same gateway holding the key.
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
 * An upstream backend of a gateway: an LLM provider endpoint or an MCP tool server, with its credentials, options and optional health check.
 */
export interface Registry {
  id: RecordId;
  gateway_id: RecordId1;
  slug: DnsLabel;
  /**
   * Display name.
   */
  name?: string;
  /**
   * `LLM` for a model provider, `MCP` for a tool server.
   */
  type: 'LLM' | 'MCP';
  /**
   * For LLM registries a provider id of `GET /v1/catalog/providers`; for MCP registries `mcp` (a Streamable HTTP server) or the Store code it was installed from.
   */
  provider: string;
  /**
   * Upstream base URL; the catalog default when omitted (required for providers without one, such as azure-openai, and for MCP servers: their endpoint URL).
   */
  base_url?: string;
  /**
   * How the gateway authenticates upstream: an inline key (write-only, sealed at rest), a vault credential reference, or (MCP registries) each user's own OAuth login at the server's authorization server.
   */
  auth?: {
    /**
     * Inline upstream key. Write-only: stored encrypted and never returned.
     */
    api_key?: string;
    credential_id?: RecordId2;
    /**
     * Header carrying the key when it differs from the provider's (MCP servers: default `authorization` with `Bearer `).
     */
    header?: string;
    /**
     * Whether an inline key is stored (the key itself is never shown).
     */
    has_api_key?: boolean;
    /**
     * MCP registries only: the server needs each user's own OAuth token. The gateway runs the authorization code flow (S256 PKCE) for each user at this authorization server, keeps the user's tokens sealed, and sends the user's token upstream, never the client's.
     */
    oauth?: {
      /**
       * The upstream authorization server's issuer; its metadata is read at `{issuer}/.well-known/oauth-authorization-server` (RFC 8414), else `{issuer}/.well-known/openid-configuration`.
       */
      issuer: string;
      /**
       * The gateway's client id at the upstream authorization server.
       */
      client_id: string;
      /**
       * The gateway's client secret there (HTTP Basic at the token endpoint). Write-only: sealed at rest, never returned; omit it for a public client.
       */
      client_secret?: string;
      /**
       * Scopes asked for at the upstream authorization server.
       *
       * @maxItems 50
       */
      scopes?: string[];
      /**
       * Whether a client secret is stored (the secret itself is never shown).
       */
      has_client_secret?: boolean;
    };
  };
  /**
   * Provider options (LLM registries) and tool options (MCP registries: `tool_aliases`).
   */
  options?: {
    /**
     * Cloud-hosted (azure-openai) `api-version` query parameter.
     */
    api_version?: string;
    /**
     * Cloud-hosted (azure-openai) deployments: model id to deployment name. These are the registry's invokable models.
     */
    deployments?: {
      [k: string]: string;
    };
    /**
     * Model prices for this registry in US dollars per million tokens, overriding the built-in price catalog (core/providers/prices.json) for dollar budgets (token_rate_limiter). Keyed by model id or deployment name. Each price is at most 100000 (dollars per million tokens).
     */
    prices?: {
      [k: string]: {
        /**
         * Uncached prompt tokens.
         */
        input: number;
        /**
         * Completion tokens, reasoning included.
         */
        output: number;
        /**
         * Prompt tokens read from the provider's cache; default: input.
         */
        cached_input?: number;
        /**
         * Prompt tokens written to the provider's cache; default: input.
         */
        cache_write?: number;
      };
    };
    /**
     * MCP registries only: tool name on the server -> the name clients see after the registry slug (`{registry_slug}__{alias}`). Renames a tool whose merged name would collide with another tool of the server or exceed 64 characters; the admin API refuses a save that leaves such a conflict (422 `tool_name_conflict`).
     */
    tool_aliases?: {
      /**
       * The alias: letters, digits, `_` and `-`, at most 60 characters.
       */
      [k: string]: string;
    };
  };
  /**
   * Model allow-list; empty or omitted means the provider catalog's models.
   */
  models?: string[];
  /**
   * What the registry serves; the provider's catalog capabilities when omitted. Each proxy route sends traffic only to registries with its capability.
   */
  capabilities?: ('chat' | 'embeddings' | 'rerank' | 'images' | 'files' | 'audio' | 'models' | 'tools')[];
  health_check?: HealthCheckSettings;
  circuit_breaker?: CircuitBreakerSettings;
  /**
   * Only in the answer to a create or update of an MCP registry whose tools could not be checked (the server unreachable or refusing the gateway's credential): the registry is saved without that check. Never stored.
   *
   * Items: One warning.
   */
  warnings?: {
    /**
     * `tools_not_checked`: the tool list could not be fetched at save.
     */
    code: 'tools_not_checked';
    /**
     * Why, naming the registry and what the server answered.
     */
    message: string;
  }[];
  created_at: Timestamp;
  updated_at: Timestamp1;
}
/**
 * Optional active health check: an unhealthy registry leaves every route plan until it recovers. An MCP registry is checked with an MCP handshake (`initialize`, then `ping`) at its base URL with its credential; `path` is refused on it.
 */
export interface HealthCheckSettings {
  /**
   * Whether the check runs.
   */
  enabled: boolean;
  /**
   * Time between checks.
   */
  interval_ms?: number;
  /**
   * How long one check may take.
   */
  timeout_ms?: number;
  /**
   * Path probed, relative to the base URL (the provider's model list path when omitted, else the base URL itself).
   */
  path?: string;
  /**
   * Consecutive failed checks that mark the registry unhealthy.
   */
  unhealthy_threshold?: number;
  /**
   * Consecutive successful checks that mark an unhealthy registry healthy again.
   */
  healthy_threshold?: number;
}
/**
 * Optional circuit breaker shedding the registry after consecutive failures.
 */
export interface CircuitBreakerSettings {
  /**
   * Whether the breaker is active.
   */
  enabled: boolean;
  /**
   * Consecutive failures that open the breaker.
   */
  failure_threshold?: number;
  /**
   * How long an open breaker sheds the registry before probing it.
   */
  open_ms?: number;
  /**
   * Concurrent probe requests let through while half-open.
   */
  half_open_probes?: number;
  /**
   * Successful probes that close the breaker.
   */
  success_threshold?: number;
  /**
   * Failures counted by the breaker.
   *
   * Items: A failure class: `429`, `5xx`, `4xx`, an exact status (`503`), `timeout`, `connection`, `content_filter` (a filtered answer or a provider refusal error) or `context_length` (the prompt is longer than the model's context window).
   */
  on?: string[];
}
