import { type CanonicalResponse, type EncodeContext, FormatError } from '../../../core/plugin/index.js';
import { expectBody, optionalNumber, requireString, type JsonObject } from '../../shared/formats/json-fields.js';
import { encodeReasoning, encodeTextFormat } from './generation-options.js';
import { leadingInstructions } from './input-items.js';
import { decodeOutput, encodeOutput } from './output-items.js';
import { finishReasonFromStatus, statusFromFinishReason } from './response-status.js';
import { encodeToolChoice, encodeTools } from './tools.js';
import { decodeUsage, encodeUsage } from './usage.js';

/**
 * The response object (`object: 'response'`) to and from the canonical response.
 * https://platform.openai.com/docs/api-reference/responses/object
 */

/** Upstream body -> canonical response. */
export function decodeResponse(raw: unknown): CanonicalResponse {
  const body = expectBody(raw);
  if (body.object !== 'response' || !Array.isArray(body.output)) {
    throw new FormatError('the upstream answer is not a Responses API response object');
  }
  const content = decodeOutput(body.output);
  const response: CanonicalResponse = {
    id: requireString(body, 'id', ''),
    model: requireString(body, 'model', ''),
    created: optionalNumber(body, 'created_at', '') ?? Math.floor(Date.now() / 1000),
    content,
    finish_reason: finishReasonFromStatus(body.status, body.incomplete_details, content.some((p) => p.type === 'tool_call')),
  };
  const usage = decodeUsage(body.usage);
  if (usage) response.usage = usage;
  return response;
}

/**
 * The response object's fields that echo the request, plus identity and status: the shape of
 * `response.created` / `response.in_progress` in a stream and the base of a full response.
 */
export function responseEnvelope(context: EncodeContext, id: string, created: number, status: string): JsonObject {
  const request = context.request;
  return {
    id,
    object: 'response',
    created_at: created,
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: leadingInstructions(request.messages),
    max_output_tokens: request.sampling.max_tokens ?? null,
    model: context.model,
    output: [],
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    reasoning: (request.reasoning && encodeReasoning(request.reasoning)) ?? { effort: null, summary: null },
    store: false,
    temperature: request.sampling.temperature ?? null,
    text: encodeTextFormat(request.response_format ?? { type: 'text' }),
    tool_choice: request.tool_choice ? encodeToolChoice(request.tool_choice) : 'auto',
    tools: request.tools ? encodeTools(request.tools) : [],
    top_p: request.sampling.top_p ?? null,
    truncation: 'disabled',
    usage: null,
    user: request.user ?? null,
    metadata: request.metadata ?? {},
  };
}

/** The `error` of a failed response. */
export function failedResponseError(message: string): JsonObject {
  return { code: 'server_error', message };
}

/** Canonical response -> client body. */
export function encodeResponse(response: CanonicalResponse, context: EncodeContext): Record<string, unknown> {
  const { status, incomplete_details } = statusFromFinishReason(response.finish_reason);
  return {
    ...responseEnvelope(context, response.id, response.created, status),
    error: status === 'failed' ? failedResponseError('the upstream did not complete the response') : null,
    incomplete_details,
    output: encodeOutput(response.content),
    usage: response.usage ? encodeUsage(response.usage) : null,
  };
}
