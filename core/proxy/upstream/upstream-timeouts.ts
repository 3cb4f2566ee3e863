/**
 * How long the proxy waits on an upstream when the consumer sets no `timeouts` of its own: to
 * connect (TCP and TLS), for the answer's first byte (its response headers), and between two body
 * chunks (of a stream, or of an answer read whole). Operator settings
 * `--upstream-connect-timeout-ms`, `--upstream-first-byte-timeout-ms` and
 * `--upstream-idle-timeout-ms`; docs/routing.md says why the defaults are what they are. A wait
 * that runs out is a `timeout` failure of the attempt (a 504 when nothing else serves).
 */

/** The three waits, in milliseconds. */
export interface UpstreamTimeouts {
  connectMs: number;
  firstByteMs: number;
  idleMs: number;
}

/**
 * Connect: two SYN retransmissions (1 s + 2 s) plus a TLS handshake on a slow link. First byte:
 * a non-streamed answer sends its headers only when it is complete, so this must cover a long
 * generation, and it is half of the 10 minutes the official SDKs wait, which leaves the client
 * time for a fallback. Idle: a live stream sends tokens or keep-alive events well within it.
 */
export const DEFAULT_UPSTREAM_TIMEOUTS: Readonly<UpstreamTimeouts> = Object.freeze({ connectMs: 5_000, firstByteMs: 300_000, idleMs: 60_000 });

/** The longest any of the waits may be set to (an hour, as a consumer's `timeouts.attempt_ms`). */
export const MAX_UPSTREAM_TIMEOUT_MS = 3_600_000;
