import { type CanonicalRequest, FormatError, type SameFormatFeature, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { expectArray, expectBody, expectObject, AUTO_MODEL, optionalBoolean, optionalNumber, optionalString, type JsonObject } from '../../shared/formats/json-fields.js';
import { refuseSameFormatOnly } from '../../shared/formats/same-format-only.js';
import { decodeOutputFormat, encodeOutputFormat, jsonModeTools } from './json-output.js';
import { decodeMessages, decodeSystem, encodeMessages } from './messages.js';
import { decodeReasoning, encodeReasoning } from './reasoning.js';
import { decodeToolChoice, decodeTools, encodeToolChoice, encodeTools } from './tools.js';
import type { AnthropicOutputConfig, AnthropicTool } from './wire-types.js';

/**
 * `POST /v1/messages` request bodies to and from the canonical request
 * (https://docs.anthropic.com/en/api/messages).
 */

const FORMAT = 'anthropic-messages';

/**
 * `max_tokens` when the client's format left it out: Anthropic requires it. 4096 is within every
 * current Claude model's output limit (https://docs.anthropic.com/en/docs/about-claude/models/overview);
 * with a thinking budget the budget is added, since thinking counts toward `max_tokens`.
 */
export const DEFAULT_MAX_TOKENS = 4096;

/** Top-level fields this adapter maps. */
const MAPPED = new Set([
  'model', 'messages', 'max_tokens', 'system', 'metadata', 'stop_sequences', 'stream', 'temperature', 'top_p', 'top_k',
  'tools', 'tool_choice', 'thinking', 'output_config', 'output_format',
]);

/**
 * Service hints with no effect on what the model answers (capacity tier, region, speed,
 * cache diagnostics, automatic cache placement): other formats have nothing to send them as.
 */
const HINTS = new Set(['service_tier', 'inference_geo', 'speed', 'diagnostics', 'cache_control']);

/** Client body -> canonical request. */
export function decodeRequest(raw: unknown, from?: { stream?: boolean }): CanonicalRequest {
  const body = expectBody(raw);
  const notes: SameFormatFeature[] = [];
  const maxTokens = body.max_tokens;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 0) {
    throw new FormatError('max_tokens is required and must be a non-negative integer', 'max_tokens');
  }
  const system = decodeSystem(body.system);
  const messages = decodeMessages(body.messages, notes);
  const request: CanonicalRequest = {
    model: optionalString(body, 'model', '') ?? AUTO_MODEL,
    messages: system ? [system, ...messages] : messages,
    sampling: { max_tokens: maxTokens },
    stream: from?.stream ?? optionalBoolean(body, 'stream', '') === true,
  };
  const temperature = optionalNumber(body, 'temperature', '');
  if (temperature !== undefined) request.sampling.temperature = temperature;
  const topP = optionalNumber(body, 'top_p', '');
  if (topP !== undefined) request.sampling.top_p = topP;
  const topK = optionalNumber(body, 'top_k', '');
  if (topK !== undefined) request.sampling.top_k = topK;
  if (body.stop_sequences !== undefined && body.stop_sequences !== null) {
    request.sampling.stop = expectArray(body.stop_sequences, 'stop_sequences').map((s, i) => {
      if (typeof s !== 'string') throw new FormatError(`stop_sequences[${i}] must be a string`, `stop_sequences[${i}]`);
      return s;
    });
  }

  const tools = decodeTools(body.tools, notes);
  if (tools !== undefined) request.tools = tools;
  const { choice, parallel } = decodeToolChoice(body.tool_choice);
  if (choice !== undefined) request.tool_choice = choice;
  if (parallel !== undefined) request.parallel_tool_calls = parallel;
  if (body.output_config !== undefined && body.output_config !== null) expectObject(body.output_config, 'output_config');
  const format = decodeOutputFormat(body);
  if (format !== undefined) request.response_format = format;
  const reasoning = decodeReasoning(body, notes);
  if (reasoning !== undefined) request.reasoning = reasoning;

  if (body.metadata !== undefined && body.metadata !== null) {
    const user = optionalString(expectObject(body.metadata, 'metadata'), 'user_id', 'metadata');
    if (user !== undefined) request.user = user;
  }
  for (const key of Object.keys(body)) {
    if (!MAPPED.has(key) && !HINTS.has(key) && body[key] !== undefined && body[key] !== null) {
      notes.push({ feature: key, reason: 'this request field exists only in Anthropic' });
    }
  }
  // Checked last, so a body with other faults names those first. Like the Messages API and the
  // other formats: without a turn there is nothing to send (nor for a guardrail to read).
  if (messages.length === 0) throw new FormatError('messages must not be empty', 'messages');
  if (notes.length > 0) request.same_format_only = notes;
  return request;
}

/** Canonical request -> upstream body for `model`. */
export function encodeRequest(request: CanonicalRequest, model: string): Record<string, unknown> {
  refuseSameFormatOnly(request, FORMAT);
  assertSamplingExpressible(request);
  const { system, messages } = encodeMessages(request.messages);
  const s = request.sampling;
  const { thinking, effort } = request.reasoning ? encodeReasoning(request.reasoning) : {};
  const budget = thinking?.type === 'enabled' ? thinking.budget_tokens : 0;
  const body: JsonObject = { model, max_tokens: s.max_tokens ?? DEFAULT_MAX_TOKENS + budget };
  if (system !== undefined) body.system = system;
  body.messages = messages;
  if (s.temperature !== undefined) body.temperature = s.temperature;
  if (s.top_p !== undefined) body.top_p = s.top_p;
  if (s.top_k !== undefined) body.top_k = s.top_k;
  if (s.stop?.length) body.stop_sequences = s.stop;
  if (thinking) body.thinking = thinking;

  const { tools, choice } = jsonModeTools(
    request,
    request.tools ? encodeTools(request.tools) : ([] as AnthropicTool[]),
    encodeToolChoice(request.tool_choice, request.parallel_tool_calls),
  );
  if (tools.length > 0) {
    body.tools = tools;
    if (choice) body.tool_choice = choice;
  }
  const output: AnthropicOutputConfig = {};
  const outputFormat = request.response_format ? encodeOutputFormat(request.response_format) : undefined;
  if (outputFormat) output.format = outputFormat;
  if (effort) output.effort = effort;
  if (Object.keys(output).length > 0) body.output_config = output;
  if (request.user !== undefined) body.metadata = { user_id: request.user };
  if (request.stream) body.stream = true;
  return body;
}

/** Sampling settings Anthropic has no equivalent for are refused, never dropped or clamped. */
function assertSamplingExpressible(request: CanonicalRequest): void {
  const s = request.sampling;
  const refuse = (feature: string, reason: string): never => {
    throw new UnsupportedFeatureError(feature, FORMAT, reason);
  };
  if (s.seed !== undefined) refuse('seed', 'Anthropic has no seeded sampling');
  if (s.frequency_penalty !== undefined && s.frequency_penalty !== 0) refuse('frequency_penalty', 'Anthropic has no frequency penalty');
  if (s.presence_penalty !== undefined && s.presence_penalty !== 0) refuse('presence_penalty', 'Anthropic has no presence penalty');
  if (s.n !== undefined && s.n !== 1) refuse(`n=${s.n}`, 'Anthropic returns one message per request');
  if (s.temperature !== undefined && (s.temperature < 0 || s.temperature > 1)) {
    refuse(`temperature ${s.temperature}`, "Anthropic's temperature ranges from 0 to 1");
  }
}

/** Same-format pass-through: only the routing field `model` changes. */
export function passthroughRequest(body: Record<string, unknown>, model: string): Record<string, unknown> {
  return { ...body, model };
}

