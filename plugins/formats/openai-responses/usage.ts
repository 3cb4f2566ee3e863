import type { Usage } from '../../../core/plugin/index.js';
import { finiteNumber, isObject, type JsonObject } from '../../shared/formats/json-fields.js';

/**
 * The Responses `usage` object: `input_tokens` (cached ones included, detailed in
 * `input_tokens_details.cached_tokens`), `output_tokens` (reasoning included, detailed in
 * `output_tokens_details.reasoning_tokens`), `total_tokens`.
 * https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage
 */

/** `usage` -> canonical usage (undefined when absent or not an object). */
export function decodeUsage(raw: unknown): Usage | undefined {
  if (!isObject(raw)) return undefined;
  const input = finiteNumber(raw.input_tokens) ?? 0;
  const output = finiteNumber(raw.output_tokens) ?? 0;
  const usage: Usage = { input_tokens: input, output_tokens: output, total_tokens: finiteNumber(raw.total_tokens) ?? input + output };
  const inDetails = isObject(raw.input_tokens_details) ? raw.input_tokens_details : {};
  const outDetails = isObject(raw.output_tokens_details) ? raw.output_tokens_details : {};
  const cached = finiteNumber(inDetails.cached_tokens);
  if (cached !== undefined) usage.cached_input_tokens = cached;
  const written = finiteNumber(inDetails.cache_write_tokens);
  if (written) usage.cache_creation_input_tokens = written;
  const reasoning = finiteNumber(outDetails.reasoning_tokens);
  if (reasoning !== undefined) usage.reasoning_tokens = reasoning;
  return usage;
}

/** Canonical usage -> `usage`. */
export function encodeUsage(usage: Usage): JsonObject {
  const inputDetails: JsonObject = { cached_tokens: usage.cached_input_tokens ?? 0 };
  if (usage.cache_creation_input_tokens !== undefined) inputDetails.cache_write_tokens = usage.cache_creation_input_tokens;
  return {
    input_tokens: usage.input_tokens,
    input_tokens_details: inputDetails,
    output_tokens: usage.output_tokens,
    output_tokens_details: { reasoning_tokens: usage.reasoning_tokens ?? 0 },
    total_tokens: usage.total_tokens,
  };
}
