import { type CanonicalRequest, FormatError, type ReasoningOptions, type ResponseFormat, type SameFormatFeature, type Sampling, type ToolChoice, type ToolDefinition, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { decodeMessages } from './decode-messages.js';
import { encodeMessages } from './encode-messages.js';
import { decodeFunction, encodeFunction } from '../../shared/formats/function-tools.js';
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

/**
 * Chat Completions request bodies (https://platform.openai.com/docs/api-reference/chat/create).
 * Fields that change the answer but have no canonical home (`logprobs`, `logit_bias`,
 * `modalities`, ...) are noted as `same_format_only`, so only an OpenAI-format upstream serves
 * them; fields that do not change the answer (`store`, `service_tier`, `prompt_cache_key`,
 * `safety_identifier`) are kept by pass-through only.
 */

const TARGET = 'openai-chat' as const;

/** Request fields only an OpenAI chat upstream understands, with the reason. */
const SAME_FORMAT_FIELDS: Record<string, string> = {
  logprobs: 'token log probabilities are an OpenAI answer field',
  top_logprobs: 'token log probabilities are an OpenAI answer field',
  logit_bias: 'token ids are specific to OpenAI tokenizers',
  modalities: 'audio output is an OpenAI chat feature',
  audio: 'audio output is an OpenAI chat feature',
  prediction: 'predicted outputs are an OpenAI feature',
  web_search_options: 'built-in web search is an OpenAI feature',
  functions: 'deprecated function calling has no call ids',
  function_call: 'deprecated function calling has no call ids',
  verbosity: 'output verbosity is an OpenAI model setting',
};

const EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);

/** Client body -> canonical request. */
export function decodeRequest(body: unknown): CanonicalRequest {
  const b = expectBody(body, 'body');
  const notes: SameFormatFeature[] = [];
  const model = optionalString(b, 'model', '') ?? AUTO_MODEL;
  const rawMessages = expectArray(b.messages, 'messages');
  if (!rawMessages.length) throw new FormatError('messages must not be empty', 'messages');
  const request: CanonicalRequest = {
    model,
    messages: decodeMessages(rawMessages, notes),
    sampling: decodeSampling(b),
    stream: optionalBoolean(b, 'stream', '') ?? false,
  };
  const tools = decodeTools(b.tools, notes);
  if (tools) request.tools = tools;
  const toolChoice = decodeToolChoice(b.tool_choice, notes);
  if (toolChoice) request.tool_choice = toolChoice;
  const parallel = optionalBoolean(b, 'parallel_tool_calls', '');
  if (parallel !== undefined) request.parallel_tool_calls = parallel;
  const responseFormat = decodeResponseFormat(optionalObject(b, 'response_format', ''));
  if (responseFormat) request.response_format = responseFormat;
  const reasoning = decodeReasoning(optionalString(b, 'reasoning_effort', ''), notes);
  if (reasoning) request.reasoning = reasoning;
  const user = optionalString(b, 'user', '');
  if (user !== undefined) request.user = user;
  const metadata = decodeMetadata(optionalObject(b, 'metadata', ''));
  if (metadata) request.metadata = metadata;
  const streamOptions = optionalObject(b, 'stream_options', '');
  if (request.stream && streamOptions && optionalBoolean(streamOptions, 'include_usage', 'stream_options')) {
    request.stream_include_usage = true;
  }
  for (const [field, reason] of Object.entries(SAME_FORMAT_FIELDS)) {
    const value = b[field];
    if (value !== undefined && value !== null && value !== false) notes.push({ feature: field, reason });
  }
  // The canonical answer is one choice, so more choices can only come from an OpenAI chat upstream.
  if (request.sampling.n !== undefined && request.sampling.n > 1) notes.push({ feature: 'n', reason: 'a translated answer carries one choice' });
  if (notes.length) request.same_format_only = notes;
  return request;
}

function decodeSampling(b: JsonObject): Sampling {
  const sampling: Sampling = {};
  const set = <K extends keyof Sampling>(key: K, value: Sampling[K] | undefined): void => {
    if (value !== undefined) sampling[key] = value;
  };
  set('temperature', optionalNumber(b, 'temperature', ''));
  set('top_p', optionalNumber(b, 'top_p', ''));
  // max_tokens is the deprecated spelling; the newer field wins when both are present.
  set('max_tokens', optionalInteger(b, 'max_completion_tokens', '') ?? optionalInteger(b, 'max_tokens', ''));
  set('seed', optionalInteger(b, 'seed', ''));
  set('frequency_penalty', optionalNumber(b, 'frequency_penalty', ''));
  set('presence_penalty', optionalNumber(b, 'presence_penalty', ''));
  set('n', optionalInteger(b, 'n', ''));
  const stop = b.stop;
  if (typeof stop === 'string') sampling.stop = [stop];
  else if (Array.isArray(stop)) {
    if (stop.some((s) => typeof s !== 'string')) throw new FormatError('stop must be a string or an array of strings', 'stop');
    sampling.stop = stop as string[];
  } else if (stop !== undefined && stop !== null) throw new FormatError('stop must be a string or an array of strings', 'stop');
  return sampling;
}

function decodeTools(value: unknown, notes: SameFormatFeature[]): ToolDefinition[] | undefined {
  if (value === undefined || value === null) return undefined;
  const tools: ToolDefinition[] = [];
  expectArray(value, 'tools').forEach((item, i) => {
    const at = childPath('tools', i);
    const tool = expectObject(item, at);
    const type = requireString(tool, 'type', at);
    if (type !== 'function') {
      notes.push({ feature: `${at}.type=${type}`, reason: `${type} tools exist only in OpenAI formats` });
      return;
    }
    const fnPath = childPath(at, 'function');
    const fn = expectObject(tool.function, fnPath);
    const def = decodeFunction(fn, fnPath);
    const strict = optionalBoolean(fn, 'strict', fnPath);
    if (strict !== undefined) def.strict = strict;
    tools.push(def);
  });
  return tools;
}

function decodeToolChoice(value: unknown, notes: SameFormatFeature[]): ToolChoice | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'auto' || value === 'none' || value === 'required') return { type: value };
  const choice = expectObject(value, 'tool_choice');
  const type = requireString(choice, 'type', 'tool_choice');
  if (type === 'function') {
    const fn = expectObject(choice.function, 'tool_choice.function');
    return { type: 'tool', name: requireString(fn, 'name', 'tool_choice.function') };
  }
  // allowed_tools and custom choices narrow OpenAI-only tool sets.
  notes.push({ feature: `tool_choice.type=${type}`, reason: `${type} tool choice exists only in OpenAI formats` });
  return undefined;
}

function decodeResponseFormat(format: JsonObject | undefined): ResponseFormat | undefined {
  if (!format) return undefined;
  const type = requireString(format, 'type', 'response_format');
  if (type === 'text' || type === 'json_object') return { type };
  if (type !== 'json_schema') throw new FormatError(`response_format.type "${type}" is not supported`, 'response_format.type');
  const spec = expectObject(format.json_schema, 'response_format.json_schema');
  const at = 'response_format.json_schema';
  const out: ResponseFormat = { type: 'json_schema', schema: optionalObject(spec, 'schema', at) ?? {} };
  const name = optionalString(spec, 'name', at);
  if (name !== undefined) out.name = name;
  const description = optionalString(spec, 'description', at);
  if (description !== undefined) out.description = description;
  const strict = optionalBoolean(spec, 'strict', at);
  if (strict !== undefined) out.strict = strict;
  return out;
}

function decodeReasoning(effort: string | undefined, notes: SameFormatFeature[]): ReasoningOptions | undefined {
  if (effort === undefined) return undefined;
  if (effort === 'none') return { enabled: false };
  if (EFFORTS.has(effort)) return { effort: effort as ReasoningOptions['effort'] };
  notes.push({ feature: `reasoning_effort=${effort}`, reason: 'this effort level exists only in OpenAI formats' });
  return undefined;
}

function decodeMetadata(metadata: JsonObject | undefined): Record<string, string> | undefined {
  if (!metadata) return undefined;
  for (const [key, value] of Object.entries(metadata)) {
    if (typeof value !== 'string') throw new FormatError(`metadata.${key} must be a string`, `metadata.${key}`);
  }
  return metadata as Record<string, string>;
}

function unsupported(feature: string, reason: string): UnsupportedFeatureError {
  return new UnsupportedFeatureError(feature, TARGET, reason);
}

/** Canonical request -> upstream body for `model`. */
export function encodeRequest(request: CanonicalRequest, model: string): Record<string, unknown> {
  // same_format_only features are refused by the pipeline before any translation; a
  // same-format request re-encoded after a rewrite (redaction) legitimately still lists them.
  const body: JsonObject = { model, messages: encodeMessages(request.messages) };
  encodeSampling(request.sampling, body);
  if (request.tools?.length) {
    body.tools = request.tools.map((tool) => {
      const fn = encodeFunction(tool);
      if (tool.strict !== undefined) fn.strict = tool.strict;
      return { type: 'function', function: fn };
    });
  }
  if (request.tool_choice) {
    const choice = request.tool_choice;
    body.tool_choice = choice.type === 'tool' ? { type: 'function', function: { name: choice.name } } : choice.type;
  }
  if (request.parallel_tool_calls !== undefined) body.parallel_tool_calls = request.parallel_tool_calls;
  if (request.response_format) body.response_format = encodeResponseFormat(request.response_format);
  const effort = encodeReasoning(request.reasoning);
  if (effort) body.reasoning_effort = effort;
  if (request.user !== undefined) body.user = request.user;
  if (request.stream) {
    body.stream = true;
    // The gateway settles budgets from real usage, so it always asks for the usage chunk.
    body.stream_options = { include_usage: true };
  }
  return body;
}

function encodeSampling(sampling: Sampling, body: JsonObject): void {
  if (sampling.top_k !== undefined) throw unsupported('top_k', 'Chat Completions has no top-k sampling');
  if (sampling.temperature !== undefined) body.temperature = sampling.temperature;
  if (sampling.top_p !== undefined) body.top_p = sampling.top_p;
  if (sampling.max_tokens !== undefined) body.max_completion_tokens = sampling.max_tokens;
  if (sampling.stop?.length) body.stop = sampling.stop;
  if (sampling.seed !== undefined) body.seed = sampling.seed;
  if (sampling.frequency_penalty !== undefined) body.frequency_penalty = sampling.frequency_penalty;
  if (sampling.presence_penalty !== undefined) body.presence_penalty = sampling.presence_penalty;
  if (sampling.n !== undefined) body.n = sampling.n;
}

function encodeResponseFormat(format: ResponseFormat): JsonObject {
  if (format.type !== 'json_schema') return { type: format.type };
  // The API requires a schema name; clients of formats without one get a neutral name.
  const spec: JsonObject = { name: format.name ?? 'response', schema: format.schema };
  if (format.description !== undefined) spec.description = format.description;
  if (format.strict !== undefined) spec.strict = format.strict;
  return { type: 'json_schema', json_schema: spec };
}

function encodeReasoning(reasoning: ReasoningOptions | undefined): string | undefined {
  if (!reasoning) return undefined;
  if (reasoning.budget_tokens !== undefined) {
    throw unsupported('reasoning.budget_tokens', 'Chat Completions sets reasoning_effort, not a token budget');
  }
  if (reasoning.enabled === false) return 'none';
  return reasoning.effort;
}

/** Same-format pass-through: the client's body with only `model` rewritten. */
export function passthroughRequest(body: Record<string, unknown>, model: string): Record<string, unknown> {
  return { ...body, model };
}

