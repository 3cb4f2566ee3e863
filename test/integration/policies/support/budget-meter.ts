/**
 * Reads what a token_rate_limiter policy has counted for a consumer, from the counter store the
 * test gateway was started with, and waits for settlements (they run after the response).
 */
import type { CounterStore } from '../../../../core/plugin/counters.js';
import type { PluginHost } from '../../../../core/plugin/host.js';
import type { PolicyRecord } from '../../../../core/records/types.js';
import { budgetCounters } from '../../../../plugins/token-rate-limiter/budget-keys.js';
import type { TokenRateLimiterSettings } from '../../../../plugins/token-rate-limiter/settings.js';
import { eventually } from '../../../fixtures/processes/portcullis-process.js';

export interface BudgetMeter {
  /** Units counted on the policy's `limit`-th budget for `model` in the current period. */
  spent(model: string, limit?: number): Promise<number>;
  /** Waits until `spent(model, limit)` equals `expected`. */
  settlesTo(expected: number, model: string, limit?: number): Promise<void>;
}

export function budgetMeter(counters: CounterStore, host: PluginHost, policy: PolicyRecord, consumerId: string): BudgetMeter {
  const settings = host.validateSettings('token_rate_limiter', policy.settings) as unknown as TokenRateLimiterSettings;
  const spent = async (model: string, limit = 0) => {
    const counter = budgetCounters({ ...settings, limits: [settings.limits[limit]] }, policy._id, consumerId, model, Date.now())[0];
    return counter ? counters.get(counter.key) : 0;
  };
  return {
    spent,
    async settlesTo(expected, model, limit = 0) {
      let last = -1;
      await eventually(async () => (last = await spent(model, limit)) === expected, `budget to settle to ${expected}`, 5_000, 10).catch(() => {
        throw new Error(`budget settled to ${last}, expected ${expected}`);
      });
    },
  };
}
