/** What one limit says about one request. */
export interface LimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** Seconds until the window resets (X-RateLimit-Reset). */
  resetSeconds: number;
  /** Seconds until a retry can pass (Retry-After), when refused. */
  retryAfterSeconds: number;
  /** Undoes this request's count (when another limit refuses it). */
  undo(): Promise<void>;
}
