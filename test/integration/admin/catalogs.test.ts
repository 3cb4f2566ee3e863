/**
 * Catalogs: providers, models (by provider; a cloud-hosted registry's invokable models, i.e.
 * its deployments), policies (the built-in policy plugins here; a third-party one in
 * policies.test.ts) and the Store's MCP servers.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;

/** The built-in policy plugins and the category each is listed under. */
const BUILT_IN_POLICIES = {
  request_size_limiter: 'policy',
  rate_limiter: 'policy',
  token_rate_limiter: 'policy',
  tool_governance: 'policy',
  tool_rate_limiter: 'policy',
  tool_injection: 'policy',
  cache: 'cache',
  guardrails: 'guardrail',
} as const;

const settingsSchema = (type: string) => JSON.parse(readFileSync(new URL(`../../../schemas/plugins/${type}.schema.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('admin: catalogs', () => {
  let h: AdminHarness;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
  });
  after(async () => {
    await h?.close();
  });

  it('lists the providers of the catalog, paginated', async () => {
    const page = ok(await h.tenantA.get('/v1/catalog/providers?size=100'), 200);
    const azure = page.items.find((p: { id: string }) => p.id === 'azure-openai');
    expect(azure).to.include({ cloud_hosted: true, base_url_required: true, variant_of: 'openai' });
    expect(page.items.map((p: { id: string }) => p.id)).to.include.members(['openai', 'anthropic', 'gemini', 'cohere']);
    expect(page.total).to.equal(page.items.length);
  });

  it('lists models, filtered by provider, with modalities', async () => {
    const cohere = ok(await h.tenantA.get('/v1/catalog/models?provider=cohere'), 200);
    expect(cohere.items.every((m: { provider: string }) => m.provider === 'cohere')).to.equal(true);
    expect(cohere.items.find((m: { id: string }) => m.id === 'rerank-v3.5').modalities).to.deep.equal(['rerank']);
    expect(ok(await h.tenantA.get('/v1/catalog/models'), 200).total).to.be.greaterThan(cohere.total);
    expect((await h.tenantA.get('/v1/catalog/models?provider=nope')).status).to.equal(422);
  });

  it("with gateway_id and registry_id of a cloud-hosted registry, lists only its deployments", async () => {
    const gateway = await h.newGateway();
    const g = `/v1/gateways/${gateway.id}`;
    const azure = ok(await h.tenantA.post(`${g}/registries`, {
      type: 'LLM', provider: 'azure-openai', base_url: 'https://example.openai.azure.com',
      options: { api_version: '2024-10-21', deployments: { 'gpt-4o': 'prod-gpt4o', 'text-embedding-3-small': 'embed' } },
    }), 201);
    const models = ok(await h.tenantA.get(`/v1/catalog/models?gateway_id=${gateway.id}&registry_id=${azure.id}`), 200);
    expect(models.items).to.deep.equal([
      { id: 'gpt-4o', provider: 'azure-openai', modalities: ['chat'], deployment: 'prod-gpt4o' },
      { id: 'text-embedding-3-small', provider: 'azure-openai', modalities: ['embeddings'], deployment: 'embed' },
    ]);
    const openai = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai' }), 201);
    const openaiModels = ok(await h.tenantA.get(`/v1/catalog/models?gateway_id=${gateway.id}&registry_id=${openai.id}`), 200);
    expect(openaiModels.items.map((m: { id: string }) => m.id)).to.include('gpt-4o-mini');
    expect((await h.tenantB.get(`/v1/catalog/models?gateway_id=${gateway.id}&registry_id=${azure.id}`)).status).to.equal(404);
    expect((await h.tenantA.get(`/v1/catalog/models?gateway_id=${gateway.id}`)).status).to.equal(422);
  });

  it('lists every built-in policy plugin with its settings JSON Schema', async () => {
    const catalog = ok(await h.tenantA.get('/v1/catalog/policies'), 200);
    const listed = new Map<string, { category: string; type: Record<string, unknown> }>();
    for (const group of catalog.groups as Array<{ category: string; types: Array<Record<string, unknown>> }>) {
      for (const type of group.types) listed.set(type.type as string, { category: group.category, type });
    }
    expect(catalog.total).to.equal(listed.size);
    expect([...listed.keys()]).to.include.members(Object.keys(BUILT_IN_POLICIES));
    for (const [name, category] of Object.entries(BUILT_IN_POLICIES)) {
      const { category: listedUnder, type } = listed.get(name)!;
      expect(listedUnder, name).to.equal(category);
      expect(type.version, name).to.match(/^\d+\.\d+\.\d+/);
      expect(type.stages, name).to.be.an('array').that.is.not.empty;
      expect(type.settings_schema, name).to.deep.equal(settingsSchema(name));
      expect(type.settings_schema, name).to.include({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' });
    }
  });

  it('lists the Store catalog of MCP servers', async () => {
    const servers = ok(await h.tenantA.get('/v1/catalog/mcp-servers'), 200);
    expect(servers.total).to.be.greaterThan(3);
    for (const server of servers.items) expect(server.url).to.match(/^https:\/\//);
  });
});
