import type { ErrorInfo } from '../../../core/plugin/index.js';

/**
 * The canonical error kind an upstream's HTTP error status means when its body names none, for
 * the statuses the providers share. Adapters whose provider has codes of its own map those first.
 */
export function kindForHttpStatus(status: number): ErrorInfo['kind'] {
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
