import { type CanonicalResponse, type ContentPart, type EncodeContext, FormatError, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { decodeText, decodeThinking, decodeToolUse } from './decode-blocks.js';
import { encodeText } from './encode-blocks.js';
import { childPath, expectArray, expectBody, expectObject, isObject, optionalString, requireString, type JsonObject } from '../../shared/formats/json-fields.js';
import { JSON_OUTPUT_TOOL } from './json-output.js';
import { decodeStopReason, encodeStopReason, nativeStopReason } from './stop-reason.js';
import { decodeUsage, encodeUsage } from './usage.js';
import type { AnthropicBlock, AnthropicResponse } from './wire-types.js';

/**
 * The `Message` object of a non-streaming answer <-> the canonical response
 * (https://docs.anthropic.com/en/api/messages, "Returns"). Blocks the canonical model has no
 * type for (server-tool blocks) are carried verbatim as `TextPart.native`, so an Anthropic
 * client gets them back; the JSON-mode tool's input becomes text JSON.
 */

const FORMAT = 'anthropic-messages';

/** Upstream body -> canonical response. Throws FormatError on a body that is not a Message. */
export function decodeResponse(raw: unknown): CanonicalResponse {
  const body = expectBody(raw);
  if (body.type !== 'message') throw new FormatError('the upstream answer is not an Anthropic message (type must be "message")', 'type');
  const content: ContentPart[] = [];
  let jsonAnswer = false;
  expectArray(body.content, 'content').forEach((item, i) => {
    const path = childPath('content', i);
    const block = expectObject(item, path);
    if (block.type === 'tool_use' && block.name === JSON_OUTPUT_TOOL) jsonAnswer = true;
    content.push(decodeResponseBlock(block, path));
  });
  const calledTools = content.some((p) => p.type === 'tool_call');
  const stopReason = jsonAnswer && !calledTools && body.stop_reason === 'tool_use' ? 'end_turn' : body.stop_reason;
  const response: CanonicalResponse = {
    id: requireString(body, 'id', ''),
    model: requireString(body, 'model', ''),
    created: Math.floor(Date.now() / 1000),
    content,
    finish_reason: decodeStopReason(stopReason),
  };
  const native = nativeStopReason(stopReason);
  if (native) response.native_finish_reason = native;
  const stopSequence = optionalString(body, 'stop_sequence', '');
  if (stopSequence !== undefined) response.stop_sequence = stopSequence;
  if (isObject(body.usage)) response.usage = decodeUsage(body.usage);
  return response;
}

/** One response block -> a canonical part. */
function decodeResponseBlock(block: JsonObject, path: string): ContentPart {
  switch (block.type) {
    case 'text':
      return decodeText(block, path);
    case 'thinking':
    case 'redacted_thinking':
      return decodeThinking(block, path);
    case 'tool_use': {
      if (block.name === JSON_OUTPUT_TOOL) return { type: 'text', text: JSON.stringify(expectObject(block.input, `${path}.input`)) };
      return decodeToolUse(block, path);
    }
    default:
      requireString(block, 'type', path);
      return { type: 'text', text: '', native: { format: FORMAT, block } };
  }
}

/** Canonical response -> the client's `Message` body. */
export function encodeResponse(response: CanonicalResponse, context: EncodeContext): Record<string, unknown> {
  const body: AnthropicResponse = {
    id: response.id,
    type: 'message',
    role: 'assistant',
    model: context.model,
    content: response.content.flatMap((part) => {
      const block = encodeResponsePart(part);
      return block ? [block] : [];
    }),
    stop_reason: encodeStopReason(response.finish_reason, response.stop_sequence, response.native_finish_reason),
    stop_sequence: response.stop_sequence ?? null,
    usage: encodeUsage(response.usage),
  };
  return body as unknown as Record<string, unknown>;
}

/** One answer part -> a response block (undefined: nothing to show an Anthropic client). */
function encodeResponsePart(part: ContentPart): AnthropicBlock | Record<string, unknown> | undefined {
  switch (part.type) {
    case 'text':
      return encodeText(part);
    case 'refusal':
      return { type: 'text', text: part.text };
    case 'thinking':
      if (part.id === undefined && part.redacted_data !== undefined && part.text === '') return { type: 'redacted_thinking', data: part.redacted_data };
      // Another provider's reasoning: its text, if any, with an empty signature (there is no Anthropic one).
      if (part.id !== undefined) return part.text === '' ? undefined : { type: 'thinking', thinking: part.text, signature: '' };
      return { type: 'thinking', thinking: part.text, signature: part.signature ?? '' };
    case 'tool_call':
      return { type: 'tool_use', id: part.id, name: part.name, input: parseAnswerArguments(part.arguments) };
    default:
      throw new UnsupportedFeatureError(`${part.type} content in an answer`, FORMAT, 'an Anthropic message answers with text, thinking and tool calls only');
  }
}

/**
 * Tool-call arguments of an answer as an object. A model can write arguments that do not parse
 * (a length cut-off); the client then gets `{}`, as Anthropic itself never sends non-objects.
 */
function parseAnswerArguments(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}
