import type { RateLimiterSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the plugin receives them: the type generated from the schema, its defaults applied. */
export type RateLimiterSettings = Generated & Required<Pick<Generated, 'algorithm' | 'partition_by' | 'fault_tolerant' | 'counter_sync' | 'response_headers'>>;

/** One limit: at most `requests` per `window`. */
export type RateLimit = Generated['limits'][number];

/** A named window or a number of seconds. */
export type RateWindow = RateLimit['window'];

/** What, besides the consumer, splits the counters. */
export type RatePartition = RateLimiterSettings['partition_by'][number];
