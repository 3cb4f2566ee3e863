/* Generated from schemas/plugins/rate_limiter.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the rate_limiter policy: requests per window, counted per consumer and optionally per model, auth identity or header value. A request over a limit is refused with 429, Retry-After and X-RateLimit-* headers in the client's error format, before any provider is called; allowed responses carry the X-RateLimit-* headers too.
 */
export interface RateLimiterSettings {
  /**
   * The limits; a request must fit all of them. X-RateLimit-* headers report the one with the fewest requests left.
   *
   * @minItems 1
   * @maxItems 6
   */
  limits: {
    /**
     * Requests allowed per window (at most a billion).
     */
    requests: number;
    /**
     * The window: second, minute, hour, day, or a number of seconds.
     */
    window: ('second' | 'minute' | 'hour' | 'day') | number;
  }[];
  /**
   * sliding_window: windows aligned to the clock, the previous window's count weighted by how much of it the sliding window still covers (smooth; never more than the limit within any aligned window). fixed_window: a window opens at the first request and lasts its length (exact count; up to twice the limit across a window boundary).
   */
  algorithm?: 'sliding_window' | 'fixed_window';
  /**
   * What splits the counters besides the consumer: model (the requested model, a registry pin removed), auth (the credential and, for identity tokens, the subject), header (the value of header_name; requests without it share one counter).
   */
  partition_by?: ('model' | 'auth' | 'header')[];
  /**
   * The request header whose value partitions the counters when partition_by includes header (for example x-user-id).
   */
  header_name?: string;
  /**
   * When the counter backend cannot be reached: true admits the request (logged, and reported as a counter_unavailable finding); false refuses it with 503 plugin_failed.
   */
  fault_tolerant?: boolean;
  /**
   * With a shared counter backend (Redis or MongoDB): strict does one atomic operation per request and limit (exact across data planes); batched counts locally and synchronises every interval_ms (no round trip per request; a limit can be passed by what other data planes admitted since the last sync). Local counters are always exact.
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
  /**
   * Send X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (seconds) on every answer of the policy's scope.
   */
  response_headers?: boolean;
}
