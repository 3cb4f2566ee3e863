import { type CanonicalMessage, type ContentPart, type MediaSource, type ToolResultPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { toDataUrl } from '../../shared/formats/data-url.js';
import { encodeFunctionCall } from '../../shared/formats/function-tools.js';
import { encodeImageUrl } from '../../shared/formats/image-url.js';
import type { JsonObject } from '../../shared/formats/json-fields.js';

/**
 * Canonical messages -> Chat Completions `messages`
 * (https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages).
 * Tool results become one `tool` message each, wherever the source format put them (Anthropic
 * and Gemini put them in user turns). Parts the format cannot carry raise
 * UnsupportedFeatureError. Two things are left out on purpose: assistant reasoning in the
 * history (the format has no input field for it and DeepSeek answers 400 when it is sent back,
 * https://api-docs.deepseek.com/guides/reasoning_model) and prompt-cache hints (OpenAI caches
 * prompts automatically).
 */

const TARGET = 'openai-chat' as const;

function unsupported(feature: string, reason: string): UnsupportedFeatureError {
  return new UnsupportedFeatureError(feature, TARGET, reason);
}

/** Encodes every message, in order. */
export function encodeMessages(messages: CanonicalMessage[]): JsonObject[] {
  return messages.flatMap((message) => encodeMessage(message));
}

function encodeMessage(message: CanonicalMessage): JsonObject[] {
  const named = (out: JsonObject): JsonObject => (message.name ? { ...out, name: message.name } : out);
  switch (message.role) {
    case 'system':
    case 'developer':
      return [named({ role: message.role, content: textContent(message.content, `${message.role} message`) })];
    case 'user': {
      const results = message.content.filter((part): part is ToolResultPart => part.type === 'tool_result');
      const rest = message.content.filter((part) => part.type !== 'tool_result');
      const out = results.map(encodeToolResult);
      if (rest.length) out.push(named({ role: 'user', content: userContent(rest) }));
      return out;
    }
    case 'assistant':
      return [named(encodeAssistant(message.content))];
    case 'tool':
      return message.content.map((part) => {
        if (part.type !== 'tool_result') throw unsupported(`tool message ${part.type} content`, 'tool messages carry tool results only');
        return encodeToolResult(part);
      });
  }
}

/** A string when the content is one text part, else an array of text parts. */
function textContent(parts: ContentPart[], where: string): string | JsonObject[] {
  const texts = parts.map((part) => {
    if (part.type !== 'text') throw unsupported(`${where} ${part.type} content`, `a ${where} holds text only`);
    return part.text;
  });
  return texts.length === 1 ? texts[0]! : texts.map((text) => ({ type: 'text', text }));
}

function encodeToolResult(part: ToolResultPart): JsonObject {
  return { role: 'tool', tool_call_id: part.tool_call_id, content: textContent(part.content, 'tool result') };
}

function userContent(parts: ContentPart[]): string | JsonObject[] {
  if (parts.length === 1 && parts[0]!.type === 'text') return parts[0]!.text;
  return parts.map(encodeUserPart);
}

function encodeUserPart(part: ContentPart): JsonObject {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image': {
      const image = encodeImageUrl(part);
      if (!image) throw unsupported('image file id', 'image_url takes a URL or a data URL, not a file id');
      return image;
    }
    case 'audio':
      return { type: 'input_audio', input_audio: encodeAudio(part.source) };
    case 'document':
      return { type: 'file', file: encodeFile(part.source, part.name ?? part.title) };
    default:
      throw unsupported(`user message ${part.type} content`, 'user messages carry text, images, audio and files');
  }
}

function encodeAudio(source: MediaSource): JsonObject {
  if (source.kind !== 'base64') throw unsupported(`audio ${source.kind} source`, 'input_audio takes base64 data only');
  const type = source.media_type.toLowerCase();
  if (type === 'audio/wav' || type === 'audio/x-wav' || type === 'audio/wave') return { data: source.data, format: 'wav' };
  if (type === 'audio/mpeg' || type === 'audio/mp3') return { data: source.data, format: 'mp3' };
  throw unsupported(`audio ${source.media_type}`, 'input_audio takes wav or mp3 only');
}

function encodeFile(source: MediaSource, filename: string | undefined): JsonObject {
  if (source.kind === 'file') return { file_id: source.file_id };
  if (source.kind === 'url') throw unsupported('document URL', 'file parts take an uploaded file id or base64 data, not a URL');
  const file: JsonObject = { file_data: toDataUrl(source.media_type, source.data) };
  // The API wants a filename with inline data; a generic one keeps the request valid.
  file.filename = filename ?? 'document';
  return file;
}

function encodeAssistant(parts: ContentPart[]): JsonObject {
  const texts: string[] = [];
  const refusals: string[] = [];
  const calls: JsonObject[] = [];
  for (const part of parts) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'refusal') refusals.push(part.text);
    else if (part.type === 'tool_call') calls.push(encodeFunctionCall(part));
    else if (part.type !== 'thinking') {
      throw unsupported(`assistant message ${part.type} content`, 'assistant turns carry text, refusals and tool calls');
    }
  }
  const out: JsonObject = { role: 'assistant' };
  if (texts.length === 1) out.content = texts[0];
  else if (texts.length > 1) out.content = texts.map((text) => ({ type: 'text', text }));
  else out.content = null;
  if (refusals.length) out.refusal = refusals.join('');
  if (calls.length) out.tool_calls = calls;
  return out;
}
