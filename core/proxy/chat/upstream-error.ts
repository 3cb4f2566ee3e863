import type { Dispatcher } from 'undici';
import type { WireFormat } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { readAtMost } from '../../http/bounded-read.js';
import { isEgressRefusal } from '../../http/egress-policy.js';
import { MAX_UPSTREAM_ERROR_BYTES } from '../upstream/answer-limit.js';

/**
 * An upstream error answer as a GatewayError keeping the upstream's status, message and
 * Retry-After. Only its first MAX_UPSTREAM_ERROR_BYTES are read.
 */
export async function upstreamErrorOf(response: Dispatcher.ResponseData, format: WireFormat): Promise<GatewayError> {
  const { text } = await readAtMost(response.body, MAX_UPSTREAM_ERROR_BYTES);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the adapter reads the raw text.
  }
  const info = format.decodeError(response.statusCode, parsed);
  const headers: Record<string, string> = {};
  const retryAfter = response.headers['retry-after'];
  if (retryAfter) headers['retry-after'] = String(retryAfter);
  // The upstream's own error code lets the router recognise context-length and content-filter refusals.
  const details = info.code ? { upstream_code: info.code } : undefined;
  return new GatewayError('upstream_error', { status: response.statusCode, message: info.message, source: 'upstream', headers, details });
}

/**
 * Whether an error thrown while calling the upstream is a failure to reach or hear it: socket,
 * DNS, TLS and HTTP client errors carry a code. Anything else is a fault of the gateway's own
 * code or of a policy (a body it cannot serialise), which must not count against the registry.
 */
export function isConnectionFailure(err: unknown): boolean {
  return typeof (err as { code?: unknown } | null)?.code === 'string';
}

/**
 * A failure to reach the upstream at all (connection refused, reset, timeout), or a connection
 * the egress policy refused: that one is the gateway's own refusal, so it is never retried on a
 * fallback target and its message names the policy, not the address.
 */
export function connectionErrorOf(err: unknown): GatewayError {
  if (isEgressRefusal(err)) return new GatewayError('egress_refused', { source: 'gateway', cause: err });
  const code = (err as { code?: string }).code ?? '';
  if (code.includes('TIMEOUT')) return new GatewayError('upstream_timeout', { source: 'upstream', message: 'upstream timed out', cause: err });
  return new GatewayError('upstream_unreachable', { source: 'upstream', message: `upstream unreachable (${code || (err as Error).message})`, cause: err });
}

/** The client went away while an attempt was under way or waiting to be retried: nothing is left to answer. */
export function clientClosedError(): GatewayError {
  return new GatewayError('client_closed', { message: 'client closed the request' });
}
