/**
 * `token_rate_limiter` (LLM budget): tokens or dollars per window (minute, hour, day, week,
 * month, or seconds), for all models together or per model. Each request reserves its estimate
 * atomically before the provider is called and settles its real usage afterwards.
 */
import { definePlugin, type Exchange, STAGE } from '../../core/plugin/index.js';
import { admitBudget } from './handler.js';
import type { TokenRateLimiterSettings } from './settings.js';
import { tokenizer } from './token-count.js';

export default definePlugin<TokenRateLimiterSettings>({
  kind: 'plugin',
  name: 'token_rate_limiter',
  version: '1.0.0',
  coreApi: '^1.0.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/token_rate_limiter.schema.json',
  category: 'policy',
  stages: ['admit'],
  description: 'Token and dollar budgets per window, aggregate or per model: reserved before the call, settled from real usage.',
  async setup(hooks, kit) {
    // Load the tokenizer with the policy, not on its first request.
    await tokenizer();
    hooks.admit.tapPromise({ name: 'token_rate_limiter', stage: STAGE.BUDGET }, async (ctx: Exchange) => admitBudget(kit, ctx));
  },
});
