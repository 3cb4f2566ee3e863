/**
 * The usage an images answer reports: the GPT image models answer
 * `usage: {input_tokens, output_tokens, total_tokens, input_tokens_details}`; the DALL-E models
 * report none. It becomes the exchange's usage, which budgets count as they count chat's.
 */
import type { Usage } from '../../canonical/response.js';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The answer's `usage` as canonical usage, or undefined when it reports none (or not as counts). */
export function imageUsage(answer: unknown): Usage | undefined {
  const usage = (answer as { usage?: { input_tokens?: unknown; output_tokens?: unknown } } | null)?.usage;
  if (!usage || !isCount(usage.input_tokens) || !isCount(usage.output_tokens)) return undefined;
  return { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens, total_tokens: usage.input_tokens + usage.output_tokens };
}
