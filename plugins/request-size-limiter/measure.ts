import type { CanonicalMessage, Exchange } from '../../core/plugin/index.js';

/**
 * The request body's size in bytes: its `Content-Length` (Node's HTTP parser reads no more and
 * no less than it declares), else the re-serialised body for a chunked upload.
 */
export function payloadBytes(ctx: Exchange): number {
  const declared = ctx.incoming.headers['content-length'];
  const n = Number(Array.isArray(declared) ? declared[0] : declared);
  if (Number.isInteger(n) && n >= 0 && declared !== undefined) return n;
  return ctx.incoming.body === undefined ? 0 : Buffer.byteLength(JSON.stringify(ctx.incoming.body), 'utf8');
}

/** Unicode code points of a string (an emoji counts once, as a person would count it). */
function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * The prompt's length in characters: the text of every message (system, user, assistant
 * history, tool results), tool-call arguments and reasoning text. Media parts count nothing.
 */
export function promptCharacters(messages: readonly CanonicalMessage[]): number {
  let total = 0;
  for (const message of messages) {
    for (const part of message.content) {
      switch (part.type) {
        case 'text':
        case 'thinking':
        case 'refusal':
          total += codePoints(part.text);
          break;
        case 'tool_call':
          total += codePoints(part.arguments);
          break;
        case 'tool_result':
          for (const inner of part.content) if (inner.type === 'text') total += codePoints(inner.text);
          break;
        default:
          break;
      }
    }
  }
  return total;
}
