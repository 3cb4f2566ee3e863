import type { ToolRateLimiterSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the plugin receives them: the type generated from the schema, its defaults applied. */
export type ToolRateLimiterSettings = Generated & Required<Pick<Generated, 'overrides' | 'algorithm' | 'fault_tolerant' | 'counter_sync'>>;

/** One limit: at most `requests` calls of a tool per `window`. */
export type ToolCallLimit = Generated['limits'][number];
