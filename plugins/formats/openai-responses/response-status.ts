import type { FinishReason } from '../../../core/plugin/index.js';
import { isObject, type JsonObject } from '../../shared/formats/json-fields.js';

/**
 * A response's `status` and `incomplete_details.reason` to and from the canonical finish reason.
 * Statuses: completed, failed, in_progress, cancelled, queued, incomplete; incomplete reasons:
 * max_output_tokens, content_filter.
 * https://platform.openai.com/docs/api-reference/responses/object
 */

/** status + incomplete_details (+ whether a function call was produced) -> finish reason. */
export function finishReasonFromStatus(status: unknown, incompleteDetails: unknown, calledTools: boolean): FinishReason {
  switch (status) {
    case 'completed':
    case undefined:
      return calledTools ? 'tool_calls' : 'stop';
    case 'incomplete': {
      const reason = isObject(incompleteDetails) ? incompleteDetails.reason : undefined;
      if (reason === 'max_output_tokens') return 'length';
      if (reason === 'content_filter') return 'content_filter';
      return 'other';
    }
    case 'failed':
      return 'error';
    default:
      return 'other';
  }
}

/** Finish reason -> status and incomplete_details. */
export function statusFromFinishReason(reason: FinishReason): { status: string; incomplete_details: JsonObject | null } {
  switch (reason) {
    case 'length':
      return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
    case 'content_filter':
      return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
    case 'error':
      return { status: 'failed', incomplete_details: null };
    default:
      return { status: 'completed', incomplete_details: null };
  }
}
