import type { ErrorInfo } from '../../../core/plugin/index.js';
import { kindForHttpStatus } from './error-kinds.js';
import { isObject, parseIfJson } from './json-fields.js';

/**
 * The OpenAI error object `{error: {message, type, param, code}}`, the same for every OpenAI
 * endpoint, Chat Completions and Responses alike
 * (https://platform.openai.com/docs/guides/error-codes/api-errors); Azure OpenAI answers the same
 * object, sometimes with only `code` and `message`
 * (https://learn.microsoft.com/en-us/azure/ai-services/openai/reference). Both OpenAI adapters
 * read and write it here, so a client gets the same `type` for the same failure on either path.
 */

/** The `type` the gateway writes for each canonical error kind. */
const TYPES: Record<ErrorInfo['kind'], string> = {
  invalid_request: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  not_found: 'not_found_error',
  rate_limit: 'rate_limit_error',
  request_too_large: 'invalid_request_error',
  overloaded: 'server_error',
  timeout: 'timeout_error',
  upstream: 'upstream_error',
  internal: 'server_error',
};

/** The canonical kind an HTTP status means; a status below 400 is no client error. */
const kindForStatus = (status: number): ErrorInfo['kind'] => (status < 400 ? 'upstream' : kindForHttpStatus(status));

/** An upstream error answer -> ErrorInfo. */
export function decodeError(status: number, body: unknown): ErrorInfo {
  const parsed = parseIfJson(body);
  const info: ErrorInfo = { status, kind: kindForStatus(status), message: `upstream answered HTTP ${status}` };
  const error = isObject(parsed) && isObject(parsed.error) ? parsed.error : undefined;
  if (error) {
    if (typeof error.message === 'string' && error.message) info.message = error.message;
    if (typeof error.code === 'string' || typeof error.code === 'number') info.code = String(error.code);
    if (typeof error.param === 'string') info.param = error.param;
  } else if (typeof parsed === 'string' && parsed.trim()) {
    info.message = parsed.trim().slice(0, 500);
  }
  return info;
}

/** ErrorInfo -> the OpenAI error object. */
export function encodeError(error: ErrorInfo): Record<string, unknown> {
  return { error: { message: error.message, type: TYPES[error.kind], param: error.param ?? null, code: error.code ?? null } };
}
