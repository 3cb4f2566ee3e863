/* Generated from schemas/plugins/routing.schema.json by `npm run gen:types`. Do not edit. */

/**
 * A failure class: `429`, `5xx`, `4xx`, an exact status (`503`), `timeout`, `connection`, `content_filter` (a filtered answer or a provider refusal error) or `context_length` (the prompt is longer than the model's context window).
 */
export type Trigger = string;

/**
 * Resilience settings of the core router. The object itself is what a consumer record may carry beside `load_balancing`, `pools` and `fallback`: retries and timeouts of its upstream attempts. `$defs` holds the per-registry parts (`circuit_breaker`, `health_check`) and the fallback trigger vocabulary, referenced from the consumer and registry record schemas. Every timing is configurable. See docs/routing.md.
 */
export interface RoutingSettings {
  retry?: RetrySettings;
  timeouts?: TimeoutSettings;
}
/**
 * Retries of one target before the fallback chain moves on.
 */
export interface RetrySettings {
  /**
   * Retries per target after its first attempt; 0 turns retries off.
   */
  max_retries?: number;
  /**
   * Failures that are retried.
   */
  on?: Trigger[];
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
 * Per-attempt and total time limits.
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
