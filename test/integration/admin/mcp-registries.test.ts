/**
 * The admin side of MCP registries against real MCP servers built with the SDK:
 * merged tool names that conflict are refused when the registry is saved (create, update,
 * `options.tool_aliases`), a server that cannot be asked is saved with a warning, the tools
 * list tells a refused credential from an unreachable server, and the registry test reports
 * each stage of an MCP registry.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../fixtures/mcp/tiny-mcp-server.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;
const KEY = 'mcp-admin-key-0001';
const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('admin: MCP registries', () => {
  let h: AdminHarness;
  let g: string;
  /** Two tools that both read `search_issues` once merged, on the second page. */
  let clashing: TinyMcpServer;
  let clashingTools: Tool[];
  let clean: TinyMcpServer;
  let forbidding: TinyMcpServer;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    h.secrets.add(KEY);
    clashingTools = [tool('list_repos'), tool('search_issues'), tool('search.issues')];
    clashing = await startTinyMcpServer({ tools: clashingTools, pageSize: 2, requiredKey: KEY });
    clean = await startTinyMcpServer({ tools: [tool('echo'), tool('add')], requiredKey: KEY });
    forbidding = await startTinyMcpServer({ tools: [tool('echo')], requiredKey: KEY, refusalStatus: 403 });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
  });
  after(async () => {
    await h?.close();
    await clashing?.close();
    await clean?.close();
    await forbidding?.close();
  });

  const mcpRegistry = (slug: string, base_url: string, extra: Record<string, unknown> = {}) => ({ type: 'MCP', provider: 'mcp', slug, base_url, auth: { api_key: KEY }, ...extra });

  describe('merged tool names are checked when the registry is saved', () => {
    it('refuses a create whose tools collide once merged, naming both tools and the merged name; nothing is stored', async () => {
      const response = await h.tenantA.post(`${g}/registries`, mcpRegistry('gh', clashing.url));
      expect(response.status).to.equal(422);
      expect(response.body.error).to.equal('tool_name_conflict');
      expect(response.body.message).to.contain('search_issues').and.contain('search.issues').and.contain('gh__search_issues');
      expect(response.body.conflicts).to.deep.equal([{ kind: 'collision', tools: ['search_issues', 'search.issues'], merged_name: 'gh__search_issues' }]);
      expect(ok(await h.tenantA.get(`${g}/registries?type=MCP&name=gh`), 200).total).to.equal(0);
    });

    it('refuses a tool whose merged name is over 64 characters', async () => {
      const long = await startTinyMcpServer({ tools: [tool('t'.repeat(60))] });
      try {
        const response = await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'long-server', base_url: long.url });
        expect(response.status).to.equal(422);
        expect(response.body.error).to.equal('tool_name_conflict');
        expect(response.body.message).to.contain('64');
        expect(response.body.conflicts[0]).to.include({ kind: 'invalid', merged_name: `long-server__${'t'.repeat(60)}` });
      } finally {
        await long.close();
      }
    });

    it('an alias in options.tool_aliases resolves the collision; the alias is stored and returned', async () => {
      const created = ok(await h.tenantA.post(`${g}/registries`, mcpRegistry('gh', clashing.url, { options: { tool_aliases: { 'search.issues': 'search_issues_v2' } } })), 201);
      expect(created.options).to.deep.equal({ tool_aliases: { 'search.issues': 'search_issues_v2' } });
      expect(created).to.not.have.property('warnings');
    });

    it('refuses an update whose new aliases collide, and keeps the stored ones', async () => {
      const registry = ok(await h.tenantA.post(`${g}/registries`, mcpRegistry('gh2', clashing.url, { options: { tool_aliases: { 'search.issues': 'find_issues' } } })), 201);
      const response = await h.tenantA.patch(`${g}/registries/${registry.id}`, { options: { tool_aliases: { 'search.issues': 'list_repos' } } });
      expect(response.status).to.equal(422);
      expect(response.body.error).to.equal('tool_name_conflict');
      expect(response.body.message).to.contain('list_repos').and.contain('gh2__list_repos');
      expect(ok(await h.tenantA.get(`${g}/registries/${registry.id}`), 200).options).to.deep.equal({ tool_aliases: { 'search.issues': 'find_issues' } });
    });

    it('refuses an update that points the registry at a server whose tools collide', async () => {
      const registry = ok(await h.tenantA.post(`${g}/registries`, mcpRegistry('moving', clean.url)), 201);
      const response = await h.tenantA.patch(`${g}/registries/${registry.id}`, { base_url: clashing.url });
      expect(response.status).to.equal(422);
      expect(response.body.error).to.equal('tool_name_conflict');
      expect(ok(await h.tenantA.get(`${g}/registries/${registry.id}`), 200).base_url).to.equal(clean.url);
    });

    it('refuses a slug change that makes a merged name too long', async () => {
      const server = await startTinyMcpServer({ tools: [tool('a'.repeat(55))] });
      try {
        const registry = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 's', base_url: server.url }), 201);
        const response = await h.tenantA.patch(`${g}/registries/${registry.id}`, { slug: 'a-much-longer-slug' });
        expect(response.status).to.equal(422);
        expect(response.body.error).to.equal('tool_name_conflict');
        expect(ok(await h.tenantA.get(`${g}/registries/${registry.id}`), 200).slug).to.equal('s');
      } finally {
        await server.close();
      }
    });

    it('a change that cannot alter merged names (name only) does not call the server', async () => {
      const registry = ok(await h.tenantA.post(`${g}/registries`, mcpRegistry('quiet', clean.url)), 201);
      const calls = clean.authorizations.length;
      const updated = ok(await h.tenantA.patch(`${g}/registries/${registry.id}`, { name: 'Quiet tools' }), 200);
      expect(updated.name).to.equal('Quiet tools');
      expect(clean.authorizations.length).to.equal(calls);
    });

    it('an alias that breaks the alias pattern, or tool_aliases on an LLM registry, is 422 validation_failed', async () => {
      const bad = await h.tenantA.post(`${g}/registries`, mcpRegistry('bad-alias', clean.url, { options: { tool_aliases: { echo: 'has space' } } }));
      expect(bad.status).to.equal(422);
      expect(bad.body.error).to.equal('validation_failed');
      expect(bad.body.message).to.contain('/options/tool_aliases');
      const llm = await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', options: { tool_aliases: { echo: 'echo2' } } });
      expect(llm.status).to.equal(422);
      expect(llm.body.error).to.equal('validation_failed');
      expect(llm.body.message).to.contain('/options/tool_aliases');
    });

    it('a server that cannot be reached is saved with a warning saying its tools were not checked', async () => {
      const url = `http://127.0.0.1:${await closedPort()}/mcp`;
      const created = ok(await h.tenantA.post(`${g}/registries`, mcpRegistry('offline', url)), 201);
      expect(created.warnings).to.have.length(1);
      expect(created.warnings[0].code).to.equal('tools_not_checked');
      expect(created.warnings[0].message).to.contain('unreachable');
      const stored = ok(await h.tenantA.get(`${g}/registries/${created.id}`), 200);
      expect(stored).to.not.have.property('warnings');
    });

    it('a server that refuses the credential is saved with a warning naming the refusal', async () => {
      const created = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'no-key', base_url: clean.url }), 201);
      expect(created.warnings[0].code).to.equal('tools_not_checked');
      expect(created.warnings[0].message).to.contain("refused the gateway's credential (401)");
    });
  });

  describe('tools list', () => {
    it('a server that refuses the credential is 502 upstream_auth_failed with the status, not unreachable', async () => {
      const wrongKey = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'wrong-key', base_url: clean.url, auth: { api_key: 'not-the-key-0001' } }), 201);
      const refused = await h.tenantA.get(`${g}/registries/${wrongKey.id}/tools`);
      expect(refused.status).to.equal(502);
      expect(refused.body.error).to.equal('upstream_auth_failed');
      expect(refused.body.message).to.equal("the MCP server of registry wrong-key refused the gateway's credential (401)");
      const forbidden = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'forbidden', base_url: forbidding.url }), 201);
      const answer = await h.tenantA.get(`${g}/registries/${forbidden.id}/tools`);
      expect(answer.status).to.equal(502);
      expect(answer.body.error).to.equal('upstream_auth_failed');
      expect(answer.body.message).to.contain('(403)');
    });

    it('an unreachable server is still 502 upstream_unreachable', async () => {
      const registry = ok(await h.tenantA.post(`${g}/registries`, mcpRegistry('gone', `http://127.0.0.1:${await closedPort()}/mcp`)), 201);
      const response = await h.tenantA.get(`${g}/registries/${registry.id}/tools`);
      expect(response.status).to.equal(502);
      expect(response.body.error).to.equal('upstream_unreachable');
    });
  });

  describe('registry test', () => {
    const probe = async (body: Record<string, unknown>) => ok(await h.tenantA.post(`${g}/registries/test`, body), 200);

    it('connect: nothing listens on the port', async () => {
      const result = await probe({ type: 'MCP', provider: 'mcp', base_url: `http://127.0.0.1:${await closedPort()}/mcp` });
      expect(result).to.include({ ok: false, stage: 'connect' });
      expect(result.message).to.contain('ECONNREFUSED');
    });

    it('auth: the server refuses the credential (401 and 403), with the status', async () => {
      const unauthorized = await probe({ type: 'MCP', provider: 'mcp', base_url: clean.url, auth: { api_key: 'not-the-key-0001' } });
      expect(unauthorized).to.include({ ok: false, stage: 'auth', status: 401 });
      expect(unauthorized.message).to.contain('401');
      const forbidden = await probe({ type: 'MCP', provider: 'mcp', base_url: forbidding.url });
      expect(forbidden).to.include({ ok: false, stage: 'auth', status: 403 });
    });

    it('ok: a stored registry with its key reaches response and counts its tools', async () => {
      const registry = ok(await h.tenantA.post(`${g}/registries`, mcpRegistry('probed', clean.url)), 201);
      const result = await probe({ registry_id: registry.id });
      expect(result).to.include({ ok: true, stage: 'response', url: clean.url });
      expect(result.message).to.contain('2 tools');
    });
  });
});
