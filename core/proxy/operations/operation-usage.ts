/**
 * The usage non-chat answers report, as canonical usage: it becomes the exchange's usage, which
 * budgets count as they count chat's. Images: the GPT image models answer
 * `usage: {input_tokens, output_tokens, total_tokens, input_tokens_details}`; the DALL-E models
 * report none. Rerank: OpenAI-compatible rerank APIs answer `usage: {prompt_tokens,
 * total_tokens}`; Cohere answers `meta.billed_units`, whose `search_units` are not tokens and so
 * count only when `input_tokens` is given too.
 */
import type { Usage } from '../../canonical/response.js';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

const inputOnly = (tokens: number): Usage => ({ input_tokens: tokens, output_tokens: 0, total_tokens: tokens });

/** An images answer's `usage`, or undefined when it reports none (or not as counts). */
export function imageUsage(answer: unknown): Usage | undefined {
  const usage = (answer as { usage?: { input_tokens?: unknown; output_tokens?: unknown } } | null)?.usage;
  if (!usage || !isCount(usage.input_tokens) || !isCount(usage.output_tokens)) return undefined;
  return { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens, total_tokens: usage.input_tokens + usage.output_tokens };
}

/** A rerank answer's tokens (all input), or undefined when it reports none. */
export function rerankUsage(answer: unknown): Usage | undefined {
  const a = answer as { usage?: { prompt_tokens?: unknown; total_tokens?: unknown }; meta?: { billed_units?: { input_tokens?: unknown } } } | null;
  const tokens = a?.usage?.prompt_tokens ?? a?.usage?.total_tokens ?? a?.meta?.billed_units?.input_tokens;
  return isCount(tokens) ? inputOnly(tokens) : undefined;
}
