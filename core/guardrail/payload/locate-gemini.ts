/**
 * generateContent bodies: `systemInstruction` and `contents[]` of a request,
 * `candidates[].content` of a response. Text parts (not thoughts), functionCall args and
 * functionResponse values (each string) become segments; non-image inlineData becomes an
 * attachment.
 */
import { isObject, type Json, type JsonPath } from './json-path.js';
import { sourceOfRole, type SegmentBuilder, type SegmentRole } from './segment-builder.js';
import type { SegmentSource } from '../detector.js';

function parts(b: SegmentBuilder, path: JsonPath, list: unknown, source: SegmentSource, role: SegmentRole | undefined): void {
  if (!Array.isArray(list)) return;
  list.forEach((part, j) => {
    if (!isObject(part)) return;
    const at = [...path, j];
    if (typeof part.text === 'string' && part.thought !== true) b.text([...at, 'text'], part.text, source, role);
    if (isObject(part.functionCall)) b.leaves([...at, 'functionCall', 'args'], part.functionCall.args, 'tool_call', 'assistant');
    if (isObject(part.functionResponse)) b.leaves([...at, 'functionResponse', 'response'], part.functionResponse.response, 'tool_result', 'tool');
    if (isObject(part.inlineData) && typeof part.inlineData.mimeType === 'string' && !part.inlineData.mimeType.startsWith('image/')) {
      b.attachment(part.inlineData.data, part.inlineData.mimeType, false, part.inlineData.displayName);
    }
  });
}

/** Segments of a generateContent request. */
export function locateGeminiRequest(body: Json, b: SegmentBuilder): void {
  if (isObject(body.systemInstruction)) parts(b, ['systemInstruction', 'parts'], body.systemInstruction.parts, 'prompt', 'system');
  if (!Array.isArray(body.contents)) return;
  body.contents.forEach((c, i) => {
    if (!isObject(c)) return;
    const { source, role } = sourceOfRole(c.role);
    parts(b, ['contents', i, 'parts'], c.parts, source, role);
  });
}

/** Segments of a generateContent response. */
export function locateGeminiResponse(body: Json, b: SegmentBuilder): void {
  if (!Array.isArray(body.candidates)) return;
  body.candidates.forEach((c, i) => {
    if (isObject(c) && isObject(c.content)) parts(b, ['candidates', i, 'content', 'parts'], c.content.parts, 'completion', 'assistant');
  });
}
