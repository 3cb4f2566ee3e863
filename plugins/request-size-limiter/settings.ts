/** Settings of a request_size_limiter policy: the type generated from its schema (no defaults to apply). */
export type { RequestSizeLimiterSettings } from '../../core/plugin/index.js';
