import { type CanonicalMessage, type ContentPart, FormatError, type TextPart } from '../../../core/plugin/index.js';
import { decodeImageUrl } from '../../shared/formats/image-url.js';
import {
  childPath,
  expectArray,
  expectObject,
  isObject,
  optionalString,
  requireString,
  type JsonObject,
} from '../../shared/formats/json-fields.js';

/**
 * Cohere v2 `messages` -> canonical messages (https://docs.cohere.com/reference/chat,
 * https://docs.cohere.com/v2/docs/tool-use). An assistant turn's `tool_plan` (the text the
 * model writes before calling tools) becomes a text part ahead of the calls. A tool result's
 * `document` blocks become text parts holding the document JSON, the portable form of a tool
 * output; the document id, used only for Cohere citations, is not kept.
 */

/** Decodes every message. */
export function decodeMessages(raw: unknown[]): CanonicalMessage[] {
  const toolNames = new Map<string, string>();
  return raw.map((value, i) => decodeMessage(value, childPath('messages', i), toolNames));
}

function decodeMessage(value: unknown, path: string, toolNames: Map<string, string>): CanonicalMessage {
  const m = expectObject(value, path);
  const role = requireString(m, 'role', path);
  const contentPath = childPath(path, 'content');
  switch (role) {
    case 'system':
      return { role, content: decodeText(m.content, contentPath) };
    case 'user':
      return { role, content: decodeUser(m.content, contentPath) };
    case 'assistant':
      return { role, content: decodeAssistant(m, path, toolNames) };
    case 'tool': {
      const id = requireString(m, 'tool_call_id', path);
      const name = toolNames.get(id);
      const result: ContentPart = { type: 'tool_result', tool_call_id: id, content: decodeToolContent(m.content, contentPath) };
      if (name) result.name = name;
      return { role: 'tool', content: [result] };
    }
    default:
      throw new FormatError(`${path}.role "${role}" is not a Cohere chat role`, childPath(path, 'role'));
  }
}

function textBlock(item: unknown, path: string): TextPart {
  const part = expectObject(item, path);
  if (part.type !== 'text') throw new FormatError(`${path}.type must be "text" here`, childPath(path, 'type'));
  return { type: 'text', text: requireString(part, 'text', path) };
}

function decodeText(value: unknown, path: string): TextPart[] {
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  return expectArray(value, path).map((item, i) => textBlock(item, childPath(path, i)));
}

function decodeUser(value: unknown, path: string): ContentPart[] {
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  return expectArray(value, path).map((item, i) => {
    const at = childPath(path, i);
    const part = expectObject(item, at);
    if (part.type === 'text') return textBlock(part, at);
    if (part.type !== 'image_url') throw new FormatError(`${at}.type must be text or image_url`, childPath(at, 'type'));
    return decodeImageUrl(part, at);
  });
}

function decodeToolContent(value: unknown, path: string): TextPart[] {
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  return expectArray(value, path).map((item, i) => {
    const at = childPath(path, i);
    const part = expectObject(item, at);
    if (part.type === 'text') return textBlock(part, at);
    if (part.type !== 'document') throw new FormatError(`${at}.type must be text or document`, childPath(at, 'type'));
    const document = expectObject(part.document, childPath(at, 'document'));
    const data = document.data;
    // Cohere's own examples send `data` as a JSON string; the API schema says an object.
    return { type: 'text', text: typeof data === 'string' ? data : JSON.stringify(data ?? {}) };
  });
}

function decodeAssistant(m: JsonObject, path: string, toolNames: Map<string, string>): ContentPart[] {
  const thinking: ContentPart[] = [];
  const texts: TextPart[] = [];
  const contentPath = childPath(path, 'content');
  if (typeof m.content === 'string') texts.push({ type: 'text', text: m.content });
  else if (m.content !== undefined && m.content !== null) {
    expectArray(m.content, contentPath).forEach((item, i) => {
      const at = childPath(contentPath, i);
      const part = expectObject(item, at);
      if (part.type === 'thinking') thinking.push({ type: 'thinking', text: requireString(part, 'thinking', at) });
      else texts.push(textBlock(part, at));
    });
  }
  const citations = m.citations;
  if (Array.isArray(citations) && citations.length && texts[0]) texts[0].citations = citations;
  const plan = optionalString(m, 'tool_plan', path);
  const calls: ContentPart[] = [];
  if (m.tool_calls !== undefined && m.tool_calls !== null) {
    const callsPath = childPath(path, 'tool_calls');
    expectArray(m.tool_calls, callsPath).forEach((item, i) => {
      const at = childPath(callsPath, i);
      const call = expectObject(item, at);
      const fnPath = childPath(at, 'function');
      const fn = isObject(call.function) ? call.function : expectObject(call.function, fnPath);
      const id = requireString(call, 'id', at);
      const name = requireString(fn, 'name', fnPath);
      toolNames.set(id, name);
      calls.push({ type: 'tool_call', id, name, arguments: optionalString(fn, 'arguments', fnPath) ?? '{}' });
    });
  }
  const planPart: TextPart[] = plan ? [{ type: 'text', text: plan }] : [];
  return [...thinking, ...planPart, ...texts, ...calls];
}
