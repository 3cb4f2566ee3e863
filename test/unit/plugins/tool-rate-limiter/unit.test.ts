/**
 * tool_rate_limiter through its compiled chain, as the MCP toolkit calls `admitToolCall`: calls
 * per consumer and tool, the reason naming the tool and the retry time, other tools, consumers
 * and the next window unaffected, parallel calls never past the limit, overrides by pattern, a
 * refused call counting nowhere, and counter failures by `fault_tolerant`.
 */
import { expect } from 'chai';
import { logger } from '../../../../core/logging/logger.js';
import type { McpToolCall } from '../../../../core/mcp/toolkit-types.js';
import { compileChain } from '../../../../core/pipeline/chain.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { CounterUnavailableError, LocalCounterStore, type CounterStore } from '../../../../core/plugin/counters.js';
import { recordTaps } from '../../../../core/plugin/tap-recorder.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import plugin from '../../../../plugins/tool-rate-limiter/index.js';
import type { ToolRateLimiterSettings } from '../../../../plugins/tool-rate-limiter/settings.js';

const MINUTE = 60_000;

const settingsOf = (raw: Record<string, unknown>): ToolRateLimiterSettings => {
  const copy = structuredClone(raw);
  expect(validatorFor(plugin.schemaId)(copy)).to.equal(true);
  return copy as unknown as ToolRateLimiterSettings;
};

const exchange = (consumerId = 'consumer-1') =>
  ({ traceId: 'trace', operation: 'mcp', incoming: { headers: {} }, consumer: { id: consumerId, gatewayId: 'gw', tags: [] }, responseHeaders: {}, findings: [] }) as unknown as Exchange;

const call = (name: string): McpToolCall => {
  const [registrySlug, upstreamName] = name.split('__');
  return { tool: { name, upstreamName, registry: { id: `r-${registrySlug}`, slug: registrySlug } as never, definition: {} }, arguments: { q: 'x' } };
};

/** The plugin's compiled chain on a fake clock; `counters` replaces the kit's. */
async function chainOf(raw: Record<string, unknown>, clock: { t: number }, counters?: CounterStore) {
  const kit = fakeKit(settingsOf(raw), { now: () => clock.t });
  const used = counters ? { ...kit, counters } : kit;
  const { hooks, taps } = recordTaps(plugin.name, plugin.stages);
  await plugin.setup(hooks, used);
  const chain = compileChain([{ plugin: plugin.name, priority: 0, parallel: false, failureMode: plugin.failureMode ?? 'closed', taps }], logger);
  return { chain, admit: (name: string, ctx = exchange()) => chain.admitToolCall.promise(call(name), ctx) };
}

describe('tool_rate_limiter: admitToolCall', () => {
  it('admits N calls of a tool per window and refuses the next with the tool, the limit and the retry time', async () => {
    const clock = { t: 100 * MINUTE + 18_000 };
    const { admit } = await chainOf({ limits: [{ requests: 3, window: 'minute' }] }, clock);
    for (let i = 0; i < 3; i++) expect(await admit('github__search_issues')).to.equal(undefined);
    const reason = await admit('github__search_issues');
    // 18 s into the aligned minute with nothing before: the rest of it (42 s) and into the next.
    expect(reason).to.match(/^rate limit of github__search_issues exceeded: 3 calls per minute; retry in \d+ s$/);
    const retry = Number(/retry in (\d+) s/.exec(reason!)![1]);
    expect(retry).to.be.within(42, 102);
  });

  it('leaves other tools, other consumers and the next window unaffected', async () => {
    const clock = { t: 100 * MINUTE };
    const { admit } = await chainOf({ limits: [{ requests: 1, window: 'minute' }], algorithm: 'fixed_window' }, clock);
    expect(await admit('github__search_issues')).to.equal(undefined);
    expect(await admit('github__search_issues')).to.be.a('string');
    expect(await admit('github__create_issue'), 'another tool').to.equal(undefined);
    expect(await admit('github__search_issues', exchange('consumer-2')), 'another consumer').to.equal(undefined);
    clock.t += MINUTE;
    expect(await admit('github__search_issues'), 'the next window').to.equal(undefined);
  });

  it('never admits more than N of many parallel calls', async () => {
    const clock = { t: 100 * MINUTE };
    const { admit } = await chainOf({ limits: [{ requests: 5, window: 'minute' }] }, clock);
    const answers = await Promise.all(Array.from({ length: 40 }, () => admit('jira__create_ticket')));
    expect(answers.filter((a) => a === undefined)).to.have.length(5);
    expect(answers.filter((a) => typeof a === 'string')).to.have.length(35);
  });

  it('applies the first override whose pattern matches the merged name, else the default limits', async () => {
    const clock = { t: 100 * MINUTE };
    const { admit } = await chainOf(
      {
        limits: [{ requests: 3, window: 'minute' }],
        overrides: [
          { tool: 'github__search_*', limits: [{ requests: 1, window: 'hour' }] },
          { tool: 'github__*', limits: [{ requests: 2, window: 'minute' }] },
        ],
      },
      clock,
    );
    expect(await admit('github__search_issues')).to.equal(undefined);
    expect(await admit('github__search_issues')).to.match(/1 call per hour/);
    expect(await admit('github__create_issue')).to.equal(undefined);
    expect(await admit('github__create_issue')).to.equal(undefined);
    expect(await admit('github__create_issue')).to.match(/2 calls per minute/);
    for (let i = 0; i < 3; i++) expect(await admit('jira__create_ticket')).to.equal(undefined);
    expect(await admit('jira__create_ticket')).to.match(/3 calls per minute/);
  });

  it('counts a call refused by a later limit nowhere', async () => {
    const clock = { t: 100 * MINUTE };
    const counters = new LocalCounterStore(() => clock.t);
    const { admit } = await chainOf({ limits: [{ requests: 10, window: 'minute' }, { requests: 1, window: 30 }], algorithm: 'fixed_window' }, clock, counters);
    expect(await admit('github__search_issues')).to.equal(undefined);
    for (let i = 0; i < 5; i++) expect(await admit('github__search_issues')).to.match(/1 call per 30 s/);
    const minuteCounters = [...(counters as unknown as { counters: Map<string, { value: number }> }).counters].filter(([k]) => k.includes(':60000:'));
    expect(minuteCounters.map(([, v]) => v.value)).to.deep.equal([1]);
  });

  describe('when the counter backend is down', () => {
    const down: CounterStore = {
      kind: 'redis',
      add: async () => {
        throw new CounterUnavailableError('redis unreachable');
      },
      get: async () => {
        throw new CounterUnavailableError('redis unreachable');
      },
    } as unknown as CounterStore;

    it('fault_tolerant admits the call and reports a counter_unavailable finding', async () => {
      const { admit } = await chainOf({ limits: [{ requests: 1, window: 'minute' }] }, { t: 0 }, down);
      const ctx = exchange();
      expect(await admit('github__search_issues', ctx)).to.equal(undefined);
      expect(ctx.findings).to.deep.include({ plugin: 'tool_rate_limiter', policyId: 'test-policy', type: 'counter_unavailable', action: 'report', detail: { tool: 'github__search_issues' } });
    });

    it('without fault_tolerant fails the policy closed', async () => {
      const { admit } = await chainOf({ limits: [{ requests: 1, window: 'minute' }], fault_tolerant: false }, { t: 0 }, down);
      const failure = await admit('github__search_issues').catch((err: unknown) => err);
      expect(failure).to.be.instanceOf(GatewayError);
      expect((failure as GatewayError).code).to.equal('plugin_failed');
    });
  });

  it('taps no LLM hook: its only stage is admitToolCall', () => {
    expect(plugin.stages).to.deep.equal(['admitToolCall']);
  });
});
