/**
 * Registries over HTTP: create (LLM and MCP, inline key sealed and write-only, vault
 * reference), get, update, delete (references removed from consumers and roles), the flat
 * paginated listing and the grouped one with its refusals, and the MCP tools list (the
 * server's declared tools through the SDK client; 502 when unreachable).
 */
import { expect } from 'chai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../fixtures/mcp/tiny-mcp-server.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;
const INLINE_KEY = 'sk-inline-registry-key-0001';
const TOOLS = [
  { name: 'echo', description: 'Echoes its input', inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } }, required: ['text'] } },
  { name: 'add', title: 'Add', inputSchema: { type: 'object' as const }, annotations: { readOnlyHint: true } },
  { name: 'search', description: 'Searches', inputSchema: { type: 'object' as const } },
];

describe('admin: registries', () => {
  let h: AdminHarness;
  let mcp: TinyMcpServer;
  let g: string;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    h.secrets.add(INLINE_KEY, 'mcp-tools-key-0001');
    mcp = await startTinyMcpServer({ tools: TOOLS, pageSize: 2, requiredKey: 'mcp-tools-key-0001' });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
  });
  after(async () => {
    await h?.close();
    await mcp?.close();
  });

  it('creates an LLM registry; the inline key is sealed at rest and never returned', async () => {
    const created = ok(await h.tenantA.post(`${g}/registries`, {
      slug: 'openai-main', name: 'OpenAI', type: 'LLM', provider: 'openai', base_url: 'https://api.openai.com/v1',
      auth: { api_key: INLINE_KEY }, models: ['gpt-4o', 'gpt-4o-mini'], capabilities: ['chat'], health_check: { enabled: true, interval_ms: 10000 }, circuit_breaker: { enabled: true, failure_threshold: 3 },
    }), 201);
    expect(created.circuit_breaker).to.include({ enabled: true, failure_threshold: 3 });
    expect(created).to.include({ slug: 'openai-main', type: 'LLM', provider: 'openai' });
    expect(created.auth).to.deep.equal({ has_api_key: true });
    const stored = await h.gateway.store!.collection(COLLECTIONS.registries).findOne({ _id: created.id });
    expect(JSON.stringify(stored)).to.not.contain(INLINE_KEY);
    expect(h.gateway.secretBox.open((stored!.auth as { api_key_sealed: never }).api_key_sealed)).to.equal(INLINE_KEY);
    expect(ok(await h.tenantA.get(`${g}/registries/${created.id}`), 200)).to.deep.equal(created);
  });

  it('creates an Azure registry with api_version and deployments, and derives a free slug', async () => {
    const first = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'azure-openai', base_url: 'https://example.openai.azure.com', options: { api_version: '2024-10-21', deployments: { 'gpt-4o': 'my-gpt4o' } } }), 201);
    const second = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'azure-openai', base_url: 'https://example2.openai.azure.com' }), 201);
    expect(first.slug).to.equal('azure-openai');
    expect(second.slug).to.equal('azure-openai-2');
    expect(first.options).to.deep.equal({ api_version: '2024-10-21', deployments: { 'gpt-4o': 'my-gpt4o' } });
  });

  it('refuses what the catalog and the vault do not allow (422 naming the field) and a duplicate slug (409)', async () => {
    const unknown = await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'nope' });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.message).to.contain('/provider');
    const noBase = await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'azure-openai' });
    expect(noBase.body.message).to.contain('/base_url');
    const both = await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', auth: { api_key: 'x', credential_id: '00000000-0000-4000-8000-000000000000' } });
    expect(both.status).to.equal(422);
    expect(both.body.message).to.contain('/auth');
    const missingVault = await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', auth: { credential_id: '00000000-0000-4000-8000-000000000000' } });
    expect(missingVault.status).to.equal(422);
    expect(missingVault.body.message).to.contain('/auth/credential_id');
    const badType = await h.tenantA.post(`${g}/registries`, { type: 'HTTP', provider: 'openai' });
    expect(badType.status).to.equal(422);
    expect(badType.body.message).to.contain('/type');
    const extra = await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', colour: 'red' });
    expect(extra.body.message).to.contain('/colour');
    const duplicate = await h.tenantA.post(`${g}/registries`, { slug: 'openai-main', type: 'LLM', provider: 'openai' });
    expect(duplicate.status).to.equal(409);
  });

  it('updates fields, replaces the auth with a vault reference, and keeps the type', async () => {
    const registry = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'anthropic', auth: { api_key: INLINE_KEY } }), 201);
    const credential = ok(await h.tenantA.post(`${g}/vault-credentials`, { name: 'anthropic', secret: 'vault-registry-secret-01' }), 201);
    h.secrets.add('vault-registry-secret-01');
    const updated = ok(await h.tenantA.patch(`${g}/registries/${registry.id}`, { name: 'Claude', models: ['claude-sonnet-4-5'], auth: { credential_id: credential.id } }), 200);
    expect(updated).to.include({ name: 'Claude' });
    expect(updated.models).to.deep.equal(['claude-sonnet-4-5']);
    expect(updated.auth).to.deep.equal({ has_api_key: false, credential_id: credential.id });
    expect((await h.tenantA.patch(`${g}/registries/${registry.id}`, { type: 'MCP' })).status).to.equal(422);
    expect((await h.tenantA.patch(`${g}/registries/${registry.id}`, {})).status).to.equal(422);
    // A credential in use cannot be deleted.
    expect((await h.tenantA.delete(`${g}/vault-credentials/${credential.id}`)).status).to.equal(409);
  });

  it('deleting a registry removes it from consumers and roles in the same write', async () => {
    const registry = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'cohere' }), 201);
    const keep = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'mistral' }), 201);
    const consumer = ok(await h.tenantA.post(`${g}/consumers`, {
      slug: 'del-reg', registries: [{ registry_id: registry.id, weight: 2 }, { registry_id: keep.id }], model_policies: [{ registry_id: registry.id, allow: ['command-r-plus'] }],
    }), 201);
    const role = ok(await h.tenantA.post(`${g}/roles`, { name: 'del-reg', registries: [registry.id, keep.id] }), 201);
    ok(await h.tenantA.patch(`${g}/roles/${role.id}`, { model_policies: [{ registry_id: registry.id, allow: ['command-r-plus'] }] }), 200);
    expect((await h.tenantA.delete(`${g}/registries/${registry.id}`)).status).to.equal(204);
    expect((await h.tenantA.get(`${g}/registries/${registry.id}`)).status).to.equal(404);
    const after = ok(await h.tenantA.get(`${g}/consumers/${consumer.id}`), 200);
    expect(after.registries).to.deep.equal([{ registry_id: keep.id, weight: 1 }]);
    expect(after.model_policies).to.deep.equal([]);
    const roleAfter = ok(await h.tenantA.get(`${g}/roles/${role.id}`), 200);
    expect(roleAfter.registries).to.deep.equal([keep.id]);
    expect(roleAfter.model_policies).to.deep.equal([]);
  });

  describe('listings', () => {
    let lg: string;
    before(async () => {
      lg = `/v1/gateways/${(await h.newGateway()).id}`;
      for (const [provider, name] of [['openai', 'OpenAI one'], ['openai', 'OpenAI two'], ['anthropic', 'Claude'], ['cohere', 'Cohere']]) {
        ok(await h.tenantA.post(`${lg}/registries`, { type: 'LLM', provider, name }), 201);
      }
      ok(await h.tenantA.post(`${lg}/registries`, { type: 'MCP', provider: 'mcp', name: 'Tools', base_url: mcp.url }), 201);
    });

    it('flat: paginated {items, page, size, total}, filtered by type and name', async () => {
      const all = ok(await h.tenantA.get(`${lg}/registries`), 200);
      expect(all).to.include({ page: 1, size: 20, total: 5 });
      expect(Object.keys(all)).to.have.members(['items', 'page', 'size', 'total']);
      const page = ok(await h.tenantA.get(`${lg}/registries?size=2&page=3`), 200);
      expect(page.items).to.have.length(1);
      expect(ok(await h.tenantA.get(`${lg}/registries?type=MCP`), 200).total).to.equal(1);
      const named = ok(await h.tenantA.get(`${lg}/registries?name=openai`), 200);
      expect(named.items.map((r: { name: string }) => r.name)).to.have.members(['OpenAI one', 'OpenAI two']);
    });

    it('grouped: view=grouped&type=LLM groups by provider with totals', async () => {
      const grouped = ok(await h.tenantA.get(`${lg}/registries?view=grouped&type=LLM`), 200);
      expect(grouped).to.include({ view: 'grouped', total_groups: 3, total_instances: 4 });
      const openai = grouped.groups.find((group: { provider: string }) => group.provider === 'openai');
      expect(openai).to.include({ name: 'OpenAI', count: 2 });
      expect(openai.instances).to.have.length(2);
    });

    it('grouped is refused with name, page or size, without type=LLM, and over 200 registries', async () => {
      for (const query of ['view=grouped&type=LLM&name=x', 'view=grouped&type=LLM&page=1', 'view=grouped&type=LLM&size=10', 'view=grouped', 'view=grouped&type=MCP', 'view=flat']) {
        const response = await h.tenantA.get(`${lg}/registries?${query}`);
        expect(response.status, query).to.equal(422);
        expect(response.body.error).to.equal('validation_failed');
      }
      const big = await h.newGateway();
      const docs = Array.from({ length: 201 }, (_, i) => ({
        _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, gateway_id: big.id, slug: `r${i}`, type: 'LLM', provider: 'openai',
        created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
      }));
      await h.gateway.store!.collection(COLLECTIONS.registries).insertMany(docs);
      const over = await h.tenantA.get(`/v1/gateways/${big.id}/registries?view=grouped&type=LLM`);
      expect(over.status).to.equal(422);
      expect(over.body.message).to.contain('200');
      expect(ok(await h.tenantA.get(`/v1/gateways/${big.id}/registries?size=100&page=3`), 200)).to.include({ total: 201 });
    });
  });

  describe('MCP tools', () => {
    it("returns the tools exactly as the server declares them, across pages", async () => {
      const registry = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', name: 'tiny', base_url: mcp.url, auth: { api_key: 'mcp-tools-key-0001' } }), 201);
      const body = ok(await h.tenantA.get(`${g}/registries/${registry.id}/tools`), 200);
      expect(body.tools).to.deep.equal(TOOLS);
      expect(mcp.authorizations.at(-1)).to.equal('Bearer mcp-tools-key-0001');
    });

    it('is 502 when the server is unreachable, 409 for an LLM registry', async () => {
      const gone = await startTinyMcpServer({ tools: [] });
      const url = gone.url;
      await gone.close();
      const registry = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', name: 'gone', base_url: url }), 201);
      const response = await h.tenantA.get(`${g}/registries/${registry.id}/tools`);
      expect(response.status).to.equal(502);
      expect(response.body.error).to.equal('upstream_unreachable');
      const llm = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'deepseek' }), 201);
      expect((await h.tenantA.get(`${g}/registries/${llm.id}/tools`)).status).to.equal(409);
    });

    it('an MCP registry needs a base_url', async () => {
      const response = await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp' });
      expect(response.status).to.equal(422);
      expect(response.body.message).to.contain('/base_url');
    });
  });
});
