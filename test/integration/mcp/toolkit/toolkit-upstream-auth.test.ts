/**
 * Upstream authentication per MCP registry: the registry's key (inline, or a vault credential)
 * arrives upstream as `Authorization: Bearer` or in the header the registry names; the client's
 * own credential never does, and no key reaches the logs.
 */
import { expect } from 'chai';
import { AdminClient } from '../../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../../admin/helpers/admin-harness.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { toolkitExchange } from '../../../fixtures/mcp/toolkit-exchange.js';

const ok = AdminClient.expectStatus;
const STATIC_KEY = 'mcp-static-key-0001';
const HEADER_KEY = 'mcp-header-key-0002';
const VAULT_KEY = 'mcp-vault-key-0003';
const tools = [{ name: 'ping', inputSchema: { type: 'object' as const } }];

describe('mcp toolkit: upstream authentication', () => {
  let h: AdminHarness;
  let bearer: TinyMcpServer;
  let header: TinyMcpServer;
  let vault: TinyMcpServer;
  let gatewayId: string;
  let clientKey: string;

  before(async () => {
    bearer = await startTinyMcpServer({ tools, requiredKey: STATIC_KEY });
    header = await startTinyMcpServer({ tools, requiredKey: HEADER_KEY, keyHeader: 'X-Api-Token' });
    vault = await startTinyMcpServer({ tools, requiredKey: VAULT_KEY });
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    h.secrets.add(STATIC_KEY, HEADER_KEY, VAULT_KEY);
    gatewayId = (await h.newGateway()).id;
    const g = `/v1/gateways/${gatewayId}`;
    const credential = ok(await h.tenantA.post(`${g}/vault-credentials`, { name: 'mcp key', secret: VAULT_KEY }), 201);
    const registries = [
      ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'bearer', base_url: bearer.url, auth: { api_key: STATIC_KEY } }), 201),
      ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'header', base_url: header.url, auth: { api_key: HEADER_KEY, header: 'X-Api-Token' } }), 201),
      ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'vault', base_url: vault.url, auth: { credential_id: credential.id } }), 201),
    ];
    const issued = await h.gateway.seed.consumer(gatewayId, { slug: 'agent', registries: registries.map((r: { id: string }) => ({ registry_id: r.id })) });
    clientKey = issued.key;
    h.rememberKey(clientKey);
    await h.gateway.configChanged();
  });
  after(async () => {
    await h?.close();
    await bearer?.close();
    await header?.close();
    await vault?.close();
  });

  it('sends each registry\'s key as it is configured, and never the client\'s credential', async () => {
    const ctx = () => toolkitExchange(h.gateway, { gatewayId, consumerSlug: 'agent', headers: { authorization: `Bearer ${clientKey}`, 'x-api-key': clientKey } });
    const listed = await h.gateway.mcpToolkit.list(ctx());
    expect(listed.map((t) => t.name)).to.deep.equal(['bearer__ping', 'header__ping', 'vault__ping']);
    for (const name of ['bearer__ping', 'header__ping', 'vault__ping']) {
      const answer = await h.gateway.mcpToolkit.call(ctx(), name, {}, { signal: new AbortController().signal });
      expect(answer.result, name).to.deep.equal({ content: [{ type: 'text', text: 'ping called' }] });
    }
    expect(bearer.calls).to.have.length(1);
    expect(header.calls).to.have.length(1);
    expect(vault.calls).to.have.length(1);
    expect(new Set(bearer.headers.map((x) => x.authorization))).to.deep.equal(new Set([`Bearer ${STATIC_KEY}`]));
    expect(new Set(header.headers.map((x) => x['x-api-token']))).to.deep.equal(new Set([HEADER_KEY]));
    expect(header.headers.every((x) => x.authorization === undefined)).to.equal(true);
    expect(new Set(vault.headers.map((x) => x.authorization))).to.deep.equal(new Set([`Bearer ${VAULT_KEY}`]));
    for (const seen of [...bearer.headers, ...header.headers, ...vault.headers]) {
      expect(JSON.stringify(seen)).to.not.contain(clientKey);
    }
  });

  it('a new vault secret reaches the server after the snapshot changes', async () => {
    const g = `/v1/gateways/${gatewayId}`;
    const credentials = ok(await h.tenantA.get(`${g}/vault-credentials`), 200).items as Array<{ id: string }>;
    h.secrets.add('mcp-vault-key-0004');
    ok(await h.tenantA.patch(`${g}/vault-credentials/${credentials[0].id}`, { secret: 'mcp-vault-key-0004' }), 200);
    await h.gateway.configChanged();
    const answer = await h.gateway.mcpToolkit.call(toolkitExchange(h.gateway, { gatewayId, consumerSlug: 'agent' }), 'vault__ping', {}, { signal: new AbortController().signal });
    // The server still wants the old key: it refuses the new one, and the call says so, naming the server.
    expect(answer.record.outcome).to.equal('upstream_error');
    expect(answer.result).to.deep.equal({ content: [{ type: 'text', text: "MCP server vault refuses the gateway's credential (HTTP 401)" }], isError: true });
    expect(vault.headers.at(-1)!.authorization).to.equal('Bearer mcp-vault-key-0004');
  });
});
