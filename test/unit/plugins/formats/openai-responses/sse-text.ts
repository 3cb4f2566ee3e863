import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** Test helper: SSE text -> parsed messages (eventsource-parser, as a real client reads them). */
export function parseSse(text: string): EventSourceMessage[] {
  const messages: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => messages.push(message) });
  parser.feed(text);
  return messages;
}

/** Test helper: SSE text -> each event's name and parsed JSON data. */
export function sseJson(text: string): Array<{ event: string | undefined; data: Record<string, any> }> {
  return parseSse(text).map((m) => ({ event: m.event, data: JSON.parse(m.data) as Record<string, any> }));
}
