import type { Usage } from '../../../core/plugin/index.js';
import { finiteNumber, isObject, type JsonObject } from '../../shared/formats/json-fields.js';
import type { AnthropicUsage } from './wire-types.js';

/**
 * `usage` <-> canonical usage. Anthropic's `input_tokens` counts only the prompt tokens after
 * the last cache breakpoint: the total prompt is `input_tokens + cache_creation_input_tokens +
 * cache_read_input_tokens` (https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching#tracking-cache-performance).
 * Canonical `input_tokens` is that total, so both directions convert.
 */

function count(obj: JsonObject, key: string): number | undefined {
  return finiteNumber(obj[key]);
}

/** Anthropic usage (or a `message_delta` usage merged over `message_start`'s) -> canonical. */
export function decodeUsage(raw: JsonObject): Usage {
  const read = count(raw, 'cache_read_input_tokens');
  const created = count(raw, 'cache_creation_input_tokens');
  const input = (count(raw, 'input_tokens') ?? 0) + (read ?? 0) + (created ?? 0);
  const output = count(raw, 'output_tokens') ?? 0;
  const usage: Usage = { input_tokens: input, output_tokens: output, total_tokens: input + output };
  if (read !== undefined) usage.cached_input_tokens = read;
  if (created !== undefined) usage.cache_creation_input_tokens = created;
  const details = raw.output_tokens_details;
  const thinking = isObject(details) ? count(details, 'thinking_tokens') : undefined;
  if (thinking !== undefined) usage.reasoning_tokens = thinking;
  return usage;
}

/** Canonical usage -> Anthropic usage (zeros when the upstream reported none). */
export function encodeUsage(usage: Usage | undefined): AnthropicUsage {
  const read = usage?.cached_input_tokens ?? 0;
  const created = usage?.cache_creation_input_tokens ?? 0;
  const out: AnthropicUsage = {
    input_tokens: Math.max(0, (usage?.input_tokens ?? 0) - read - created),
    output_tokens: usage?.output_tokens ?? 0,
    cache_creation_input_tokens: created,
    cache_read_input_tokens: read,
  };
  if (usage?.reasoning_tokens !== undefined) out.output_tokens_details = { thinking_tokens: usage.reasoning_tokens };
  return out;
}
