import type { FinishReason } from '../../../core/plugin/index.js';

/**
 * Cohere v2 `finish_reason` values (https://docs.cohere.com/reference/chat): COMPLETE,
 * STOP_SEQUENCE, MAX_TOKENS, TOOL_CALL, ERROR and TIMEOUT.
 */

/** Upstream `finish_reason` -> canonical. */
export function decodeFinishReason(value: unknown): FinishReason {
  switch (value) {
    case 'COMPLETE':
    case 'STOP_SEQUENCE':
      return 'stop';
    case 'MAX_TOKENS':
      return 'length';
    case 'TOOL_CALL':
      return 'tool_calls';
    case 'ERROR':
      return 'error';
    default:
      return 'other';
  }
}

/**
 * Canonical -> client `finish_reason`. Cohere has no content-filter reason; a filtered answer
 * is an answer that failed, so it reads as ERROR.
 */
export function encodeFinishReason(reason: FinishReason, stopSequence?: string): string {
  switch (reason) {
    case 'stop':
      return stopSequence !== undefined ? 'STOP_SEQUENCE' : 'COMPLETE';
    case 'length':
      return 'MAX_TOKENS';
    case 'tool_calls':
      return 'TOOL_CALL';
    case 'content_filter':
    case 'error':
      return 'ERROR';
    default:
      return 'COMPLETE';
  }
}
