import type { Usage } from '../../../core/plugin/index.js';
import { isObject } from '../../shared/formats/json-fields.js';
import type { GeminiUsageMetadata } from './wire-types.js';

/**
 * `usageMetadata` (https://ai.google.dev/api/generate-content#UsageMetadata) to and from the
 * canonical usage. Gemini counts thoughts apart from `candidatesTokenCount` and tool-use prompt
 * tokens apart from `promptTokenCount`; the canonical counts include them (output tokens include
 * reasoning, input tokens include cached ones).
 */

/** Gemini usage metadata -> canonical usage (undefined when absent or not an object). */
export function decodeUsage(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const count = (key: string) => (typeof value[key] === 'number' ? (value[key] as number) : 0);
  const input = count('promptTokenCount') + count('toolUsePromptTokenCount');
  const output = count('candidatesTokenCount') + count('thoughtsTokenCount');
  const usage: Usage = {
    input_tokens: input,
    output_tokens: output,
    total_tokens: typeof value.totalTokenCount === 'number' ? value.totalTokenCount : input + output,
  };
  if (typeof value.cachedContentTokenCount === 'number') usage.cached_input_tokens = value.cachedContentTokenCount;
  if (typeof value.thoughtsTokenCount === 'number') usage.reasoning_tokens = value.thoughtsTokenCount;
  return usage;
}

/** Canonical usage -> Gemini usage metadata. */
export function encodeUsage(usage: Usage): GeminiUsageMetadata {
  const reasoning = usage.reasoning_tokens ?? 0;
  const out: GeminiUsageMetadata = {
    promptTokenCount: usage.input_tokens,
    candidatesTokenCount: Math.max(0, usage.output_tokens - reasoning),
    totalTokenCount: usage.total_tokens,
  };
  if (usage.cached_input_tokens !== undefined) out.cachedContentTokenCount = usage.cached_input_tokens;
  if (usage.reasoning_tokens !== undefined) out.thoughtsTokenCount = usage.reasoning_tokens;
  return out;
}
