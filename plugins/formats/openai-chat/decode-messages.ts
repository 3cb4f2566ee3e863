import { type AudioPart, type CanonicalMessage, type ContentPart, type DocumentPart, FormatError, type SameFormatFeature, type TextPart } from '../../../core/plugin/index.js';
import { parseDataUrl } from '../../shared/formats/data-url.js';
import { decodeImageUrl } from '../../shared/formats/image-url.js';
import {
  childPath,
  expectArray,
  expectObject,
  optionalString,
  requireString,
  type JsonObject,
} from '../../shared/formats/json-fields.js';

/**
 * Chat Completions `messages` -> canonical messages
 * (https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages).
 * Tool results become `tool` messages holding one `tool_result` part; the called tool's name is
 * filled in from the assistant turn that made the call. Reasoning text returned by
 * OpenAI-compatible providers (`reasoning_content`, DeepSeek; `reasoning`, OpenRouter) becomes a
 * thinking part.
 */

const AUDIO_TYPES: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

/** Decodes every message; `notes` collects features only an OpenAI-format upstream can serve. */
export function decodeMessages(raw: unknown[], notes: SameFormatFeature[]): CanonicalMessage[] {
  const toolNames = new Map<string, string>();
  return raw.map((value, i) => decodeMessage(value, childPath('messages', i), toolNames, notes));
}

function decodeMessage(
  value: unknown,
  path: string,
  toolNames: Map<string, string>,
  notes: SameFormatFeature[],
): CanonicalMessage {
  const m = expectObject(value, path);
  const role = requireString(m, 'role', path);
  const name = optionalString(m, 'name', path);
  const withName = (message: CanonicalMessage): CanonicalMessage => (name ? { ...message, name } : message);
  switch (role) {
    case 'system':
    case 'developer':
      return withName({ role, content: decodeTextOnly(m.content, childPath(path, 'content')) });
    case 'user':
      return withName({ role, content: decodeUserContent(m.content, childPath(path, 'content')) });
    case 'assistant':
      return withName({ role, content: decodeAssistant(m, path, toolNames, notes) });
    case 'tool': {
      const id = requireString(m, 'tool_call_id', path);
      return { role: 'tool', content: [toolResult(id, toolNames.get(id), decodeTextOnly(m.content, childPath(path, 'content')))] };
    }
    case 'function': {
      // Deprecated function calling: the result names the function, not a call id.
      notes.push({ feature: `${path}.role=function`, reason: 'deprecated function calling has no call ids' });
      const fn = requireString(m, 'name', path);
      return { role: 'tool', content: [toolResult(fn, fn, decodeTextOnly(m.content, childPath(path, 'content')))] };
    }
    default:
      throw new FormatError(`${path}.role "${role}" is not a chat message role`, childPath(path, 'role'));
  }
}

function toolResult(id: string, name: string | undefined, content: TextPart[]): ContentPart {
  return name ? { type: 'tool_result', tool_call_id: id, name, content } : { type: 'tool_result', tool_call_id: id, content };
}

/** `content` of system, developer and tool messages: a string or an array of text parts. */
function decodeTextOnly(value: unknown, path: string): TextPart[] {
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  return expectArray(value, path).map((item, i) => {
    const at = childPath(path, i);
    const part = expectObject(item, at);
    const type = requireString(part, 'type', at);
    if (type !== 'text') throw new FormatError(`${at}.type must be "text" here`, childPath(at, 'type'));
    return { type: 'text', text: requireString(part, 'text', at) };
  });
}

function decodeUserContent(value: unknown, path: string): ContentPart[] {
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  return expectArray(value, path).map((item, i) => decodeUserPart(expectObject(item, childPath(path, i)), childPath(path, i)));
}

function decodeUserPart(part: JsonObject, path: string): ContentPart {
  const type = requireString(part, 'type', path);
  switch (type) {
    case 'text':
      return { type: 'text', text: requireString(part, 'text', path) };
    case 'image_url':
      return decodeImageUrl(part, path);
    case 'input_audio': {
      const at = childPath(path, 'input_audio');
      const audio = expectObject(part.input_audio, at);
      const format = requireString(audio, 'format', at);
      const mediaType = AUDIO_TYPES[format];
      if (!mediaType) throw new FormatError(`${at}.format must be wav or mp3`, childPath(at, 'format'));
      const out: AudioPart = { type: 'audio', source: { kind: 'base64', data: requireString(audio, 'data', at), media_type: mediaType } };
      return out;
    }
    case 'file':
      return decodeFilePart(expectObject(part.file, childPath(path, 'file')), childPath(path, 'file'));
    default:
      throw new FormatError(`${path}.type "${type}" is not a user content part type`, childPath(path, 'type'));
  }
}

/** A `file` part: an uploaded `file_id`, or inline `file_data` (a base64 data URL) with a filename. */
function decodeFilePart(file: JsonObject, path: string): DocumentPart {
  const filename = optionalString(file, 'filename', path);
  const fileId = optionalString(file, 'file_id', path);
  const fileData = optionalString(file, 'file_data', path);
  let out: DocumentPart;
  if (fileId !== undefined) out = { type: 'document', source: { kind: 'file', file_id: fileId } };
  else if (fileData !== undefined) {
    // The API documents base64 data; clients send it as a data URL, bare base64 is PDF.
    const parsed = parseDataUrl(fileData) ?? { media_type: 'application/pdf', data: fileData };
    out = { type: 'document', source: { kind: 'base64', ...parsed } };
  } else throw new FormatError(`${path} needs file_id or file_data`, path);
  if (filename !== undefined) out.name = filename;
  return out;
}

function decodeAssistant(
  m: JsonObject,
  path: string,
  toolNames: Map<string, string>,
  notes: SameFormatFeature[],
): ContentPart[] {
  const parts: ContentPart[] = [];
  const reasoning = optionalString(m, 'reasoning_content', path) ?? optionalString(m, 'reasoning', path);
  if (reasoning) parts.push({ type: 'thinking', text: reasoning });
  const contentPath = childPath(path, 'content');
  if (typeof m.content === 'string') parts.push({ type: 'text', text: m.content });
  else if (m.content !== undefined && m.content !== null) {
    expectArray(m.content, contentPath).forEach((item, i) => {
      const at = childPath(contentPath, i);
      const part = expectObject(item, at);
      const type = requireString(part, 'type', at);
      if (type === 'text') parts.push({ type: 'text', text: requireString(part, 'text', at) });
      else if (type === 'refusal') parts.push({ type: 'refusal', text: requireString(part, 'refusal', at) });
      else throw new FormatError(`${at}.type must be text or refusal`, childPath(at, 'type'));
    });
  }
  const refusal = optionalString(m, 'refusal', path);
  if (refusal) parts.push({ type: 'refusal', text: refusal });
  if (m.tool_calls !== undefined && m.tool_calls !== null) {
    const callsPath = childPath(path, 'tool_calls');
    expectArray(m.tool_calls, callsPath).forEach((item, i) => {
      const at = childPath(callsPath, i);
      const call = expectObject(item, at);
      const type = requireString(call, 'type', at);
      const id = requireString(call, 'id', at);
      if (type !== 'function') {
        notes.push({ feature: `${at}.type=${type}`, reason: `${type} tool calls exist only in OpenAI formats` });
        return;
      }
      const fnPath = childPath(at, 'function');
      const fn = expectObject(call.function, fnPath);
      const name = requireString(fn, 'name', fnPath);
      toolNames.set(id, name);
      parts.push({ type: 'tool_call', id, name, arguments: requireString(fn, 'arguments', fnPath) });
    });
  }
  if (m.function_call !== undefined && m.function_call !== null) {
    notes.push({ feature: `${path}.function_call`, reason: 'deprecated function calling has no call ids' });
    const fnPath = childPath(path, 'function_call');
    const fn = expectObject(m.function_call, fnPath);
    const name = requireString(fn, 'name', fnPath);
    parts.push({ type: 'tool_call', id: name, name, arguments: requireString(fn, 'arguments', fnPath) });
  }
  if (m.audio !== undefined && m.audio !== null) {
    notes.push({ feature: `${path}.audio`, reason: 'a reference to an earlier OpenAI audio answer' });
  }
  return parts;
}
