import type { ErrorInfo } from '../../../core/canonical/index.js';
import { isObject } from '../json-fields.js';

/**
 * OpenAI's error body, shared by every OpenAI endpoint:
 * `{"error": {"message", "type", "param", "code"}}`.
 * https://platform.openai.com/docs/guides/error-codes and
 * https://platform.openai.com/docs/api-reference/responses-streaming/error
 */

type Kind = ErrorInfo['kind'];

const TYPE_BY_KIND: Record<Kind, string> = {
  invalid_request: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  not_found: 'not_found_error',
  rate_limit: 'rate_limit_error',
  request_too_large: 'invalid_request_error',
  overloaded: 'service_unavailable_error',
  timeout: 'timeout_error',
  upstream: 'server_error',
  internal: 'server_error',
};

function kindForStatus(status: number): Kind {
  if (status === 400 || status === 422) return 'invalid_request';
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit';
  if (status === 503 || status === 529) return 'overloaded';
  if (status >= 500) return 'upstream';
  return 'invalid_request';
}

/** An upstream error answer -> ErrorInfo. The status decides the kind; the body gives the words. */
export function decodeError(status: number, body: unknown): ErrorInfo {
  const info: ErrorInfo = { status, kind: kindForStatus(status), message: `upstream answered HTTP ${status}` };
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  if (error) {
    if (typeof error.message === 'string' && error.message) info.message = error.message;
    if (typeof error.code === 'string') info.code = error.code;
    if (typeof error.param === 'string') info.param = error.param;
  } else if (typeof body === 'string' && body.trim()) {
    info.message = body.trim().slice(0, 1000);
  }
  return info;
}

/** ErrorInfo -> OpenAI error body. */
export function encodeError(error: ErrorInfo): Record<string, unknown> {
  return {
    error: {
      message: error.message,
      type: TYPE_BY_KIND[error.kind],
      param: error.param ?? null,
      code: error.code ?? null,
    },
  };
}
