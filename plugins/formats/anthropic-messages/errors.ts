import type { ErrorInfo } from '../../../core/plugin/index.js';
import { isObject } from '../../shared/formats/json-fields.js';
import type { AnthropicErrorBody } from './wire-types.js';

/**
 * Error answers: `{type:'error', error:{type, message}}` with Anthropic's error types and
 * statuses (https://docs.anthropic.com/en/api/errors): 400 invalid_request_error,
 * 401 authentication_error, 402 billing_error, 403 permission_error, 404 not_found_error,
 * 413 request_too_large, 429 rate_limit_error, 500 api_error, 504 timeout_error,
 * 529 overloaded_error.
 */

type Kind = ErrorInfo['kind'];

const KIND_BY_TYPE: Record<string, Kind> = {
  invalid_request_error: 'invalid_request',
  authentication_error: 'authentication',
  billing_error: 'permission',
  permission_error: 'permission',
  not_found_error: 'not_found',
  request_too_large: 'request_too_large',
  rate_limit_error: 'rate_limit',
  api_error: 'upstream',
  timeout_error: 'timeout',
  overloaded_error: 'overloaded',
};

const TYPE_BY_KIND: Record<Kind, string> = {
  invalid_request: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  not_found: 'not_found_error',
  rate_limit: 'rate_limit_error',
  request_too_large: 'request_too_large',
  overloaded: 'overloaded_error',
  timeout: 'timeout_error',
  upstream: 'api_error',
  internal: 'api_error',
};

/** The kind an HTTP status means when the body names no known error type. */
function kindForStatus(status: number): Kind {
  switch (status) {
    case 400:
    case 422:
      return 'invalid_request';
    case 401:
      return 'authentication';
    case 402:
    case 403:
      return 'permission';
    case 404:
      return 'not_found';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit';
    case 408:
    case 504:
      return 'timeout';
    case 503:
    case 529:
      return 'overloaded';
    default:
      return status >= 400 && status < 500 ? 'invalid_request' : 'upstream';
  }
}

/** An upstream error answer (parsed JSON or raw text) -> ErrorInfo. */
export function decodeError(status: number, body: unknown): ErrorInfo {
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  const type = typeof error?.type === 'string' ? error.type : undefined;
  const message =
    typeof error?.message === 'string'
      ? error.message
      : typeof body === 'string' && body.trim() !== ''
        ? body.slice(0, 1000)
        : `upstream answered HTTP ${status}`;
  const info: ErrorInfo = { status, kind: (type && KIND_BY_TYPE[type]) || kindForStatus(status), message };
  if (type !== undefined) info.code = type;
  return info;
}

/** ErrorInfo -> Anthropic's error body. */
export function encodeError(error: ErrorInfo): Record<string, unknown> {
  const body: AnthropicErrorBody = { type: 'error', error: { type: TYPE_BY_KIND[error.kind], message: error.message } };
  return body as unknown as Record<string, unknown>;
}

