/**
 * Chat Completions bodies: `messages[]` of a request, `choices[].message` of a response.
 * Text parts, refusals, tool-call arguments (JSON text, inspected as it stands) and tool
 * results become segments; `file` parts with inline data become attachments.
 */
import { isObject, type Json, type JsonPath } from './json-path.js';
import { sourceOfRole, type SegmentBuilder } from './segment-builder.js';

function message(b: SegmentBuilder, path: JsonPath, m: unknown): void {
  if (!isObject(m)) return;
  const { source, role } = sourceOfRole(m.role);
  const fromTool = source === 'tool_result';
  if (typeof m.content === 'string') b.text([...path, 'content'], m.content, source, role);
  else if (Array.isArray(m.content)) {
    m.content.forEach((part, j) => {
      if (!isObject(part)) return;
      const at = [...path, 'content', j];
      if (part.type === 'text') b.text([...at, 'text'], part.text, source, role);
      else if (part.type === 'refusal') b.text([...at, 'refusal'], part.refusal, source, role);
      else if (part.type === 'file' && isObject(part.file)) b.attachment(part.file.file_data, undefined, fromTool, part.file.filename);
    });
  }
  if (typeof m.refusal === 'string') b.text([...path, 'refusal'], m.refusal, source, role);
  if (Array.isArray(m.tool_calls)) {
    m.tool_calls.forEach((call, k) => {
      if (isObject(call) && isObject(call.function)) b.text([...path, 'tool_calls', k, 'function', 'arguments'], call.function.arguments, 'tool_call', 'assistant');
    });
  }
}

/** Segments of a chat-completions request. */
export function locateOpenAIChatRequest(body: Json, b: SegmentBuilder): void {
  if (Array.isArray(body.messages)) body.messages.forEach((m, i) => message(b, ['messages', i], m));
}

/** Segments of a chat completion response. */
export function locateOpenAIChatResponse(body: Json, b: SegmentBuilder): void {
  if (Array.isArray(body.choices)) body.choices.forEach((c, i) => isObject(c) && message(b, ['choices', i, 'message'], c.message));
}
