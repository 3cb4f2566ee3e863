import type { TokenCounter } from './token-count.js';
import type { CanonicalRequest, CanonicalResponse, ContentPart, MediaSource } from '../../core/plugin/index.js';
import { countTokens } from './token-count.js';

/** Per-message framing tokens (role and separators), as OpenAI counts them for chat models. */
const PER_MESSAGE = 3;
/** Tokens that prime the assistant's reply. */
const REPLY_PRIMING = 3;
/** An image: OpenAI's cost of a 512-pixel tile set at high detail (a typical picture). */
const IMAGE_TOKENS = 765;
/** A document or audio clip given by URL or file id, whose size the gateway cannot see. */
const OPAQUE_MEDIA_TOKENS = 1_000;

/** Media by its size: base64 bytes at about four bytes per token of extracted text. */
function mediaTokens(source: MediaSource): number {
  return source.kind === 'base64' ? Math.ceil((source.data.length * 3) / 4 / 4) : OPAQUE_MEDIA_TOKENS;
}

function partTokens(encoding: TokenCounter, part: ContentPart): number {
  switch (part.type) {
    case 'text':
    case 'thinking':
    case 'refusal':
      return countTokens(encoding, part.text);
    case 'tool_call':
      return countTokens(encoding, part.name) + countTokens(encoding, part.arguments);
    case 'tool_result':
      return part.content.reduce((n, inner) => n + partTokens(encoding, inner), 0);
    case 'image':
      return IMAGE_TOKENS;
    case 'document':
    case 'audio':
      return mediaTokens(part.source);
  }
}

/** Prompt tokens of a request, counted with the tokenizer: messages, their framing, and tool definitions. */
export function estimateInputTokens(encoding: TokenCounter, request: CanonicalRequest): number {
  let total = REPLY_PRIMING;
  for (const message of request.messages) {
    total += PER_MESSAGE + (message.name ? countTokens(encoding, message.name) : 0);
    for (const part of message.content) total += partTokens(encoding, part);
  }
  if (request.tools?.length) total += countTokens(encoding, JSON.stringify(request.tools));
  if (request.response_format?.type === 'json_schema') total += countTokens(encoding, JSON.stringify(request.response_format.schema));
  return total;
}

/** Output tokens to reserve: the request's own cap (times its choices), else the policy's default. */
export function estimateOutputTokens(request: CanonicalRequest, defaultOutput: number): number {
  const cap = request.sampling.max_tokens ?? defaultOutput;
  return cap * Math.max(1, request.sampling.n ?? 1);
}

/** Completion tokens of an answer counted from its content, for streams that reported no usage. */
export function countOutputTokens(encoding: TokenCounter, response: CanonicalResponse): number {
  return response.content.reduce((n, part) => n + partTokens(encoding, part), 0);
}
