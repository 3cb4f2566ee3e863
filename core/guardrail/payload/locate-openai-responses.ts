/**
 * Responses API bodies: `instructions` and `input` (a string or items) of a request, `output`
 * items of a response. Message text, refusals, function_call arguments and
 * function_call_output text become segments; `input_file` data becomes an attachment.
 */
import { isObject, type Json, type JsonPath } from './json-path.js';
import { sourceOfRole, type SegmentBuilder, type SegmentRole } from './segment-builder.js';
import type { SegmentSource } from '../detector.js';

function content(b: SegmentBuilder, path: JsonPath, value: unknown, source: SegmentSource, role: SegmentRole | undefined): void {
  if (typeof value === 'string') {
    b.text(path, value, source, role);
    return;
  }
  if (!Array.isArray(value)) return;
  value.forEach((part, j) => {
    if (!isObject(part)) return;
    const at = [...path, j];
    if (part.type === 'input_text' || part.type === 'output_text') b.text([...at, 'text'], part.text, source, role);
    else if (part.type === 'refusal') b.text([...at, 'refusal'], part.refusal, source, role);
    else if (part.type === 'input_file') b.attachment(part.file_data, undefined, source === 'tool_result', part.filename);
  });
}

function items(b: SegmentBuilder, path: JsonPath, list: unknown[]): void {
  list.forEach((item, i) => {
    if (!isObject(item)) return;
    const at = [...path, i];
    const type = item.type ?? 'message';
    if (type === 'message') {
      const { source, role } = sourceOfRole(item.role);
      content(b, [...at, 'content'], item.content, source, role);
    } else if (type === 'function_call') b.text([...at, 'arguments'], item.arguments, 'tool_call', 'assistant');
    else if (type === 'function_call_output') content(b, [...at, 'output'], item.output, 'tool_result', 'tool');
  });
}

/** Segments of a responses request. */
export function locateResponsesRequest(body: Json, b: SegmentBuilder): void {
  b.text(['instructions'], body.instructions, 'prompt', 'system');
  if (typeof body.input === 'string') b.text(['input'], body.input, 'prompt', 'user');
  else if (Array.isArray(body.input)) items(b, ['input'], body.input);
}

/** Segments of a responses response. */
export function locateResponsesResponse(body: Json, b: SegmentBuilder): void {
  if (Array.isArray(body.output)) items(b, ['output'], body.output);
}
