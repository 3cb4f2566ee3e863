import type { TokenRateLimiterSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the plugin receives them: the type generated from the schema, its defaults applied. */
export type TokenRateLimiterSettings = Generated & Required<Pick<Generated, 'unit' | 'count' | 'default_output_tokens' | 'fault_tolerant' | 'counter_sync'>>;

/** One budget: at most `amount` (tokens, or US dollars) per window, for all models or per model. */
export type BudgetLimit = Generated['limits'][number];

/** A calendar period (UTC) or a number of seconds. */
export type BudgetWindow = BudgetLimit['window'];
