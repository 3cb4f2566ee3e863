/**
 * `GET /v1/gateways/{gateway_id}/usage`: requests, tokens in and out and cost of proxied calls
 * over time, per consumer, model or registry; tenant-scoped like every gateway route; a range
 * or bucket count beyond the bounds is 400 `validation_failed` naming the parameter.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

interface UsageAnswer {
  interval: string;
  group_by: string;
  buckets: string[];
  groups: Array<{ key: string; requests: number; input_tokens: number; output_tokens: number; cost_usd: number; points: Array<{ requests: number; input_tokens: number; output_tokens: number; cost_usd: number }> }>;
  totals: { requests: number; input_tokens: number; output_tokens: number; cost_usd: number };
}

describe('admin: gateway usage and spend over time', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let gatewayId = '';
  let registryId = '';
  let consumerIds: string[] = [];
  let tenantToken = '';
  let otherTenantToken = '';

  const usage = async (query: string, token = tenantToken) => {
    const response = await fetch(`${gateway.urls.admin}/v1/gateways/${gatewayId}/usage${query}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as UsageAnswer & { error?: string; message?: string } };
  };

  before(async () => {
    gateway = await createTestGateway();
    upstream = await startFakeOpenAI();
    const gw = await gateway.seed.gateway({ tenant_id: 'tenant-u' });
    gatewayId = gw.id;
    registryId = (await gateway.seed.registry(gatewayId, { provider: 'openai', slug: 'openai-main', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini', 'gpt-4o'] }))._id;
    const app = await gateway.seed.consumer(gatewayId, { slug: 'app', registries: [{ registry_id: registryId }] });
    const batch = await gateway.seed.consumer(gatewayId, { slug: 'batch', registries: [{ registry_id: registryId }] });
    consumerIds = [app.consumer._id, batch.consumer._id];
    await gateway.configChanged();
    tenantToken = await mintAdminToken(gateway.jwtSecret, { sub: 'ops', roles: ['tenant_admin'], tenantId: 'tenant-u' });
    otherTenantToken = await mintAdminToken(gateway.jwtSecret, { sub: 'other', roles: ['tenant_admin'], tenantId: 'tenant-other' });
    const client = (key: string, slug: string) => new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl(slug)}/v1`, maxRetries: 0 });
    const chat = (c: OpenAI, model: string) => c.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] });
    await chat(client(app.key, 'app'), 'gpt-4o-mini');
    await chat(client(app.key, 'app'), 'gpt-4o-mini');
    await chat(client(app.key, 'app'), 'gpt-4o');
    await chat(client(batch.key, 'batch'), 'gpt-4o-mini');
  });
  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  /** The usage answer once all four calls are filed (telemetry leaves the request path in batches). */
  async function settled(query: string): Promise<UsageAnswer> {
    for (let i = 0; i < 40; i++) {
      const answer = await usage(query);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      if (answer.body.totals.requests >= 4) return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error('the four proxied calls never showed in the usage');
  }

  it('counts requests, tokens and cost per consumer in hourly buckets', async () => {
    const body = await settled('?group_by=consumer&interval=hour');
    expect(body.interval).to.equal('hour');
    expect(body.buckets).to.have.length(24); // the default range: the last 24 hours
    const byKey = new Map(body.groups.map((g) => [g.key, g]));
    expect(byKey.get(consumerIds[0])!.requests).to.equal(3);
    expect(byKey.get(consumerIds[1])!.requests).to.equal(1);
    expect(body.totals.requests).to.equal(4);
    expect(body.totals.input_tokens).to.be.greaterThan(0);
    expect(body.totals.output_tokens).to.be.greaterThan(0);
    // Every call lands in the current hour: the last bucket.
    expect(byKey.get(consumerIds[0])!.points.at(-1)!.requests).to.equal(3);
    expect(byKey.get(consumerIds[0])!.points.slice(0, -1).every((p) => p.requests === 0)).to.equal(true);
  });

  it('groups by model and by registry, in daily buckets', async () => {
    const models = await settled('?group_by=model&interval=day');
    expect(Object.fromEntries(models.groups.map((g) => [g.key, g.requests]))).to.deep.equal({ 'gpt-4o-mini': 3, 'gpt-4o': 1 });
    expect(models.buckets).to.have.length.within(1, 2);
    const registries = await settled('?group_by=registry');
    expect(registries.groups.map((g) => [g.key, g.requests])).to.deep.equal([[registryId, 4]]);
  });

  it('is tenant-scoped: another tenant gets 404', async () => {
    const answer = await usage('', otherTenantToken);
    expect(answer.status).to.equal(404);
  });

  it('refuses unknown parameters, bad values and ranges or bucket counts beyond the bounds with 400 validation_failed', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const cases: Array<[string, string]> = [
      ['?group_by=colour', 'group_by'],
      ['?interval=minute', 'interval'],
      ['?from=yesterday', 'from'],
      [`?from=${iso(now)}&to=${iso(now - 3_600_000)}`, 'to'],
      [`?from=${iso(now - 100 * 86_400_000)}&to=${iso(now)}&interval=day`, 'from'],
      [`?from=${iso(now - 40 * 86_400_000)}&to=${iso(now)}&interval=hour`, 'interval'],
      ['?sort=up', 'sort'],
    ];
    for (const [query, field] of cases) {
      const answer = await usage(query);
      expect(answer.status, query).to.equal(400);
      expect(answer.body.error, query).to.equal('validation_failed');
      expect(answer.body.message, query).to.match(new RegExp(`^/${field} `));
    }
  });
});
