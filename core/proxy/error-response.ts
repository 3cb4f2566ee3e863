import type { ClientErrorFormat } from '../http/client-error.js';
import type { ErrorInfo, WireFormat } from '../canonical/index.js';
import type { GatewayError } from '../errors/gateway-error.js';

const KIND_BY_STATUS: Record<number, ErrorInfo['kind']> = {
  400: 'invalid_request',
  401: 'authentication',
  403: 'permission',
  404: 'not_found',
  413: 'request_too_large',
  422: 'invalid_request',
  429: 'rate_limit',
  503: 'overloaded',
  504: 'timeout',
};

/** A GatewayError as the format-neutral ErrorInfo every adapter can encode. */
function errorInfoOf(error: GatewayError): ErrorInfo {
  const kind = KIND_BY_STATUS[error.status] ?? (error.status >= 500 ? (error.source === 'upstream' ? 'upstream' : 'internal') : 'invalid_request');
  return { status: error.status, kind, message: error.publicMessage, code: error.code, param: error.param };
}

/** The error body in the client's format, falling back to OpenAI's error object. */
export function encodeErrorBody(error: GatewayError, format: WireFormat | undefined): Record<string, unknown> {
  const info = errorInfoOf(error);
  if (format) return format.encodeError(info);
  return { error: { message: info.message, type: info.kind, code: info.code ?? null, param: info.param ?? null } };
}

/**
 * The answer to a request Node refused before the proxy app saw it (headers too large): its path
 * was never parsed, so no client format is known, and OpenAI's error object answers; like every
 * proxy error it says the gateway refused it.
 */
export const proxyClientErrorFormat: ClientErrorFormat = {
  body: (error) => encodeErrorBody(error, undefined),
  headers: { 'x-gateway-error-source': 'gateway' },
};
