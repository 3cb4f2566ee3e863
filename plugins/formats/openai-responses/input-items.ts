import { type CanonicalMessage, type ContentPart, FormatError, type ToolResultPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { decodeContentPart, encodeInputPart } from './content-parts.js';
import { decodeReasoningItem, encodeReasoningItem } from './reasoning-items.js';
import type { DecodeNotes } from './decode-notes.js';
import { childPath, expectArray, expectObject, requireString, type JsonObject } from '../../shared/formats/json-fields.js';

/**
 * The `input` of a Responses request (a string, or a list of items: messages, `function_call`,
 * `function_call_output`, `reasoning`) to and from canonical messages.
 * https://platform.openai.com/docs/api-reference/responses/create (input) and
 * https://platform.openai.com/docs/guides/function-calling (the function_call / _output loop).
 *
 * Canonical messages group one assistant turn into one message, so adjacent assistant-side items
 * (reasoning, assistant message, function calls) merge into one assistant message.
 */

const MESSAGE_ROLES = new Set(['user', 'assistant', 'system', 'developer']);

/** `input` -> canonical messages. */
export function decodeInput(input: unknown, notes: DecodeNotes): CanonicalMessage[] {
  if (input === undefined || input === null) return [];
  if (typeof input === 'string') return [{ role: 'user', content: [{ type: 'text', text: input }] }];
  const items = expectArray(input, 'input');
  const messages: CanonicalMessage[] = [];
  const toolNames = new Map<string, string>();
  let assistant: CanonicalMessage | undefined;
  const assistantTurn = (): CanonicalMessage => {
    if (!assistant) {
      assistant = { role: 'assistant', content: [] };
      messages.push(assistant);
    }
    return assistant;
  };

  items.forEach((raw, i) => {
    const path = childPath('input', i);
    const item = expectObject(raw, path);
    const type = item.type === undefined ? 'message' : requireString(item, 'type', path);
    switch (type) {
      case 'message': {
        const message = decodeMessage(item, path, notes);
        if (message.role === 'assistant') assistantTurn().content.push(...message.content);
        else {
          assistant = undefined;
          messages.push(message);
        }
        break;
      }
      case 'function_call': {
        const id = requireString(item, 'call_id', path);
        const name = requireString(item, 'name', path);
        toolNames.set(id, name);
        assistantTurn().content.push({
          type: 'tool_call',
          id,
          name,
          arguments: requireString(item, 'arguments', path),
        });
        break;
      }
      case 'function_call_output': {
        assistant = undefined;
        messages.push({ role: 'tool', content: [decodeToolOutput(item, path, toolNames, notes)] });
        break;
      }
      case 'reasoning':
        assistantTurn().content.push(decodeReasoningItem(item, path));
        break;
      default:
        // item_reference, built-in tool calls and their outputs live only on OpenAI's side.
        notes.sameFormat(`${childPath(path, 'type')}=${type}`, 'input item type has no canonical equivalent');
    }
  });
  return messages.filter((m) => m.content.length > 0 || m.role !== 'assistant');
}

function decodeMessage(item: JsonObject, path: string, notes: DecodeNotes): CanonicalMessage {
  const role = requireString(item, 'role', path);
  if (!MESSAGE_ROLES.has(role)) {
    throw new FormatError(`${path}.role must be one of user, assistant, system, developer`, `${path}.role`);
  }
  const content = item.content;
  let parts: ContentPart[];
  if (typeof content === 'string') parts = [{ type: 'text', text: content }];
  else {
    const list = expectArray(content, `${path}.content`);
    parts = [];
    list.forEach((raw, j) => {
      const part = decodeContentPart(raw, childPath(`${path}.content`, j), notes);
      if (part) parts.push(part);
    });
  }
  return { role: role as CanonicalMessage['role'], content: parts };
}

function decodeToolOutput(
  item: JsonObject,
  path: string,
  toolNames: Map<string, string>,
  notes: DecodeNotes,
): ToolResultPart {
  const callId = requireString(item, 'call_id', path);
  const output = item.output;
  const result: ToolResultPart = { type: 'tool_result', tool_call_id: callId, content: [] };
  const name = toolNames.get(callId);
  if (name !== undefined) result.name = name;
  if (typeof output === 'string') {
    result.content.push({ type: 'text', text: output });
    return result;
  }
  expectArray(output, `${path}.output`).forEach((raw, j) => {
    const part = decodeContentPart(raw, childPath(`${path}.output`, j), notes);
    if (part?.type === 'text' || part?.type === 'image' || part?.type === 'document') result.content.push(part);
  });
  return result;
}

/** Canonical messages -> `instructions` (the leading text-only system messages) and `input` items. */
export function encodeMessages(messages: CanonicalMessage[]): { instructions?: string; input: JsonObject[] } {
  let start = 0;
  const leading: string[] = [];
  while (start < messages.length && isPlainSystem(messages[start]!)) {
    leading.push(messages[start]!.content.map((p) => (p.type === 'text' ? p.text : '')).join(''));
    start += 1;
  }
  const input: JsonObject[] = [];
  messages.slice(start).forEach((message, i) => encodeMessage(message, `messages[${start + i}]`, input));
  return leading.length > 0 ? { instructions: leading.join('\n\n'), input } : { input };
}

function isPlainSystem(message: CanonicalMessage): boolean {
  return message.role === 'system' && message.content.every((p) => p.type === 'text');
}

function encodeMessage(message: CanonicalMessage, where: string, out: JsonObject[]): void {
  switch (message.role) {
    case 'assistant':
      return encodeAssistant(message.content, where, out);
    case 'tool':
      for (const part of message.content) {
        if (part.type !== 'tool_result') {
          throw new UnsupportedFeatureError(`${part.type} content in a tool message`, 'openai-responses', 'tool messages carry only tool results');
        }
        out.push(encodeToolResult(part, where));
      }
      return;
    default: {
      // Tool results may ride in user messages (Anthropic); they become function_call_output items in order.
      let run: JsonObject[] = [];
      const flush = (): void => {
        if (run.length > 0) out.push({ type: 'message', role: message.role, content: run });
        run = [];
      };
      for (const part of message.content) {
        if (part.type === 'tool_result') {
          flush();
          out.push(encodeToolResult(part, where));
        } else {
          const encoded = encodeInputPart(part, `a ${message.role} message`);
          if (encoded) run.push(encoded);
        }
      }
      flush();
    }
  }
}

function encodeAssistant(parts: ContentPart[], where: string, out: JsonObject[]): void {
  let run: JsonObject[] = [];
  const flush = (): void => {
    if (run.length > 0) out.push({ type: 'message', role: 'assistant', content: run });
    run = [];
  };
  for (const part of parts) {
    switch (part.type) {
      case 'text': {
        if (part.native) {
          // A Responses item with no canonical type goes back as the item it was; another
          // format's native block means nothing here.
          if (part.native.format === 'openai-responses') {
            flush();
            out.push(part.native.block);
          }
          break;
        }
        const text: JsonObject = { type: 'output_text', text: part.text };
        if (part.citations?.length) text.annotations = part.citations;
        run.push(text);
        break;
      }
      case 'refusal':
        run.push({ type: 'refusal', refusal: part.text });
        break;
      case 'tool_call':
        flush();
        out.push({ type: 'function_call', call_id: part.id, name: part.name, arguments: part.arguments });
        break;
      case 'thinking':
        flush();
        // Only OpenAI's own reasoning items (they carry an id) can be replayed; another
        // provider's signed thinking cannot be verified here, so it is left out.
        if (part.id !== undefined) out.push(encodeReasoningItem(part));
        break;
      default:
        throw new UnsupportedFeatureError(`${part.type} content in an assistant message (${where})`, 'openai-responses', 'assistant input holds text, refusals, function calls and reasoning only');
    }
  }
  flush();
}

function encodeToolResult(part: ToolResultPart, where: string): JsonObject {
  const allText = part.content.every((p) => p.type === 'text');
  const output = allText
    ? part.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n')
    : part.content.flatMap((p) => encodeInputPart(p, `a tool result (${where})`) ?? []);
  return { type: 'function_call_output', call_id: part.tool_call_id, output };
}

/** The text `encodeMessages` would put in `instructions`, or null (for echoing on a response). */
export function leadingInstructions(messages: CanonicalMessage[]): string | null {
  const texts: string[] = [];
  for (const message of messages) {
    if (!isPlainSystem(message)) break;
    texts.push(message.content.map((p) => (p.type === 'text' ? p.text : '')).join(''));
  }
  return texts.length > 0 ? texts.join('\n\n') : null;
}
