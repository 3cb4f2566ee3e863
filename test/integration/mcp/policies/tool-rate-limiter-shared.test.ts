/**
 * tool_rate_limiter on a shared counter backend: two data planes (each its own policy instance
 * and Redis connection, as two processes would have) count the same consumer and tool in one
 * throwaway redis-server, so many parallel calls spread over both never pass the limit together,
 * in strict mode.
 */
import { expect } from 'chai';
import { RedisCounterStore } from '../../../../core/counters/redis-counter-store.js';
import { logger } from '../../../../core/logging/logger.js';
import type { McpToolCall } from '../../../../core/mcp/toolkit-types.js';
import { compileChain } from '../../../../core/pipeline/chain.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { recordTaps } from '../../../../core/plugin/tap-recorder.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import plugin from '../../../../plugins/tool-rate-limiter/index.js';
import type { ToolRateLimiterSettings } from '../../../../plugins/tool-rate-limiter/settings.js';
import { redisUnavailableReason, startRedis, type RedisServer } from '../../policies/support/redis-server.js';

const call: McpToolCall = { tool: { name: 'github__search_issues', upstreamName: 'search_issues', registry: { id: 'r-1', slug: 'github' } as never, definition: {} }, arguments: {} };
const exchange = (consumerId: string) => ({ traceId: 't', operation: 'mcp', incoming: { headers: {} }, consumer: { id: consumerId, tags: [] }, findings: [] }) as unknown as Exchange;

describe('tool_rate_limiter: two data planes sharing Redis counters', function () {
  this.timeout(30_000);
  let redis: RedisServer;
  const stores: RedisCounterStore[] = [];

  before(async function () {
    const reason = redisUnavailableReason();
    if (reason) {
      console.log(`      pending: ${reason}`);
      this.skip();
    }
    redis = await startRedis();
  });
  after(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await redis?.stop();
  });

  /** One data plane: its own Redis connection and policy instance (same policy id, as every plane has). */
  async function plane(raw: Record<string, unknown>) {
    const settings = structuredClone(raw);
    expect(validatorFor(plugin.schemaId)(settings)).to.equal(true);
    const counters = new RedisCounterStore({ url: redis.url });
    stores.push(counters);
    expect(await counters.connect()).to.equal(true);
    const kit = { ...fakeKit(settings as unknown as ToolRateLimiterSettings), counters };
    const { hooks, taps } = recordTaps(plugin.name, plugin.stages);
    await plugin.setup(hooks, kit);
    const chain = compileChain([{ plugin: plugin.name, priority: 0, parallel: false, failureMode: 'closed', taps }], logger);
    return (consumerId: string) => chain.admitToolCall.promise(call, exchange(consumerId));
  }

  for (const algorithm of ['sliding_window', 'fixed_window'] as const) {
    it(`admits exactly the limit of parallel calls spread over both planes (${algorithm})`, async () => {
      // fault_tolerant off: a counter failure fails the call instead of passing as an admission.
      const settings = { limits: [{ requests: 7, window: 'hour' }], algorithm, fault_tolerant: false };
      const [a, b] = [await plane(settings), await plane(settings)];
      const consumer = `consumer-${algorithm}-${Date.now()}`;
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b)(consumer)));
      expect(answers.filter((r) => r === undefined)).to.have.length(7);
      expect(answers.filter((r) => typeof r === 'string').every((r) => /^rate limit of github__search_issues exceeded: 7 calls per hour; retry in \d+ s$/.test(r!))).to.equal(true);
    });
  }
});
