import { type CanonicalMessage, type ContentPart, FormatError, type SameFormatFeature, type TextPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import {
  blockList,
  decodeAssistantBlock,
  decodeText,
  decodeToolResult,
  decodeUserBlock,
} from './decode-blocks.js';
import { encodePart, encodeText } from './encode-blocks.js';
import { childPath, expectArray, expectObject, requireString, type JsonObject } from '../../shared/formats/json-fields.js';
import type { AnthropicBlock, AnthropicMessage } from './wire-types.js';

/**
 * `system` and `messages` <-> canonical messages (https://docs.anthropic.com/en/api/messages).
 * Anthropic has one system prompt before the conversation, so it decodes as one leading
 * `system` message, and every canonical `system` or `developer` message, wherever it stood,
 * is encoded into it in order (as the Gemini adapter does with `systemInstruction`). A user turn's `tool_result` blocks decode as one `tool` message each (the
 * shape the other formats use), in order; encoding merges `tool` messages and the user message
 * right after them back into one user turn, as Anthropic requires tool results to come first in
 * the user turn that follows the tool calls.
 */

const FORMAT = 'anthropic-messages';

/** Top-level `system` (a string or text blocks) -> a leading system message. */
export function decodeSystem(raw: unknown): CanonicalMessage | undefined {
  if (raw === undefined || raw === null) return undefined;
  const blocks = blockList(raw, 'system');
  if (typeof blocks === 'string') return { role: 'system', content: [{ type: 'text', text: blocks }] };
  const content = blocks.map(({ block, path }) => {
    if (block.type !== 'text') throw new FormatError(`${path}.type must be "text"`, `${path}.type`);
    return decodeText(block, path);
  });
  return { role: 'system', content };
}

/** `messages` -> canonical messages; `notes` collects blocks only Anthropic can serve. */
export function decodeMessages(raw: unknown, notes: SameFormatFeature[]): CanonicalMessage[] {
  const toolNames = new Map<string, string>();
  const out: CanonicalMessage[] = [];
  expectArray(raw, 'messages').forEach((item, i) => {
    const path = childPath('messages', i);
    const message = expectObject(item, path);
    const role = requireString(message, 'role', path);
    if (role === 'user') out.push(...decodeUserTurn(message, path, toolNames, notes));
    else if (role === 'assistant') out.push(decodeAssistantTurn(message, path, toolNames, notes));
    else throw new FormatError(`${path}.role must be "user" or "assistant"`, `${path}.role`);
  });
  return out;
}

function decodeUserTurn(
  message: JsonObject,
  path: string,
  toolNames: Map<string, string>,
  notes: SameFormatFeature[],
): CanonicalMessage[] {
  const blocks = blockList(message.content, childPath(path, 'content'));
  if (typeof blocks === 'string') return [{ role: 'user', content: [{ type: 'text', text: blocks }] }];
  const out: CanonicalMessage[] = [];
  let pending: ContentPart[] = [];
  const flush = (): void => {
    if (pending.length > 0) out.push({ role: 'user', content: pending });
    pending = [];
  };
  for (const { block, path: at } of blocks) {
    if (block.type === 'tool_result') {
      flush();
      out.push({ role: 'tool', content: [decodeToolResult(block, at, toolNames, notes)] });
      continue;
    }
    const part = decodeUserBlock(block, at, notes);
    if (part) pending.push(part);
  }
  flush();
  return out;
}

function decodeAssistantTurn(
  message: JsonObject,
  path: string,
  toolNames: Map<string, string>,
  notes: SameFormatFeature[],
): CanonicalMessage {
  const blocks = blockList(message.content, childPath(path, 'content'));
  if (typeof blocks === 'string') return { role: 'assistant', content: [{ type: 'text', text: blocks }] };
  const content: ContentPart[] = [];
  for (const { block, path: at } of blocks) {
    const part = decodeAssistantBlock(block, at, notes);
    if (!part) continue;
    if (part.type === 'tool_call') toolNames.set(part.id, part.name);
    content.push(part);
  }
  return { role: 'assistant', content };
}

/** Canonical messages -> top-level `system` and `messages`. */
export function encodeMessages(messages: CanonicalMessage[]): { system?: string | AnthropicBlock[]; messages: AnthropicMessage[] } {
  const system: AnthropicBlock[] = [];
  const turns: Array<{ role: 'user' | 'assistant'; blocks: AnthropicBlock[]; openForResults: boolean }> = [];
  messages.forEach((message, i) => {
    if (message.role === 'system' || message.role === 'developer') {
      // Anthropic has one system prompt: a later system message joins it, in order.
      system.push(...encodeSystemParts(message.content, i));
      return;
    }
    const blocks = message.content.map(encodePart).filter((b): b is AnthropicBlock => b !== undefined);
    const last = turns.at(-1);
    if (message.role === 'tool') {
      if (last?.role === 'user' && last.openForResults) last.blocks.push(...blocks);
      else turns.push({ role: 'user', blocks, openForResults: true });
      return;
    }
    if (message.role === 'user' && last?.role === 'user' && last.openForResults) {
      last.blocks.push(...blocks);
      last.openForResults = false;
      return;
    }
    turns.push({ role: message.role, blocks, openForResults: false });
  });
  const out: { system?: string | AnthropicBlock[]; messages: AnthropicMessage[] } = {
    messages: turns.filter((t) => t.blocks.length > 0).map((t) => ({ role: t.role, content: compact(t.blocks) })),
  };
  if (system.length > 0) {
    const compacted = compact(system);
    out.system = compacted;
  }
  return out;
}

function encodeSystemParts(content: ContentPart[], index: number): AnthropicBlock[] {
  return content.flatMap((part) => {
    if (part.type !== 'text') {
      throw new UnsupportedFeatureError(`messages[${index}]: ${part.type} content in a system message`, FORMAT, 'the system prompt is text only');
    }
    const block = encodeText(part as TextPart);
    return block ? [block] : [];
  });
}

/** One plain text block is written as a string, the form most clients send. */
function compact(blocks: AnthropicBlock[]): string | AnthropicBlock[] {
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (only?.type === 'text' && only.cache_control === undefined && only.citations === undefined) return only.text;
  return blocks;
}
