import type { ContentPart, TextPart } from '../../../core/plugin/index.js';
import { childPath, expectArray, expectObject, requireString, type JsonObject } from '../../shared/formats/json-fields.js';
import { newItemId } from './item-ids.js';
import { decodeReasoningItem, encodeReasoningItem } from './reasoning-items.js';

/**
 * A response's `output` items (`message` with `output_text` / `refusal` parts, `function_call`,
 * `reasoning`) to and from canonical assistant content.
 * https://platform.openai.com/docs/api-reference/responses/object (output)
 * Built-in tool items (web_search_call, file_search_call, ...) record work OpenAI did itself and
 * have no canonical type: they ride as native blocks (an empty text part carrying the item), so
 * a Responses client gets them back and other formats skip them.
 */

/** A text part carrying a Responses item verbatim. */
function nativeItemPart(item: JsonObject): TextPart {
  return { type: 'text', text: '', native: { format: 'openai-responses', block: item } };
}

/** `output` -> canonical content parts. */
export function decodeOutput(raw: unknown): ContentPart[] {
  const content: ContentPart[] = [];
  expectArray(raw, 'output').forEach((value, i) => {
    const path = childPath('output', i);
    const item = expectObject(value, path);
    switch (item.type) {
      case 'message': {
        expectArray(item.content, `${path}.content`).forEach((rawPart, j) => {
          const at = childPath(`${path}.content`, j);
          const part = expectObject(rawPart, at);
          if (part.type === 'output_text') {
            const text: TextPart = { type: 'text', text: requireString(part, 'text', at) };
            if (Array.isArray(part.annotations) && part.annotations.length > 0) text.citations = part.annotations;
            content.push(text);
          } else if (part.type === 'refusal') {
            content.push({ type: 'refusal', text: requireString(part, 'refusal', at) });
          }
        });
        break;
      }
      case 'function_call':
        content.push({
          type: 'tool_call',
          id: requireString(item, 'call_id', path),
          name: requireString(item, 'name', path),
          arguments: requireString(item, 'arguments', path),
        });
        break;
      case 'reasoning':
        content.push(decodeReasoningItem(item, path));
        break;
      default:
        content.push(nativeItemPart(item));
        break;
    }
  });
  return content;
}

/** An `output_text` part for `text`. */
export function outputTextPart(text: string, annotations: unknown[] = []): JsonObject {
  return { type: 'output_text', annotations, logprobs: [], text };
}

/** Canonical content -> `output` items; adjacent text and refusal parts share one message. */
export function encodeOutput(content: ContentPart[]): JsonObject[] {
  const items: JsonObject[] = [];
  let message: JsonObject[] | undefined;
  const messageParts = (): JsonObject[] => {
    if (!message) {
      message = [];
      items.push({ id: newItemId('msg'), type: 'message', status: 'completed', role: 'assistant', content: message });
    }
    return message;
  };
  for (const part of content) {
    switch (part.type) {
      case 'text':
        if (part.native) {
          if (part.native.format === 'openai-responses') {
            message = undefined;
            items.push(part.native.block);
          }
          break;
        }
        messageParts().push(outputTextPart(part.text, part.citations ?? []));
        break;
      case 'refusal':
        messageParts().push({ type: 'refusal', refusal: part.text });
        break;
      case 'tool_call':
        message = undefined;
        items.push(functionCallItem(newItemId('fc'), part.id, part.name, part.arguments, 'completed'));
        break;
      case 'thinking':
        message = undefined;
        items.push(encodeReasoningItem(part, part.id ?? newItemId('rs')));
        break;
      default:
        break;
    }
  }
  return items;
}

/** A `function_call` output item. */
export function functionCallItem(id: string, callId: string, name: string, args: string, status: string): JsonObject {
  return { id, type: 'function_call', status, arguments: args, call_id: callId, name };
}
