import type { ErrorInfo } from '../../../core/canonical/index.js';
import { kindForHttpStatus } from '../error-kinds.js';
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

/** An upstream error answer -> ErrorInfo. The status decides the kind; the body gives the words. */
export function decodeError(status: number, body: unknown): ErrorInfo {
  const info: ErrorInfo = { status, kind: kindForHttpStatus(status), message: `upstream answered HTTP ${status}` };
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
