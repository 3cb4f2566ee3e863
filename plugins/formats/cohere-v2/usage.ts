import type { Usage } from '../../../core/plugin/index.js';
import { finiteNumber, isObject, type JsonObject } from '../../shared/formats/json-fields.js';

/**
 * Cohere v2 `usage` (https://docs.cohere.com/reference/chat): `tokens` counts what the model
 * read and wrote (prompt template included), `billed_units` what was billed, `cached_tokens`
 * the prompt tokens served from cache. Canonical usage takes `tokens`, falling back to
 * `billed_units`; a translated answer reports the same counts in both.
 */

/** Upstream `usage` -> canonical usage; undefined when absent. */
export function decodeUsage(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const tokens = isObject(value.tokens) ? value.tokens : {};
  const billed = isObject(value.billed_units) ? value.billed_units : {};
  const input = finiteNumber(tokens.input_tokens) ?? finiteNumber(billed.input_tokens) ?? 0;
  const output = finiteNumber(tokens.output_tokens) ?? finiteNumber(billed.output_tokens) ?? 0;
  const usage: Usage = { input_tokens: input, output_tokens: output, total_tokens: input + output };
  const cached = finiteNumber(value.cached_tokens);
  if (cached !== undefined) usage.cached_input_tokens = cached;
  return usage;
}

/** Canonical usage -> client `usage`. */
export function encodeUsage(usage: Usage): JsonObject {
  const counts = { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens };
  const out: JsonObject = { billed_units: { ...counts }, tokens: { ...counts } };
  if (usage.cached_input_tokens !== undefined) out.cached_tokens = usage.cached_input_tokens;
  return out;
}
