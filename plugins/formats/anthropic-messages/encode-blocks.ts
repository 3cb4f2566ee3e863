import { type ContentPart, type DocumentPart, type ImagePart, type TextPart, type ThinkingPart, type ToolCallPart, type ToolResultPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { withCache } from './cache-control.js';
import { isObject } from '../../shared/formats/json-fields.js';
import { encodeDocumentSource, encodeImageSource } from './media-source.js';
import type { AnthropicBlock } from './wire-types.js';

/**
 * Canonical parts -> Messages API content blocks (https://docs.anthropic.com/en/api/messages).
 * `undefined` means the part has nothing Anthropic can use and is left out on purpose (see
 * `encodeThinking`); a part Anthropic cannot express at all throws UnsupportedFeatureError.
 */

const FORMAT = 'anthropic-messages';

/** A text part (or a carried Anthropic block). Empty text is left out: Anthropic rejects it. */
export function encodeText(part: TextPart): AnthropicBlock | undefined {
  if (part.native) return part.native.format === FORMAT ? (part.native.block as AnthropicBlock) : undefined;
  if (part.text === '') return undefined;
  const block: AnthropicBlock = part.citations ? { type: 'text', text: part.text, citations: part.citations } : { type: 'text', text: part.text };
  return withCache(block, part.cache);
}

function encodeImage(part: ImagePart): AnthropicBlock {
  // `detail` is OpenAI's resolution hint; Anthropic sizes images itself.
  return withCache({ type: 'image', source: encodeImageSource(part.source) }, part.cache);
}

function encodeDocument(part: DocumentPart): AnthropicBlock {
  const block: AnthropicBlock = { type: 'document', source: encodeDocumentSource(part.source) };
  // Anthropic's only label for a document is its title; a filename stands in when there is none.
  const title = part.title ?? part.name;
  if (title !== undefined) block.title = title;
  if (part.context !== undefined) block.context = part.context;
  return withCache(block, part.cache);
}

/** A tool call -> `tool_use`; `input` must be a JSON object. */
function encodeToolCall(part: ToolCallPart): AnthropicBlock {
  return withCache({ type: 'tool_use', id: part.id, name: part.name, input: parseArguments(part) }, part.cache);
}

/** The call's JSON arguments as an object ('' counts as no arguments). */
function parseArguments(part: ToolCallPart): Record<string, unknown> {
  if (part.arguments.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(part.arguments);
  } catch {
    value = undefined;
  }
  if (!isObject(value)) {
    throw new UnsupportedFeatureError(
      `tool call ${part.id} with arguments that are not a JSON object`,
      FORMAT,
      'tool_use.input must be an object',
    );
  }
  return value;
}

/**
 * A thinking part: `thinking` with its signature, or `redacted_thinking`, exactly as Anthropic
 * produced them. Reasoning from other providers (no signature, or an OpenAI reasoning item
 * with an `id`) cannot be verified by Anthropic and is left out; Anthropic drops earlier turns'
 * thinking from the context anyway
 * (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#thinking-blocks-from-previous-turns).
 */
function encodeThinking(part: ThinkingPart): AnthropicBlock | undefined {
  if (part.id !== undefined) return undefined;
  if (part.redacted_data !== undefined && part.text === '') return { type: 'redacted_thinking', data: part.redacted_data };
  if (part.signature) return { type: 'thinking', thinking: part.text, signature: part.signature };
  return undefined;
}

/** A tool result -> `tool_result`; one plain text part is written as a string. */
function encodeToolResult(part: ToolResultPart): AnthropicBlock {
  const block: AnthropicBlock = { type: 'tool_result', tool_use_id: part.tool_call_id };
  const content = part.content.map(encodeResultContent).filter((b): b is AnthropicBlock => b !== undefined);
  const only = part.content.length === 1 ? part.content[0] : undefined;
  if (only?.type === 'text' && !only.cache && !only.citations && !only.native) block.content = only.text;
  else if (content.length > 0) block.content = content;
  if (part.is_error !== undefined) block.is_error = part.is_error;
  return withCache(block, part.cache);
}

function encodeResultContent(part: TextPart | ImagePart | DocumentPart): AnthropicBlock | undefined {
  if (part.type === 'text') return encodeText(part);
  return part.type === 'image' ? encodeImage(part) : encodeDocument(part);
}

/** Any part of a request message -> a block (undefined: deliberately left out). */
export function encodePart(part: ContentPart): AnthropicBlock | undefined {
  switch (part.type) {
    case 'text':
      return encodeText(part);
    case 'image':
      return encodeImage(part);
    case 'document':
      return encodeDocument(part);
    case 'tool_call':
      return encodeToolCall(part);
    case 'tool_result':
      return encodeToolResult(part);
    case 'thinking':
      return encodeThinking(part);
    case 'refusal':
      // An earlier refusal is what the assistant said; Anthropic has no refusal block.
      return { type: 'text', text: part.text };
    case 'audio':
      throw new UnsupportedFeatureError('audio input', FORMAT, 'the Messages API takes no audio');
  }
}
