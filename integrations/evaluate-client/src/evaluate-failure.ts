/**
 * Why an evaluation gave no verdict, sorted by spec 4.5's collector-side rules: only
 * `unreachable` (connection error, timeout, 502/504, or 429 after retries) follows the caller's
 * fail-open or fail-closed choice; every other kind always fails closed.
 */

/** The kinds of failure. */
export type FailureKind =
  /** Connection error, timeout, 502 or 504, or 429 after retries: follows the fallback. */
  | 'unreachable'
  /** 401: the collector key is missing or not valid. */
  | 'unauthorized'
  /** 403: the collector key is inactive or expired. */
  | 'forbidden'
  /** 503 and any other 4xx or 5xx (entitlement or quota failures, bad requests, detector failures). */
  | 'refused'
  /** A 200 that is not a JSON evaluate answer, or a verdict this client does not know. */
  | 'invalid_answer'
  /** The TLS handshake failed (certificate not trusted, expired, wrong host, not TLS at all). */
  | 'tls'
  /** The request could not be sent at all (a payload JSON cannot hold, such as a cycle). */
  | 'invalid_request';

/** A failed evaluation. Its message names the service's status and error code, never the key. */
export class EvaluateFailure extends Error {
  override readonly name = 'EvaluateFailure';

  constructor(
    readonly kind: FailureKind,
    message: string,
    /** The HTTP status of the last answer, when there was one. */
    readonly status?: number,
    /** The service's `error` code from its `{error, message}` body, when it sent one. */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Whether the caller's fail-open or fail-closed setting decides (spec 4.5: unreachable only). */
  get followsFallback(): boolean {
    return this.kind === 'unreachable';
  }
}
