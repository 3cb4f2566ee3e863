import type { ThinkingPart } from '../../../core/plugin/index.js';
import { childPath, expectArray, expectObject, optionalString, requireString, type JsonObject } from '../../shared/formats/json-fields.js';

/**
 * `reasoning` items (input and output): `id`, `summary` ([{type:'summary_text', text}]),
 * optional raw `content` ([{type:'reasoning_text', text}]) and `encrypted_content`, which must
 * come back untouched for stateless multi-turn reasoning.
 * https://platform.openai.com/docs/guides/reasoning and
 * https://platform.openai.com/docs/guides/conversation-state
 */

/** A reasoning item -> a canonical thinking part (summaries joined by blank lines). */
export function decodeReasoningItem(item: JsonObject, path: string): ThinkingPart {
  const texts = (key: 'summary' | 'content'): string[] => {
    const list = item[key];
    if (list === undefined || list === null) return [];
    return expectArray(list, `${path}.${key}`).map((raw, j) => {
      const at = childPath(`${path}.${key}`, j);
      return requireString(expectObject(raw, at), 'text', at);
    });
  };
  const summary = texts('summary');
  // Raw reasoning text (open-weight models) stands in when there is no summary.
  const text = (summary.length > 0 ? summary : texts('content')).join('\n\n');
  const part: ThinkingPart = { type: 'thinking', text };
  const id = optionalString(item, 'id', path);
  if (id !== undefined) part.id = id;
  const encrypted = optionalString(item, 'encrypted_content', path);
  if (encrypted !== undefined) part.redacted_data = encrypted;
  return part;
}

/** A canonical thinking part -> a reasoning item. */
export function encodeReasoningItem(part: ThinkingPart, id = part.id): JsonObject {
  const item: JsonObject = {
    id,
    type: 'reasoning',
    summary: part.text ? [{ type: 'summary_text', text: part.text }] : [],
  };
  if (part.redacted_data !== undefined) item.encrypted_content = part.redacted_data;
  return item;
}
