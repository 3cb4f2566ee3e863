/** Settings of a request_size_limiter policy (schemas/plugins/request_size_limiter.schema.json). */
export interface RequestSizeLimiterSettings {
  /** Largest request body in bytes. */
  max_bytes?: number;
  /** Largest prompt in characters (Unicode code points of every message's text). */
  max_characters?: number;
}
