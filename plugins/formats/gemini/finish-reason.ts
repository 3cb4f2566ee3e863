import type { FinishReason } from '../../../core/plugin/index.js';

/**
 * `Candidate.finishReason` (https://ai.google.dev/api/generate-content#FinishReason) to and from
 * the canonical finish reason. Gemini ends a function-calling turn with STOP; the canonical
 * model says `tool_calls`, so decoding looks at whether the turn called a function.
 */

const CONTENT_FILTER = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/** Gemini finish reason -> canonical. */
export function decodeFinishReason(reason: string | undefined, calledTools: boolean): FinishReason {
  if (reason === 'STOP') return calledTools ? 'tool_calls' : 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  if (reason !== undefined && CONTENT_FILTER.has(reason)) return 'content_filter';
  // MALFORMED_FUNCTION_CALL, LANGUAGE, OTHER, ...: the model stopped for a reason no other format names.
  return 'other';
}

/** Canonical finish reason -> Gemini. */
export function encodeFinishReason(reason: FinishReason): string {
  switch (reason) {
    case 'stop':
    case 'tool_calls':
      return 'STOP';
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    default:
      return 'OTHER';
  }
}
