/**
 * `rate_limiter`: requests per window, per consumer and optionally per model, auth identity or
 * header value. Sliding-window counter by default (fixed window on request), counted in the
 * gateway's CounterStore: local, or shared by every data plane through Redis or MongoDB.
 */
import { definePlugin, type Exchange, STAGE } from '../../core/plugin/index.js';
import { admitRate } from './handler.js';
import type { RateLimiterSettings } from './settings.js';

export default definePlugin<RateLimiterSettings>({
  kind: 'plugin',
  name: 'rate_limiter',
  version: '1.0.0',
  coreApi: '^1.0.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/rate_limiter.schema.json',
  category: 'policy',
  stages: ['admit'],
  description: 'Requests per window per consumer, optionally per model, auth identity or header, with X-RateLimit-* headers.',
  setup(hooks, kit) {
    hooks.admit.tapPromise({ name: 'rate_limiter', stage: STAGE.RATE }, async (ctx: Exchange) => admitRate(kit, ctx));
  },
});
