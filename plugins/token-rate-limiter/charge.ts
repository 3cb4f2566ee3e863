import type { TokenCounter } from './token-count.js';
import type { CanonicalRequest, ModelPrice, Usage } from '../../core/plugin/index.js';
import { billedTokens, costNano, type BilledTokens } from './cost.js';
import { estimateInputTokens, estimateOutputTokens } from './estimate.js';
import type { TokenRateLimiterSettings } from './settings.js';

/** Billed tokens in the policy's counter unit: tokens (the counted kind), or nano-dollars at `price`. */
export function unitsOf(settings: TokenRateLimiterSettings, tokens: BilledTokens, price: ModelPrice | undefined): number {
  if (settings.unit === 'dollars') return price ? costNano(tokens, price) : 0;
  switch (settings.count) {
    case 'input':
      return tokens.input;
    case 'output':
      return tokens.output;
    default:
      return tokens.input + tokens.output;
  }
}

/** The reservation's tokens: the prompt counted with the tokenizer, the output at its cap. */
export function estimatedTokens(encoding: TokenCounter, request: CanonicalRequest, settings: TokenRateLimiterSettings): BilledTokens {
  return { input: estimateInputTokens(encoding, request), output: estimateOutputTokens(request, settings.default_output_tokens) };
}

/** Usage as billed tokens (re-exported for the handler). */
export const usageTokens = (usage: Usage): BilledTokens => billedTokens(usage);
