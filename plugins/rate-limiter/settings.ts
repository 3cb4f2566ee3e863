import type { CounterSyncSettings } from '../../core/counters/counter-mode.js';

/** A named window or a number of seconds. */
export type RateWindow = 'second' | 'minute' | 'hour' | 'day' | number;

/** One limit: at most `requests` per `window`. */
export interface RateLimit {
  requests: number;
  window: RateWindow;
}

/** What, besides the consumer, splits the counters. */
export type RatePartition = 'model' | 'auth' | 'header';

/** Settings of a rate_limiter policy (schemas/plugins/rate_limiter.schema.json). */
export interface RateLimiterSettings {
  limits: RateLimit[];
  algorithm: 'sliding_window' | 'fixed_window';
  partition_by: RatePartition[];
  header_name?: string;
  fault_tolerant: boolean;
  counter_sync: CounterSyncSettings;
  response_headers: boolean;
}
