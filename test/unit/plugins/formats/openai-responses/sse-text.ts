import { parseSse } from '../parse-sse.js';

/** Test helper: SSE text -> each event's name and parsed JSON data. */
export function sseJson(text: string): Array<{ event: string | undefined; data: Record<string, any> }> {
  return parseSse(text).map((m) => ({ event: m.event, data: JSON.parse(m.data) as Record<string, any> }));
}
