import type { FinishReason } from '../../../core/plugin/index.js';

/**
 * Chat Completions `finish_reason` values
 * (https://platform.openai.com/docs/api-reference/chat/object): `stop`, `length`, `tool_calls`,
 * `content_filter` and the deprecated `function_call`.
 */

/** Upstream `finish_reason` -> canonical. Unknown values (other providers') become `other`. */
export function decodeFinishReason(value: unknown): FinishReason {
  switch (value) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'content_filter':
      return 'content_filter';
    default:
      return 'other';
  }
}

/**
 * Canonical -> client `finish_reason`. Chat Completions has no error or "other" reason: a
 * generation that ended for such a reason ended without being cut, which clients read as `stop`.
 */
export function encodeFinishReason(reason: FinishReason): 'stop' | 'length' | 'tool_calls' | 'content_filter' {
  switch (reason) {
    case 'length':
      return 'length';
    case 'tool_calls':
      return 'tool_calls';
    case 'content_filter':
      return 'content_filter';
    default:
      return 'stop';
  }
}
