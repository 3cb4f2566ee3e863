/**
 * How much of an answer there is to inspect, and the answer from some point of it on: what a
 * windowed check of a streamed answer evaluates, so that each evaluation reads a bounded part of
 * a long answer instead of all of it again.
 */
import type { CanonicalResponse, ContentPart } from '../../core/plugin/index.js';

/** The inspected size of one part: text, or a tool call's arguments. */
const sizeOfPart = (part: ContentPart) => (part.type === 'text' ? part.text.length : part.type === 'tool_call' ? part.arguments.length : 0);

/** How much there is to inspect in an answer: its text plus tool-call arguments. */
export const inspectedSize = (response: CanonicalResponse) => response.content.reduce((n, part) => n + sizeOfPart(part), 0);

/**
 * `response` without its first `from` inspected characters (counted as `inspectedSize` counts
 * them, part after part): parts wholly before that point are left out, the part it falls in is
 * cut there, and parts with nothing to inspect are kept.
 */
export function contentFrom(response: CanonicalResponse, from: number): CanonicalResponse {
  if (from <= 0) return response;
  const content: ContentPart[] = [];
  let offset = 0;
  for (const part of response.content) {
    const size = sizeOfPart(part);
    const cut = Math.min(size, Math.max(0, from - offset));
    offset += size;
    if (cut === 0) content.push(part);
    else if (cut < size) content.push(part.type === 'text' ? { ...part, text: part.text.slice(cut) } : part.type === 'tool_call' ? { ...part, arguments: part.arguments.slice(cut) } : part);
  }
  return { ...response, content };
}
