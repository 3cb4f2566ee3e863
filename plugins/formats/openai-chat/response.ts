import { type CanonicalResponse, type ContentPart, type EncodeContext, FormatError, type TextPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { decodeFinishReason, encodeFinishReason } from './finish-reason.js';
import { encodeFunctionCall } from '../../shared/formats/function-tools.js';
import { childPath, expectArray, expectBody, expectObject, optionalString, requireString, type JsonObject } from '../../shared/formats/json-fields.js';
import { decodeUsage, encodeUsage } from './usage.js';

/**
 * The chat completion object (https://platform.openai.com/docs/api-reference/chat/object).
 * The canonical response holds one answer, so only `choices[0]` is read; `n > 1` answers exist
 * only on a same-format pass-through. Reasoning text from OpenAI-compatible providers
 * (`reasoning_content`, `reasoning`) becomes a thinking part, and the gateway writes thinking
 * back as `reasoning_content`, the field those providers' clients read.
 */

/** Upstream body -> canonical response. */
export function decodeResponse(body: unknown): CanonicalResponse {
  const b = expectBody(body, 'body');
  const choices = expectArray(b.choices, 'choices');
  if (!choices.length) throw new FormatError('choices must not be empty', 'choices');
  const choice = expectObject(choices[0], 'choices[0]');
  const message = expectObject(choice.message, 'choices[0].message');
  const response: CanonicalResponse = {
    id: optionalString(b, 'id', '') ?? '',
    model: optionalString(b, 'model', '') ?? '',
    created: typeof b.created === 'number' ? b.created : Math.floor(Date.now() / 1000),
    content: decodeMessageContent(message, 'choices[0].message'),
    finish_reason: decodeFinishReason(choice.finish_reason),
  };
  const usage = decodeUsage(b.usage);
  if (usage) response.usage = usage;
  return response;
}

function decodeMessageContent(message: JsonObject, path: string): ContentPart[] {
  const parts: ContentPart[] = [];
  const reasoning = optionalString(message, 'reasoning_content', path) ?? optionalString(message, 'reasoning', path);
  if (reasoning) parts.push({ type: 'thinking', text: reasoning });
  const content = optionalString(message, 'content', path);
  if (content) {
    const text: TextPart = { type: 'text', text: content };
    if (Array.isArray(message.annotations) && message.annotations.length) text.citations = message.annotations;
    parts.push(text);
  }
  const refusal = optionalString(message, 'refusal', path);
  if (refusal) parts.push({ type: 'refusal', text: refusal });
  if (message.tool_calls !== undefined && message.tool_calls !== null) {
    const callsPath = childPath(path, 'tool_calls');
    expectArray(message.tool_calls, callsPath).forEach((item, i) => {
      const at = childPath(callsPath, i);
      const call = expectObject(item, at);
      const fn = expectObject(call.function, childPath(at, 'function'));
      parts.push({
        type: 'tool_call',
        id: requireString(call, 'id', at),
        name: requireString(fn, 'name', childPath(at, 'function')),
        arguments: requireString(fn, 'arguments', childPath(at, 'function')),
      });
    });
  }
  return parts;
}

function isUrlCitation(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as JsonObject).type === 'url_citation';
}

/** Canonical response -> client body. */
export function encodeResponse(response: CanonicalResponse, context: EncodeContext): Record<string, unknown> {
  const texts: string[] = [];
  const thinking: string[] = [];
  const refusals: string[] = [];
  const calls: JsonObject[] = [];
  const citations: unknown[] = [];
  for (const part of response.content) {
    if (part.type === 'text') {
      texts.push(part.text);
      // Only OpenAI-shaped citations fit `annotations`; other formats' citations stay behind.
      if (part.citations) citations.push(...part.citations.filter(isUrlCitation));
    } else if (part.type === 'thinking') thinking.push(part.text);
    else if (part.type === 'refusal') refusals.push(part.text);
    else if (part.type === 'tool_call') calls.push(encodeFunctionCall(part));
    else {
      throw new UnsupportedFeatureError(`answer ${part.type} content`, 'openai-chat', 'a chat completion carries text and tool calls only');
    }
  }
  const message: JsonObject = {
    role: 'assistant',
    content: texts.length ? texts.join('') : null,
    refusal: refusals.length ? refusals.join('') : null,
  };
  if (thinking.length) message.reasoning_content = thinking.join('');
  if (calls.length) message.tool_calls = calls;
  message.annotations = citations;
  const body: JsonObject = {
    id: response.id || `chatcmpl-${Date.now().toString(36)}`,
    object: 'chat.completion',
    created: response.created,
    model: context.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: encodeFinishReason(response.finish_reason) }],
  };
  if (response.usage) body.usage = encodeUsage(response.usage);
  return body;
}
