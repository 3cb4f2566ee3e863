import { type CanonicalRequest, FormatError } from '../../../core/plugin/index.js';
import { DecodeNotes } from './decode-notes.js';
import {
  expectBody,
  expectObject,
  optionalBoolean,
  optionalNumber,
  AUTO_MODEL,
  optionalString,
  requireString,
  type JsonObject,
} from '../../shared/formats/json-fields.js';
import { refuseSameFormatOnly } from '../../shared/formats/same-format-only.js';
import {
  assertSamplingExpressible,
  decodeReasoning,
  decodeTextFormat,
  encodeReasoning,
  encodeTextFormat,
} from './generation-options.js';
import { decodeInput, encodeMessages } from './input-items.js';
import { decodeToolChoice, decodeTools, encodeToolChoice, encodeTools } from './tools.js';

/**
 * `POST /v1/responses` request bodies to and from the canonical request.
 * https://platform.openai.com/docs/api-reference/responses/create
 */

/** Fields that keep state on OpenAI's side: no other upstream can honour them. */
const STATEFUL_FIELDS: Array<[string, (v: unknown) => boolean, string]> = [
  ['previous_response_id', (v) => typeof v === 'string', 'continues a response stored by OpenAI'],
  ['conversation', (v) => v !== undefined && v !== null, 'continues a conversation stored by OpenAI'],
  ['store', (v) => v === true, 'asks OpenAI to store the response for later retrieval'],
  ['background', (v) => v === true, 'runs the response asynchronously on OpenAI'],
  ['prompt', (v) => v !== undefined && v !== null, 'expands a prompt template stored by OpenAI'],
];

/** Client body -> canonical request. */
export function decodeRequest(raw: unknown, from?: { stream?: boolean }): CanonicalRequest {
  const body = expectBody(raw);
  const notes = new DecodeNotes();
  for (const [field, present, reason] of STATEFUL_FIELDS) {
    if (present(body[field])) notes.sameFormat(field, reason);
  }

  const messages = decodeInput(body.input, notes);
  const instructions = optionalString(body, 'instructions', '');
  if (instructions !== undefined) messages.unshift({ role: 'system', content: [{ type: 'text', text: instructions }] });
  if (messages.length === 0 && notes.sameFormatOnly.length === 0) throw new FormatError('input is required', 'input');

  const request: CanonicalRequest = {
    model: optionalString(body, 'model', '') ?? AUTO_MODEL,
    messages,
    sampling: {},
    stream: from?.stream ?? optionalBoolean(body, 'stream', '') === true,
  };
  const { choice, tools } = decodeToolChoice(body.tool_choice, decodeTools(body.tools, notes), notes);
  if (tools !== undefined) request.tools = tools;
  if (choice !== undefined) request.tool_choice = choice;
  const parallel = optionalBoolean(body, 'parallel_tool_calls', '');
  if (parallel !== undefined) request.parallel_tool_calls = parallel;
  const format = decodeTextFormat(body.text);
  if (format !== undefined) request.response_format = format;

  const temperature = optionalNumber(body, 'temperature', '');
  if (temperature !== undefined) request.sampling.temperature = temperature;
  const topP = optionalNumber(body, 'top_p', '');
  if (topP !== undefined) request.sampling.top_p = topP;
  const maxTokens = optionalNumber(body, 'max_output_tokens', '');
  if (maxTokens !== undefined) request.sampling.max_tokens = maxTokens;
  const reasoning = decodeReasoning(body.reasoning, notes);
  if (reasoning !== undefined) request.reasoning = reasoning;

  // `safety_identifier` replaces the deprecated `user`; both identify the end user.
  const user = optionalString(body, 'user', '') ?? optionalString(body, 'safety_identifier', '');
  if (user !== undefined) request.user = user;
  const metadata = decodeMetadata(body.metadata);
  if (metadata !== undefined) request.metadata = metadata;
  if (notes.sameFormatOnly.length > 0) request.same_format_only = notes.sameFormatOnly;
  return request;
}

function decodeMetadata(raw: unknown): Record<string, string> | undefined {
  if (raw === undefined || raw === null) return undefined;
  const obj = expectObject(raw, 'metadata');
  const out: Record<string, string> = {};
  for (const key of Object.keys(obj)) out[key] = requireString(obj, key, 'metadata');
  return out;
}

/** Canonical request -> upstream body for `model`. */
export function encodeRequest(request: CanonicalRequest, model: string): Record<string, unknown> {
  refuseSameFormatOnly(request, 'openai-responses');
  assertSamplingExpressible(request);
  const { instructions, input } = encodeMessages(request.messages);
  const body: JsonObject = { model };
  if (instructions !== undefined) body.instructions = instructions;
  body.input = input;
  if (request.tools?.length) body.tools = encodeTools(request.tools);
  if (request.tool_choice) body.tool_choice = encodeToolChoice(request.tool_choice);
  if (request.parallel_tool_calls !== undefined) body.parallel_tool_calls = request.parallel_tool_calls;
  if (request.response_format) body.text = encodeTextFormat(request.response_format);
  const s = request.sampling;
  if (s.temperature !== undefined) body.temperature = s.temperature;
  if (s.top_p !== undefined) body.top_p = s.top_p;
  if (s.max_tokens !== undefined) body.max_output_tokens = s.max_tokens;
  const reasoning = request.reasoning ? encodeReasoning(request.reasoning) : undefined;
  if (reasoning) {
    body.reasoning = reasoning;
  }
  if (reasoning && reasoning.effort !== 'none') {
    // Without stored state, reasoning can only be replayed next turn from its encrypted form.
    body.include = ['reasoning.encrypted_content'];
  }
  if (request.user !== undefined) body.user = request.user;
  if (request.metadata !== undefined) body.metadata = request.metadata;
  // Other formats are stateless; OpenAI would otherwise store every translated exchange.
  body.store = false;
  if (request.stream) body.stream = true;
  return body;
}

/** Same-format pass-through: only the routing field `model` changes. */
export function passthroughRequest(body: Record<string, unknown>, model: string): Record<string, unknown> {
  return { ...body, model };
}
