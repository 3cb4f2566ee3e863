import type { CounterSyncSettings } from '../../core/counters/counter-mode.js';
import type { ModelPrice } from '../../core/providers/prices.js';

/** A calendar period (UTC) or a number of seconds. */
export type BudgetWindow = 'minute' | 'hour' | 'day' | 'week' | 'month' | number;

/** One budget: at most `amount` (tokens, or US dollars) per window. */
export interface BudgetLimit {
  amount: number;
  window: BudgetWindow;
  /** Each model has its own budget of `amount` (else one budget for all models together). */
  per_model: boolean;
  /** Only requests for these models count (all models when absent). */
  models?: string[];
}

/** Settings of a token_rate_limiter policy (schemas/plugins/token_rate_limiter.schema.json). */
export interface TokenRateLimiterSettings {
  unit: 'tokens' | 'dollars';
  limits: BudgetLimit[];
  /** Tokens unit: which tokens count. */
  count: 'total' | 'input' | 'output';
  /** Output tokens reserved when the request sets no max_tokens. */
  default_output_tokens: number;
  /** Dollars unit: the price of models neither the registry nor the catalog prices. */
  default_price?: ModelPrice;
  fault_tolerant: boolean;
  counter_sync: CounterSyncSettings;
}
