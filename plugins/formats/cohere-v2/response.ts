import { type CanonicalResponse, type ContentPart, type EncodeContext, type TextPart, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import {
  childPath,
  expectArray,
  expectBody,
  expectObject,
  optionalString,
  requireString,
  type JsonObject,
} from '../../shared/formats/json-fields.js';
import { encodeFunctionCall } from '../../shared/formats/function-tools.js';
import { decodeFinishReason, encodeFinishReason } from './finish-reason.js';
import { decodeUsage, encodeUsage } from './usage.js';

/**
 * The Cohere v2 chat answer `{id, finish_reason, message: {role, content, tool_plan,
 * tool_calls, citations}, usage}` (https://docs.cohere.com/reference/chat). Cohere does not
 * name the model in its answer, so the decoded `model` is empty and the pipeline shows the
 * routed model.
 */

/** Upstream body -> canonical response. */
export function decodeResponse(body: unknown): CanonicalResponse {
  const b = expectBody(body, 'body');
  const message = expectObject(b.message, 'message');
  const parts: ContentPart[] = [];
  const texts: TextPart[] = [];
  if (message.content !== undefined && message.content !== null) {
    expectArray(message.content, 'message.content').forEach((item, i) => {
      const at = childPath('message.content', i);
      const block = expectObject(item, at);
      if (block.type === 'thinking') parts.push({ type: 'thinking', text: requireString(block, 'thinking', at) });
      else if (block.type === 'text') texts.push({ type: 'text', text: requireString(block, 'text', at) });
    });
  }
  if (Array.isArray(message.citations) && message.citations.length && texts[0]) texts[0].citations = message.citations;
  const plan = optionalString(message, 'tool_plan', 'message');
  if (plan) parts.push({ type: 'text', text: plan });
  parts.push(...texts);
  if (message.tool_calls !== undefined && message.tool_calls !== null) {
    expectArray(message.tool_calls, 'message.tool_calls').forEach((item, i) => {
      const at = childPath('message.tool_calls', i);
      const call = expectObject(item, at);
      const fn = expectObject(call.function, childPath(at, 'function'));
      parts.push({
        type: 'tool_call',
        id: requireString(call, 'id', at),
        name: requireString(fn, 'name', childPath(at, 'function')),
        arguments: optionalString(fn, 'arguments', childPath(at, 'function')) ?? '{}',
      });
    });
  }
  const response: CanonicalResponse = {
    id: requireString(b, 'id', ''),
    model: '',
    created: Math.floor(Date.now() / 1000),
    content: parts,
    finish_reason: decodeFinishReason(requireString(b, 'finish_reason', '')),
  };
  const usage = decodeUsage(b.usage);
  if (usage) response.usage = usage;
  return response;
}

/** Canonical response -> client body. */
export function encodeResponse(response: CanonicalResponse, _context: EncodeContext): Record<string, unknown> {
  const thinking: JsonObject[] = [];
  const texts: string[] = [];
  const citations: unknown[] = [];
  const calls: JsonObject[] = [];
  for (const part of response.content) {
    if (part.type === 'thinking') thinking.push({ type: 'thinking', thinking: part.text });
    else if (part.type === 'text' || part.type === 'refusal') {
      texts.push(part.text);
      if (part.type === 'text' && part.citations) citations.push(...part.citations.filter(isCohereCitation));
    } else if (part.type === 'tool_call') calls.push(encodeFunctionCall(part));
    else {
      throw new UnsupportedFeatureError(`answer ${part.type} content`, 'cohere-v2', 'a Cohere answer carries text, thinking and tool calls');
    }
  }
  const message: JsonObject = { role: 'assistant' };
  if (calls.length) {
    // A turn that calls tools carries its text as the tool plan.
    if (texts.length) message.tool_plan = texts.join('');
    message.tool_calls = calls;
    if (thinking.length) message.content = thinking;
  } else {
    message.content = [...thinking, ...(texts.length ? [{ type: 'text', text: texts.join('') }] : [])];
    if (citations.length) message.citations = citations;
  }
  const body: JsonObject = {
    id: response.id || `gen-${Date.now().toString(36)}`,
    finish_reason: encodeFinishReason(response.finish_reason, response.stop_sequence),
    message,
  };
  if (response.usage) body.usage = encodeUsage(response.usage);
  return body;
}

/** Cohere citations carry `start`, `end` and `sources`; other formats' citations do not fit. */
function isCohereCitation(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'sources' in value && 'start' in value;
}
