import { type CanonicalMessage, type ContentPart, type ToolResultPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { encodeFunctionCall } from '../../shared/formats/function-tools.js';
import { encodeImageUrl } from '../../shared/formats/image-url.js';
import type { JsonObject } from '../../shared/formats/json-fields.js';

/**
 * Canonical messages -> Cohere v2 `messages` (https://docs.cohere.com/reference/chat).
 * Developer instructions become system messages (Cohere has no developer role); tool results
 * become one `tool` message each, wherever the source format put them; an assistant turn that
 * calls tools sends its text as `tool_plan`, as Cohere's tool-use guide shows
 * (https://docs.cohere.com/v2/docs/tool-use). Refusals become assistant text. Prompt-cache hints
 * are left out (Cohere caches by itself).
 */

const TARGET = 'cohere-v2' as const;

function unsupported(feature: string, reason: string): UnsupportedFeatureError {
  return new UnsupportedFeatureError(feature, TARGET, reason);
}

/** Encodes every message, in order. */
export function encodeMessages(messages: CanonicalMessage[]): JsonObject[] {
  return messages.flatMap(encodeMessage);
}

function encodeMessage(message: CanonicalMessage): JsonObject[] {
  switch (message.role) {
    case 'system':
    case 'developer':
      return [{ role: 'system', content: textOnly(message.content, `${message.role} message`) }];
    case 'user': {
      const results = message.content.filter((part): part is ToolResultPart => part.type === 'tool_result');
      const rest = message.content.filter((part) => part.type !== 'tool_result');
      const out = results.map(encodeToolResult);
      if (rest.length) out.push({ role: 'user', content: userContent(rest) });
      return out;
    }
    case 'assistant':
      return [encodeAssistant(message.content)];
    case 'tool':
      return message.content.map((part) => {
        if (part.type !== 'tool_result') throw unsupported(`tool message ${part.type} content`, 'tool messages carry tool results only');
        return encodeToolResult(part);
      });
  }
}

/** A string for one text part, else an array of text blocks. */
function textOnly(parts: ContentPart[], where: string): string | JsonObject[] {
  const texts = parts.map((part) => {
    if (part.type !== 'text') throw unsupported(`${where} ${part.type} content`, `a ${where} holds text only`);
    return part.text;
  });
  return texts.length === 1 ? texts[0]! : texts.map((text) => ({ type: 'text', text }));
}

function encodeToolResult(part: ToolResultPart): JsonObject {
  const content = part.content.map((item) => {
    if (item.type !== 'text') throw unsupported(`tool result ${item.type} content`, 'Cohere tool results hold text and JSON documents');
    return { type: 'text', text: item.text };
  });
  return { role: 'tool', tool_call_id: part.tool_call_id, content };
}

function userContent(parts: ContentPart[]): string | JsonObject[] {
  if (parts.length === 1 && parts[0]!.type === 'text') return parts[0]!.text;
  return parts.map((part) => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'image') {
      const image = encodeImageUrl(part);
      if (!image) throw unsupported('image file id', 'Cohere takes images as URLs or data URLs');
      return image;
    }
    throw unsupported(`user message ${part.type} content`, 'Cohere user messages carry text and images');
  });
}

function encodeAssistant(parts: ContentPart[]): JsonObject {
  const thinking: JsonObject[] = [];
  const texts: string[] = [];
  const calls: JsonObject[] = [];
  for (const part of parts) {
    if (part.type === 'thinking') thinking.push({ type: 'thinking', thinking: part.text });
    else if (part.type === 'text' || part.type === 'refusal') texts.push(part.text);
    else if (part.type === 'tool_call') calls.push(encodeFunctionCall(part));
    else throw unsupported(`assistant message ${part.type} content`, 'Cohere assistant turns carry text, thinking and tool calls');
  }
  const out: JsonObject = { role: 'assistant' };
  if (calls.length) {
    if (texts.length) out.tool_plan = texts.join('');
    if (thinking.length) out.content = thinking;
    out.tool_calls = calls;
    return out;
  }
  const blocks = [...thinking, ...texts.map((text) => ({ type: 'text', text }))];
  out.content = thinking.length === 0 && texts.length === 1 ? texts[0] : blocks;
  return out;
}
