/**
 * `request_size_limiter`: refuses, before any provider is called, a request whose body is over
 * `max_bytes` or whose prompt is over `max_characters`, with 413 and a message naming the limit.
 */
import { definePlugin, type Exchange, STAGE } from '../../core/plugin/index.js';
import { admitSize } from './handler.js';
import type { RequestSizeLimiterSettings } from './settings.js';

export default definePlugin<RequestSizeLimiterSettings>({
  kind: 'plugin',
  name: 'request_size_limiter',
  version: '1.0.0',
  coreApi: '^1.0.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/request_size_limiter.schema.json',
  category: 'policy',
  stages: ['admit'],
  description: 'Refuses requests over a payload size or prompt character count before the provider.',
  setup(hooks, kit) {
    // The cheapest gate: it runs first among the limits (SIZE before RATE and BUDGET).
    hooks.admit.tapPromise({ name: 'request_size_limiter', stage: STAGE.SIZE }, async (ctx: Exchange) => admitSize(kit, ctx));
  },
});
