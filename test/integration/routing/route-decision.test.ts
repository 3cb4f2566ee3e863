/**
 * The routing decision of a request in the playground trace and the OTLP log record: the
 * candidates each reference resolved to, why one was dropped (failing health checks), the
 * fallback reference that was skipped, the chosen target and the attempts of a request that
 * fell back. Fake upstreams and the collector listen on 127.0.0.1; waits count health checks.
 */
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import type { RouteDecision } from '../../../core/pipeline/exchange.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { eventually } from '../../fixtures/processes/portcullis-process.js';
import { startRoutingUpstream, type RoutingUpstream } from '../../fixtures/routing/routing-upstream.js';
import { startFakeOtlpCollector, type FakeOtlpCollector } from '../observability/fake-otlp-collector.js';

const HEALTH = { enabled: true, interval_ms: 40, timeout_ms: 1_000, path: '/health', unhealthy_threshold: 2, healthy_threshold: 2 };

describe('routing: the routing decision in the trace and the OTLP record', () => {
  let gateway: TestGateway;
  let collector: FakeOtlpCollector;
  const upstreams: Record<string, RoutingUpstream> = {};
  const ids: Record<string, string> = {};
  let gatewayId: string;
  let key: string;

  before(async () => {
    collector = await startFakeOtlpCollector();
    gateway = await createTestGateway({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint } });
    ({ id: gatewayId } = await gateway.seed.gateway({ slug: 'decision-gw' }));
    for (const name of ['a', 'h', 'b']) {
      upstreams[name] = await startRoutingUpstream(name);
      const fields = name === 'h' ? { health_check: HEALTH } : {};
      ids[name] = (await gateway.seed.registry(gatewayId, { provider: 'openai', slug: name, base_url: upstreams[name].url, apiKey: `sk-${name}`, models: [`m-${name}`], ...fields }))._id;
    }
    ({ key } = await gateway.seed.consumer(gatewayId, {
      slug: 'decided',
      registries: ['a', 'h', 'b'].map((n) => ({ registry_id: ids[n], weight: 1 })),
      pools: [{ name: 'main', targets: ['@a/m-a', '@h/m-h'], strategy: 'round_robin' }],
      fallback: { targets: ['pool:missing', '@b/m-b'], on: ['5xx'] },
    } as never));
    await gateway.configChanged();
  });

  after(async () => {
    await gateway?.close();
    await collector?.close();
    await Promise.all(Object.values(upstreams).map((u) => u.close()));
  });

  it('lists the candidates, the drop reason, the skipped fallback, the chosen target and the attempts of a request that fell back', async () => {
    upstreams.h.healthy = false;
    // unhealthy_threshold is 2: three more failed checks and h has left its pools.
    const target = upstreams.h.healthChecks + 3;
    await eventually(async () => upstreams.h.healthChecks >= target, 'h failing its health checks');
    upstreams.a.enqueue({ kind: 'error', status: 500, message: 'upstream a is failing' });

    const res = await fetch(`${gateway.proxyUrl('decided')}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'pool:main', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(res.status).to.equal(200);
    expect(((await res.json()) as { choices: Array<{ message: { content: string } }> }).choices[0].message.content).to.match(/^Hello from b/);
    const traceId = res.headers.get('x-ag-trace-id')!;

    const expected: RouteDecision = {
      strategy: 'round_robin',
      filters: ['consumer_access', 'capability:chat', 'health', 'circuit_breaker'],
      candidates: [
        { reference: 'pool:main', registry_id: ids.h, model: 'm-h', outcome: 'dropped', reason: 'unhealthy' },
        { reference: 'pool:main', registry_id: ids.a, model: 'm-a', outcome: 'target' },
        { reference: 'ref:@b/m-b', registry_id: ids.b, model: 'm-b', outcome: 'target' },
      ],
      omitted: 0,
      skipped_references: [{ reference: 'pool:missing', reason: 'this consumer has no pool "missing"' }],
      chosen: { registry_id: ids.a, model: 'm-a' },
    };

    await gateway.telemetry.flush();
    const token = await mintAdminToken(gateway.jwtSecret, { sub: 'ops', roles: ['platform_admin'] });
    const traceRes = await fetch(`${gateway.urls.admin}/v1/gateways/${gatewayId}/traces/${traceId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(traceRes.status).to.equal(200);
    const trace = (await traceRes.json()) as { route_decision: RouteDecision; attempts: Array<{ registry_id: string; status: number; outcome: string }> };
    expect(trace.route_decision).to.deep.equal(expected);
    expect(trace.attempts.map((x) => [x.registry_id, x.status, x.outcome])).to.deep.equal([
      [ids.a, 500, 'fallback'],
      [ids.b, 200, 'ok'],
    ]);

    await eventually(async () => collector.records.some((r) => r.attributes['portcullis.trace_id'] === traceId), 'the OTLP record');
    const a = collector.records.find((r) => r.attributes['portcullis.trace_id'] === traceId)!.attributes;
    expect(a).to.include({ 'portcullis.route.strategy': 'round_robin', 'portcullis.route.chosen.registry_id': ids.a, 'portcullis.route.chosen.model': 'm-a', 'portcullis.route.candidates_omitted': 0 });
    expect(a['portcullis.route.candidates']).to.deep.equal(expected.candidates);
    expect(a['portcullis.route.skipped_references']).to.deep.equal(expected.skipped_references);
    expect((a['portcullis.attempts'] as Array<Record<string, unknown>>).map((x) => [x.registry_id, x.status, x.outcome])).to.deep.equal([
      [ids.a, 500, 'fallback'],
      [ids.b, 200, 'ok'],
    ]);
  });
});
