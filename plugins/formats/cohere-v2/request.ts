import { type CanonicalRequest, FormatError, type ReasoningOptions, type ResponseFormat, type SameFormatFeature, type Sampling, type ToolDefinition, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import {
  childPath,
  expectArray,
  expectBody,
  expectObject,
  optionalBoolean,
  optionalInteger,
  optionalNumber,
  optionalObject,
  AUTO_MODEL,
  optionalString,
  requireString,
  type JsonObject,
} from '../../shared/formats/json-fields.js';
import { decodeFunction, encodeFunction } from '../../shared/formats/function-tools.js';
import { decodeMessages } from './decode-messages.js';
import { encodeMessages } from './encode-messages.js';

/**
 * Cohere v2 Chat request bodies (`POST /v2/chat`, https://docs.cohere.com/reference/chat).
 * `documents` (grounded generation with citations), `safety_mode` and `logprobs` change the
 * answer but have no canonical home, so they are noted as `same_format_only`; `priority` and
 * `citation_options` do not change the answer text and are kept by pass-through only.
 */

const TARGET = 'cohere-v2' as const;

const SAME_FORMAT_FIELDS: Record<string, string> = {
  documents: 'grounding documents with citations are a Cohere feature',
  safety_mode: 'safety modes are a Cohere setting',
  logprobs: 'token log probabilities are a Cohere answer field',
};

/** Client body -> canonical request. */
export function decodeRequest(body: unknown): CanonicalRequest {
  const b = expectBody(body, 'body');
  const model = optionalString(b, 'model', '') ?? AUTO_MODEL;
  const rawMessages = expectArray(b.messages, 'messages');
  if (!rawMessages.length) throw new FormatError('messages must not be empty', 'messages');
  const request: CanonicalRequest = {
    model,
    messages: decodeMessages(rawMessages),
    sampling: decodeSampling(b),
    stream: optionalBoolean(b, 'stream', '') ?? false,
  };
  const tools = decodeTools(b.tools, optionalBoolean(b, 'strict_tools', '') === true);
  if (tools) request.tools = tools;
  const toolChoice = optionalString(b, 'tool_choice', '');
  if (toolChoice === 'REQUIRED') request.tool_choice = { type: 'required' };
  else if (toolChoice === 'NONE') request.tool_choice = { type: 'none' };
  else if (toolChoice !== undefined) throw new FormatError('tool_choice must be REQUIRED or NONE', 'tool_choice');
  const responseFormat = decodeResponseFormat(optionalObject(b, 'response_format', ''));
  if (responseFormat) request.response_format = responseFormat;
  const reasoning = decodeThinking(optionalObject(b, 'thinking', ''));
  if (reasoning) request.reasoning = reasoning;
  const notes: SameFormatFeature[] = [];
  for (const [field, reason] of Object.entries(SAME_FORMAT_FIELDS)) {
    const value = b[field];
    const empty = value === undefined || value === null || value === false || (Array.isArray(value) && value.length === 0);
    if (!empty) notes.push({ feature: field, reason });
  }
  if (notes.length) request.same_format_only = notes;
  return request;
}

function decodeSampling(b: JsonObject): Sampling {
  const sampling: Sampling = {};
  const set = <K extends keyof Sampling>(key: K, value: Sampling[K] | undefined): void => {
    if (value !== undefined) sampling[key] = value;
  };
  set('temperature', optionalNumber(b, 'temperature', ''));
  set('top_p', optionalNumber(b, 'p', ''));
  set('top_k', optionalInteger(b, 'k', ''));
  set('max_tokens', optionalInteger(b, 'max_tokens', ''));
  const stop = b.stop_sequences;
  if (Array.isArray(stop) && stop.every((s) => typeof s === 'string')) sampling.stop = stop as string[];
  else if (stop !== undefined && stop !== null) throw new FormatError('stop_sequences must be an array of strings', 'stop_sequences');
  set('seed', optionalInteger(b, 'seed', ''));
  set('frequency_penalty', optionalNumber(b, 'frequency_penalty', ''));
  set('presence_penalty', optionalNumber(b, 'presence_penalty', ''));
  return sampling;
}

function decodeTools(value: unknown, strict: boolean): ToolDefinition[] | undefined {
  if (value === undefined || value === null) return undefined;
  return expectArray(value, 'tools').map((item, i) => {
    const at = childPath('tools', i);
    const tool = expectObject(item, at);
    if (tool.type !== 'function') throw new FormatError(`${at}.type must be "function"`, childPath(at, 'type'));
    const fnPath = childPath(at, 'function');
    const def = decodeFunction(expectObject(tool.function, fnPath), fnPath);
    if (strict) def.strict = true;
    return def;
  });
}

function decodeResponseFormat(format: JsonObject | undefined): ResponseFormat | undefined {
  if (!format) return undefined;
  const type = requireString(format, 'type', 'response_format');
  if (type === 'text') return { type };
  if (type !== 'json_object') throw new FormatError('response_format.type must be text or json_object', 'response_format.type');
  const schema = optionalObject(format, 'json_schema', 'response_format');
  return schema ? { type: 'json_schema', schema } : { type: 'json_object' };
}

function decodeThinking(thinking: JsonObject | undefined): ReasoningOptions | undefined {
  if (!thinking) return undefined;
  const type = requireString(thinking, 'type', 'thinking');
  if (type === 'disabled') return { enabled: false };
  if (type !== 'enabled') throw new FormatError('thinking.type must be enabled or disabled', 'thinking.type');
  const budget = optionalInteger(thinking, 'token_budget', 'thinking');
  return budget !== undefined ? { enabled: true, budget_tokens: budget } : { enabled: true };
}

function unsupported(feature: string, reason: string): UnsupportedFeatureError {
  return new UnsupportedFeatureError(feature, TARGET, reason);
}

/** Canonical request -> upstream body for `model`. */
export function encodeRequest(request: CanonicalRequest, model: string): Record<string, unknown> {
  // same_format_only features are refused by the pipeline before any translation; a
  // same-format request re-encoded after a rewrite (redaction) legitimately still lists them.
  if (request.parallel_tool_calls === false) {
    throw unsupported('parallel_tool_calls', 'Cohere cannot be limited to one tool call per turn');
  }
  const body: JsonObject = { model, messages: encodeMessages(request.messages) };
  let tools = request.tools ?? [];
  const choice = request.tool_choice;
  if (choice?.type === 'tool') {
    // Cohere cannot name the tool to call; offering only that tool and requiring a call does.
    tools = tools.filter((tool) => tool.name === choice.name);
    if (!tools.length) throw unsupported('tool_choice', `the named tool "${choice.name}" is not among the tools`);
    body.tool_choice = 'REQUIRED';
  } else if (choice?.type === 'required') body.tool_choice = 'REQUIRED';
  else if (choice?.type === 'none') body.tool_choice = 'NONE';
  if (tools.length) {
    body.tools = tools.map((tool) => ({ type: 'function', function: encodeFunction(tool) }));
    // Cohere's strictness is per request; any strict tool asks for it.
    if (tools.some((tool) => tool.strict)) body.strict_tools = true;
  }
  if (request.response_format) body.response_format = encodeResponseFormat(request.response_format);
  encodeSampling(request.sampling, body);
  const thinking = encodeThinking(request.reasoning);
  if (thinking) body.thinking = thinking;
  if (request.stream) body.stream = true;
  return body;
}

function encodeResponseFormat(format: ResponseFormat): JsonObject {
  if (format.type === 'json_schema') return { type: 'json_object', json_schema: format.schema };
  return { type: format.type };
}

function encodeSampling(sampling: Sampling, body: JsonObject): void {
  if (sampling.n !== undefined && sampling.n > 1) throw unsupported('n', 'Cohere answers with one message');
  if (sampling.max_tokens !== undefined) body.max_tokens = sampling.max_tokens;
  if (sampling.stop?.length) body.stop_sequences = sampling.stop;
  if (sampling.temperature !== undefined) body.temperature = sampling.temperature;
  if (sampling.seed !== undefined) body.seed = sampling.seed;
  if (sampling.frequency_penalty !== undefined) body.frequency_penalty = sampling.frequency_penalty;
  if (sampling.presence_penalty !== undefined) body.presence_penalty = sampling.presence_penalty;
  if (sampling.top_k !== undefined) body.k = sampling.top_k;
  if (sampling.top_p !== undefined) body.p = sampling.top_p;
}

function encodeThinking(reasoning: ReasoningOptions | undefined): JsonObject | undefined {
  if (!reasoning) return undefined;
  if (reasoning.effort !== undefined) throw unsupported('reasoning.effort', 'Cohere sets a thinking token budget, not an effort level');
  if (reasoning.enabled === false) return { type: 'disabled' };
  if (reasoning.budget_tokens !== undefined) return { type: 'enabled', token_budget: reasoning.budget_tokens };
  return reasoning.enabled ? { type: 'enabled' } : undefined;
}

/** Same-format pass-through: the client's body with only `model` rewritten. */
export function passthroughRequest(body: Record<string, unknown>, model: string): Record<string, unknown> {
  return { ...body, model };
}
