import { FormatError, type StreamEvent } from '../../../core/plugin/index.js';
import { isObject, type JsonObject } from './json-fields.js';

/**
 * Reading the JSON an upstream SSE event carries, for the formats whose events are bare JSON
 * objects with an OpenAI-style error object (`{error: {message, type}}`): Chat Completions, and
 * Cohere v2, whose stream failure event the gateway writes with the same error object.
 */

/** An event's `data` as a JSON object; anything else is a FormatError, the upstream's fault. */
export function parseEventData(data: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new FormatError('stream event data is not JSON');
  }
  if (!isObject(value)) throw new FormatError('stream event data is not a JSON object');
  return value;
}

/** An in-stream `{message, type}` error object -> the canonical error event. */
export function decodeErrorObject(error: JsonObject): StreamEvent {
  return {
    type: 'error',
    message: typeof error.message === 'string' ? error.message : 'upstream error',
    error_type: typeof error.type === 'string' ? error.type : 'upstream_error',
  };
}
