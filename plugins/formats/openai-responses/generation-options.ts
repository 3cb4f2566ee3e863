import { type CanonicalRequest, FormatError, type ReasoningOptions, type ResponseFormat, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import type { DecodeNotes } from './decode-notes.js';
import {
  expectObject,
  optionalBoolean,
  optionalString,
  requireString,
  type JsonObject,
} from '../../shared/formats/json-fields.js';

/**
 * `text.format` (structured output), `reasoning` and the sampling fields of a Responses request.
 * https://platform.openai.com/docs/guides/structured-outputs?api-mode=responses,
 * https://platform.openai.com/docs/guides/reasoning and
 * https://platform.openai.com/docs/api-reference/responses/create.
 */

/** `text.format` -> canonical response format. */
export function decodeTextFormat(text: unknown): ResponseFormat | undefined {
  if (text === undefined || text === null) return undefined;
  const format = expectObject(text, 'text').format;
  if (format === undefined || format === null) return undefined;
  const f = expectObject(format, 'text.format');
  const type = requireString(f, 'type', 'text.format');
  switch (type) {
    case 'text':
      return { type: 'text' };
    case 'json_object':
      return { type: 'json_object' };
    case 'json_schema': {
      const out: ResponseFormat = {
        type: 'json_schema',
        name: requireString(f, 'name', 'text.format'),
        schema: expectObject(f.schema, 'text.format.schema'),
      };
      const description = optionalString(f, 'description', 'text.format');
      if (description !== undefined) out.description = description;
      const strict = optionalBoolean(f, 'strict', 'text.format');
      if (strict !== undefined) out.strict = strict;
      return out;
    }
    default:
      throw new FormatError(`text.format.type must be text, json_object or json_schema`, 'text.format.type');
  }
}

/** Canonical response format -> `text` ({format}). */
export function encodeTextFormat(format: ResponseFormat): JsonObject {
  if (format.type !== 'json_schema') return { format: { type: format.type } };
  const out: JsonObject = { type: 'json_schema', name: format.name ?? 'response', schema: format.schema };
  if (format.description !== undefined) out.description = format.description;
  if (format.strict !== undefined) out.strict = format.strict;
  return { format: out };
}

const EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);

/**
 * `reasoning` -> canonical options. `none` turns reasoning off; efforts beyond the canonical
 * set (`xhigh`, `max`) exist only in OpenAI formats and are noted as same-format only.
 */
export function decodeReasoning(raw: unknown, notes: DecodeNotes): ReasoningOptions | undefined {
  if (raw === undefined || raw === null) return undefined;
  const r = expectObject(raw, 'reasoning');
  const out: ReasoningOptions = {};
  const effort = optionalString(r, 'effort', 'reasoning');
  if (effort === 'none') out.enabled = false;
  else if (effort !== undefined && EFFORTS.has(effort)) out.effort = effort as ReasoningOptions['effort'];
  else if (effort !== undefined) notes.sameFormat(`reasoning.effort=${effort}`, 'this effort level exists only in OpenAI formats');
  const summary = optionalString(r, 'summary', 'reasoning') ?? optionalString(r, 'generate_summary', 'reasoning');
  if (summary !== undefined) out.include_thoughts = true;
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Canonical reasoning -> `reasoning`. Reasoning turned off is effort `none`. A token budget
 * (Anthropic, Gemini) maps to the nearest effort: up to 2048 low, up to 8192 medium, above
 * that high.
 */
export function encodeReasoning(reasoning: ReasoningOptions): JsonObject | undefined {
  const out: JsonObject = {};
  if (reasoning.enabled === false) return { effort: 'none' };
  if (reasoning.effort !== undefined) out.effort = reasoning.effort;
  else if (reasoning.budget_tokens !== undefined && reasoning.budget_tokens > 0) {
    out.effort = reasoning.budget_tokens <= 2048 ? 'low' : reasoning.budget_tokens <= 8192 ? 'medium' : 'high';
  }
  if (reasoning.include_thoughts) out.summary = 'auto';
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Sampling knobs the Responses API has no field for; sending them elsewhere-only would drop them. */
export function assertSamplingExpressible(request: CanonicalRequest): void {
  const s = request.sampling;
  const unsupported: Array<[string, unknown]> = [
    ['top_k', s.top_k],
    ['stop', s.stop?.length ? s.stop : undefined],
    ['seed', s.seed],
    ['frequency_penalty', s.frequency_penalty],
    ['presence_penalty', s.presence_penalty],
    ['n', s.n !== undefined && s.n !== 1 ? s.n : undefined],
  ];
  for (const [name, value] of unsupported) {
    if (value !== undefined) {
      throw new UnsupportedFeatureError(name, 'openai-responses', 'the Responses API has no such parameter');
    }
  }
}
