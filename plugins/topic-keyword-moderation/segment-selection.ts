/**
 * Which parts of a request each check reads. The operator's own system and developer prompts
 * are skipped by default: a system prompt saying "never give medical advice" must not make
 * every request look like medical advice.
 */
import type { InspectionRequest, InspectSegment } from '../../core/plugin/index.js';

const OPERATOR_ROLES = new Set(['system', 'developer']);

/** Segments inspected for keywords and denied topics. */
export function moderatedSegments(request: InspectionRequest, includeSystem: boolean): InspectSegment[] {
  return request.segments.filter((s) => includeSystem || !s.role || !OPERATOR_ROLES.has(s.role));
}

/**
 * The text judged against the allowed topics: on input the last `turns` user prompts (a short
 * follow-up such as "and for order 12?" keeps the topic of the turn before), on output the
 * completion.
 */
export function conversationText(request: InspectionRequest, turns: number): string {
  if (request.direction === 'output') {
    return request.segments.filter((s) => s.source === 'completion').map((s) => s.text).join('\n');
  }
  const user = request.segments.filter((s) => s.source === 'prompt' && (s.role === 'user' || s.role === undefined));
  return user.slice(-turns).map((s) => s.text).join('\n');
}

// An end mark and the whitespace after it: the cut between two sentences.
const SENTENCE_END = /[.!?\n]\s+/gu;

/**
 * The text cut at each run of whitespace that follows `.`, `!`, `?` or a line break, as
 * `text.split(/(?<=[.!?\n])\s+/u)` cuts it: finding the end mark and the run together is the
 * same cut without a look-behind tried at every position.
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    out.push(text.slice(from, m.index + 1));
    from = m.index + m[0].length;
  }
  out.push(text.slice(from));
  return out;
}

/**
 * Splits long text into chunks of about `size` characters at sentence or line ends, so that weak
 * cues scattered over a long document do not add up to a topic no passage is about.
 */
export function chunkText(text: string, size = 600): string[] {
  if (text.length <= size) return [text];
  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentences(text)) {
    if (current && current.length + sentence.length > size) {
      chunks.push(current);
      current = '';
    }
    current += (current ? ' ' : '') + sentence;
    while (current.length > size * 2) {
      chunks.push(current.slice(0, size));
      current = current.slice(size);
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

