/**
 * Recognises what an evaluate payload is by its shape: the minimal `{input: string}`, a request
 * body of one of the chat formats, or (any direction) a provider response body. Only the shape
 * is looked at here; the format adapter then reads the body and refuses a malformed one.
 */
import type { WireFormatId } from '../../canonical/index.js';
import { isObject, type Json } from './json-path.js';

/** What a payload is: minimal text, or a request or response body of a wire format. */
export type PayloadShape =
  | { kind: 'text' }
  | { kind: 'request'; format: WireFormatId }
  | { kind: 'response'; format: WireFormatId };

/** Block types only the messages format has. */
const ANTHROPIC_BLOCKS = new Set(['tool_use', 'tool_result', 'document', 'thinking', 'redacted_thinking', 'server_tool_use', 'search_result']);
/** Roles or fields only chat-completions has. */
const OPENAI_ROLES = new Set(['system', 'developer', 'tool', 'function']);

function looksAnthropic(body: Json): boolean {
  if ('system' in body || 'anthropic_version' in body || 'stop_sequences' in body) return true;
  const messages = body.messages as unknown[];
  if (messages.some((m) => isObject(m) && (OPENAI_ROLES.has(String(m.role)) || 'tool_calls' in m || 'tool_call_id' in m))) return false;
  return messages.some(
    (m) =>
      isObject(m) &&
      Array.isArray(m.content) &&
      m.content.some((block) => isObject(block) && (ANTHROPIC_BLOCKS.has(String(block.type)) || (block.type === 'image' && isObject(block.source)))),
  );
}

/** What the payload is; undefined when it is none of the known shapes. */
export function payloadShape(payload: Json): PayloadShape | undefined {
  const keys = Object.keys(payload);
  if (keys.length === 1 && keys[0] === 'input' && typeof payload.input === 'string') return { kind: 'text' };
  if (Array.isArray(payload.choices)) return { kind: 'response', format: 'openai-chat' };
  if (Array.isArray(payload.candidates)) return { kind: 'response', format: 'gemini' };
  if (payload.object === 'response' || (Array.isArray(payload.output) && !('input' in payload))) return { kind: 'response', format: 'openai-responses' };
  if (payload.type === 'message' && Array.isArray(payload.content)) return { kind: 'response', format: 'anthropic-messages' };
  if (Array.isArray(payload.contents)) return { kind: 'request', format: 'gemini' };
  if (Array.isArray(payload.messages)) return { kind: 'request', format: looksAnthropic(payload) ? 'anthropic-messages' : 'openai-chat' };
  if ('input' in payload) return { kind: 'request', format: 'openai-responses' };
  return undefined;
}
