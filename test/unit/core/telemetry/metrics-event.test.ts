import { expect } from 'chai';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { metricsEventOf } from '../../../../core/telemetry/metrics-event.js';

const exchange = (fields: Partial<Exchange>): Exchange =>
  ({
    traceId: 't-1',
    snapshot: { registry: () => undefined, gateway: () => undefined },
    incoming: { method: 'POST', route: '/v1/chat/completions', headers: { authorization: 'Bearer ag_secret' }, body: { messages: [{ content: 'private prompt' }] } },
    operation: 'chat',
    attempts: [],
    findings: [],
    ...fields,
  }) as unknown as Exchange;

describe('core/telemetry/metrics-event', () => {
  it('records the route reason, the smart-routing tier and each attempt with its trigger', () => {
    const ctx = exchange({
      route: { targets: [], reason: 'smart:hard', complexity: { tier: 'hard', score: 0.9, signals: ['code'] } },
      attempts: [
        { registryId: 'r1', provider: 'openai', model: 'gpt-4o', startedAt: 0, durationMs: 12, status: 429, outcome: 'fallback', trigger: '429' },
        { registryId: 'r2', provider: 'anthropic', model: 'claude-sonnet-4-5', startedAt: 0, durationMs: 30, status: 200, outcome: 'ok' },
      ] as Exchange['attempts'],
    });
    const { data } = metricsEventOf(ctx, { status: 200, durationMs: 50, cached: false, streamed: false });
    expect(data).to.include({ route_reason: 'smart:hard', complexity_tier: 'hard', provider: 'anthropic', model: 'claude-sonnet-4-5', status: 200 });
    expect((data.attempts as Array<{ trigger?: string; outcome?: string }>).map((a) => [a.outcome, a.trigger])).to.deep.equal([['fallback', '429'], ['ok', undefined]]);
  });

  it('carries no prompt text and no credentials', () => {
    const { data } = metricsEventOf(exchange({}), { status: 200, durationMs: 5, cached: false, streamed: false });
    const text = JSON.stringify(data);
    expect(text).to.not.contain('private prompt');
    expect(text).to.not.contain('ag_secret');
  });
});
