import type { CanonicalRequest } from '../../core/plugin/index.js';

/**
 * The request as the cache sees it: streaming flags removed, so a streamed and a buffered
 * request for the same completion share one entry (a hit is replayed in whichever form the
 * client asked for).
 */
export function cacheableRequest(request: CanonicalRequest): Omit<CanonicalRequest, 'stream' | 'stream_include_usage'> {
  const { stream: _stream, stream_include_usage: _usage, ...rest } = request;
  return rest;
}

/** The request without its messages: what must match exactly for a semantic hit (model, tools, sampling ...). */
export function semanticPartition(request: CanonicalRequest): string {
  const { messages: _messages, ...rest } = cacheableRequest(request);
  return JSON.stringify(rest);
}

/** The text embedded for semantic matching: every message's text, role by role. */
export function promptText(request: CanonicalRequest, maxChars = 8_000): string {
  const lines: string[] = [];
  for (const message of request.messages) {
    const text = message.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
    if (text) lines.push(`${message.role}: ${text}`);
  }
  const joined = lines.join('\n');
  // Keep the end: the latest turns decide what is being asked.
  return joined.length > maxChars ? joined.slice(joined.length - maxChars) : joined;
}
