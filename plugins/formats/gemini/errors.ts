import type { ErrorInfo } from '../../../core/plugin/index.js';
import { kindForHttpStatus } from '../../shared/formats/error-kinds.js';
import { isObject } from '../../shared/formats/json-fields.js';

/**
 * Google API errors: `{error: {code, message, status, details?}}`, where `code` is the HTTP status
 * and `status` the google.rpc code name
 * (https://ai.google.dev/gemini-api/docs/troubleshooting, https://cloud.google.com/apis/design/errors).
 */

type Kind = ErrorInfo['kind'];

const KIND_BY_STATUS: Record<string, Kind> = {
  INVALID_ARGUMENT: 'invalid_request',
  FAILED_PRECONDITION: 'invalid_request',
  OUT_OF_RANGE: 'invalid_request',
  UNAUTHENTICATED: 'authentication',
  PERMISSION_DENIED: 'permission',
  NOT_FOUND: 'not_found',
  RESOURCE_EXHAUSTED: 'rate_limit',
  UNAVAILABLE: 'overloaded',
  DEADLINE_EXCEEDED: 'timeout',
  CANCELLED: 'timeout',
  INTERNAL: 'upstream',
  UNKNOWN: 'upstream',
  DATA_LOSS: 'upstream',
};

const STATUS_BY_KIND: Record<Kind, string> = {
  invalid_request: 'INVALID_ARGUMENT',
  authentication: 'UNAUTHENTICATED',
  permission: 'PERMISSION_DENIED',
  not_found: 'NOT_FOUND',
  rate_limit: 'RESOURCE_EXHAUSTED',
  request_too_large: 'INVALID_ARGUMENT',
  overloaded: 'UNAVAILABLE',
  timeout: 'DEADLINE_EXCEEDED',
  upstream: 'INTERNAL',
  internal: 'INTERNAL',
};

/** An upstream error answer -> ErrorInfo. The Google status name wins over the HTTP status. */
export function decodeError(status: number, body: unknown): ErrorInfo {
  // The JSON-array stream form wraps the error object in an array.
  const payload = Array.isArray(body) ? body[0] : body;
  const error = isObject(payload) && isObject(payload.error) ? payload.error : undefined;
  const name = typeof error?.status === 'string' ? error.status : undefined;
  const message =
    typeof error?.message === 'string' && error.message !== ''
      ? error.message
      : typeof body === 'string' && body.trim() !== ''
        ? body.trim()
        : `upstream answered HTTP ${status}`;
  const info: ErrorInfo = { status, kind: (name && KIND_BY_STATUS[name]) || kindForHttpStatus(status), message };
  if (name) info.code = name;
  return info;
}

/**
 * ErrorInfo -> a Google error body. The gateway's own code and the field at fault ride in the
 * standard `details` entries (google.rpc.ErrorInfo and google.rpc.BadRequest).
 */
export function encodeError(error: ErrorInfo): Record<string, unknown> {
  const details: Record<string, unknown>[] = [];
  if (error.code) details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: error.code, domain: 'portcullis' });
  if (error.param) {
    details.push({ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: error.param, description: error.message }] });
  }
  const body: Record<string, unknown> = { code: error.status, message: error.message, status: STATUS_BY_KIND[error.kind] };
  if (details.length > 0) body.details = details;
  return { error: body };
}

/**
 * The error object a stream ends with after it started (the HTTP status is already 200).
 * Besides Google's `code` and `status` it carries `type`, the gateway's error type, as every
 * client format's stream failure does. `code` 500 makes the Gemini SDK raise it as an ApiError.
 */
export function streamErrorBody(message: string, type: string): Record<string, unknown> {
  return { error: { code: 500, message, status: 'INTERNAL', type } };
}
