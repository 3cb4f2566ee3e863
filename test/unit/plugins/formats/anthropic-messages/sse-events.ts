import type { SseEvent } from '../../../../../core/canonical/index.js';

/** Test helper: one Anthropic SSE event as the API writes it (`event:` name plus JSON data). */
export function anthropicEvent(type: string, data: Record<string, unknown> = {}): SseEvent {
  return { event: type, data: JSON.stringify({ type, ...data }) };
}
