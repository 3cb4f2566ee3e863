import type { ErrorInfo } from '../../../core/plugin/index.js';
import { isObject, parseIfJson } from '../../shared/formats/json-fields.js';

/**
 * Cohere's error body `{message}` (https://docs.cohere.com/reference/errors) with its statuses:
 * 400 bad request, 401 unauthorized, 402 payment required, 404 not found, 429 too many
 * requests, 498 invalid token, 499 request cancelled, 500 server error.
 */

/** The canonical kind an HTTP status means. */
function kindForStatus(status: number): ErrorInfo['kind'] {
  if (status === 401 || status === 498) return 'authentication';
  if (status === 402 || status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 499 || status === 504) return 'timeout';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit';
  if (status === 503) return 'overloaded';
  if (status >= 400 && status < 500) return 'invalid_request';
  return 'upstream';
}

/** An upstream error answer -> ErrorInfo. */
export function decodeError(status: number, body: unknown): ErrorInfo {
  const parsed = parseIfJson(body);
  const info: ErrorInfo = { status, kind: kindForStatus(status), message: `upstream answered HTTP ${status}` };
  if (isObject(parsed) && typeof parsed.message === 'string' && parsed.message) info.message = parsed.message;
  else if (typeof parsed === 'string' && parsed.trim()) info.message = parsed.trim().slice(0, 500);
  return info;
}

/** ErrorInfo -> Cohere's error body. Cohere's body has no code field; the status carries the kind. */
export function encodeError(error: ErrorInfo): Record<string, unknown> {
  return { message: error.message };
}
