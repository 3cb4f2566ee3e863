import { createParser } from 'eventsource-parser';
import type { SseEvent } from '../../../../core/canonical/index.js';

/** Test helper: SSE text -> events, parsed by eventsource-parser as the gateway parses them. */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (message) => {
      const event: SseEvent = { data: message.data };
      if (message.event !== undefined) event.event = message.event;
      events.push(event);
    },
  });
  parser.feed(text);
  return events;
}
