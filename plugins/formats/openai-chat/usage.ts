import type { Usage } from '../../../core/plugin/index.js';
import { finiteNumber, isObject, type JsonObject } from '../../shared/formats/json-fields.js';

/**
 * The Chat Completions `usage` object
 * (https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage): cached prompt
 * tokens in `prompt_tokens_details.cached_tokens`, reasoning tokens in
 * `completion_tokens_details.reasoning_tokens`; both are already counted in the totals.
 */

/** Upstream `usage` -> canonical usage; undefined when absent or null. */
export function decodeUsage(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const input = finiteNumber(value.prompt_tokens) ?? 0;
  const output = finiteNumber(value.completion_tokens) ?? 0;
  const usage: Usage = { input_tokens: input, output_tokens: output, total_tokens: finiteNumber(value.total_tokens) ?? input + output };
  const cached = isObject(value.prompt_tokens_details) ? finiteNumber(value.prompt_tokens_details.cached_tokens) : undefined;
  if (cached !== undefined) usage.cached_input_tokens = cached;
  const reasoning = isObject(value.completion_tokens_details)
    ? finiteNumber(value.completion_tokens_details.reasoning_tokens)
    : undefined;
  if (reasoning !== undefined) usage.reasoning_tokens = reasoning;
  return usage;
}

/** Canonical usage -> client `usage`; the details objects appear only when their counts are known. */
export function encodeUsage(usage: Usage): JsonObject {
  const out: JsonObject = {
    prompt_tokens: usage.input_tokens,
    completion_tokens: usage.output_tokens,
    total_tokens: usage.total_tokens,
  };
  if (usage.cached_input_tokens !== undefined) out.prompt_tokens_details = { cached_tokens: usage.cached_input_tokens };
  if (usage.reasoning_tokens !== undefined) out.completion_tokens_details = { reasoning_tokens: usage.reasoning_tokens };
  return out;
}
