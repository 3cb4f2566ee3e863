/* Generated from schemas/plugins/tool_rate_limiter.schema.json by `npm run gen:types`. Do not edit. */

/**
 * The limits of every tool no override matches.
 *
 * @minItems 1
 * @maxItems 6
 */
export type ToolCallLimits = {
  /**
   * Calls of one tool allowed per window (at most a billion).
   */
  requests: number;
  /**
   * The window: second, minute, hour, day, or a number of seconds.
   */
  window: ('second' | 'minute' | 'hour' | 'day') | number;
}[];
/**
 * Limits a call must fit, all of them; each tool is counted on its own per consumer.
 *
 * @minItems 1
 * @maxItems 6
 */
export type ToolCallLimits1 = {
  /**
   * Calls of one tool allowed per window (at most a billion).
   */
  requests: number;
  /**
   * The window: second, minute, hour, day, or a number of seconds.
   */
  window: ('second' | 'minute' | 'hour' | 'day') | number;
}[];

/**
 * Settings of the tool_rate_limiter policy for MCP traffic: tool calls per window, counted per consumer and tool (merged name). A call over a limit is not sent upstream; the client gets an isError result naming the tool, the limit and the seconds until a retry can pass. Other tools, other consumers and the next window are unaffected. LLM traffic is not counted.
 */
export interface ToolRateLimiterSettings {
  limits: ToolCallLimits;
  /**
   * Limits for some tools instead of `limits`: the first override whose `tool` pattern matches the merged name ({registry_slug}__{tool}) applies.
   *
   * @maxItems 200
   */
  overrides?: {
    /**
     * A merged tool name, or a pattern with * standing for any characters (github__*, *__delete_*).
     */
    tool: string;
    limits: ToolCallLimits1;
  }[];
  /**
   * sliding_window: windows aligned to the clock, the previous window's count weighted by how much of it the sliding window still covers (smooth; never more than the limit within any aligned window). fixed_window: a window opens at the first call and lasts its length (exact count; up to twice the limit across a window boundary).
   */
  algorithm?: 'sliding_window' | 'fixed_window';
  /**
   * When the counter backend cannot be reached: true lets the call through (logged, and reported as a counter_unavailable finding); false refuses it (the plugin fails closed: the call is answered with an isError result).
   */
  fault_tolerant?: boolean;
  /**
   * With a shared counter backend (Redis or MongoDB): strict does one atomic operation per call and limit (exact across data planes); batched counts locally and synchronises every interval_ms (no round trip per call; a limit can be passed by what other data planes admitted since the last sync). Local counters are always exact.
   */
  counter_sync?: {
    /**
     * strict or batched.
     */
    mode?: 'strict' | 'batched';
    /**
     * Batched mode: how often local counts are pushed and shared totals read back.
     */
    interval_ms?: number;
  };
}
