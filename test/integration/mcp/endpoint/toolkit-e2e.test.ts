/**
 * `/{slug}/mcp` end to end in front of the real consumer toolkit and two real SDK MCP servers,
 * with three clients: the SDK v1 client (2025-11-25), the SDK v2 client pinned to 2026-07-28 and
 * `@modelcontextprotocol/inspector-cli` headless. They see the identical merged list; calls reach
 * the right upstream with their arguments unchanged; a tool the consumer may not see is unknown;
 * and an upstream `list_changed` or an admin change to the consumer's registries reaches
 * connected clients of both eras as `notifications/tools/list_changed`.
 */
import { expect } from 'chai';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { startAdminHarness, type AdminHarness } from '../../admin/helpers/admin-harness.js';
import { GITHUB_TOOLS, startGithub, startJira } from '../../../fixtures/mcp/toolkit-servers.js';
import type { TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { eventually } from '../../../fixtures/processes/portcullis-process.js';
import { inspectorCli } from './support/inspector-cli.js';

interface Watched<C> {
  client: C;
  /** Tool names of every list the client re-fetched after a list_changed. */
  lists: string[][];
}

describe('mcp endpoint: end to end with the consumer toolkit', function () {
  this.timeout(60_000);
  let h: AdminHarness;
  let github: TinyMcpServer;
  let jira: TinyMcpServer;
  let gatewayId: string;
  let agentId: string;
  let jiraId: string;
  let key: string;
  let scopedKey: string;
  let url: string;
  const clients: Array<{ close(): Promise<void> }> = [];

  const legacyClient = async (): Promise<Watched<LegacyClient>> => {
    const lists: string[][] = [];
    const client = new LegacyClient({ name: 'legacy-e2e', version: '1.0.0' }, {
      listChanged: { tools: { onChanged: (error, tools) => void (!error && tools && lists.push(tools.map((t) => t.name))) } },
    });
    await client.connect(new LegacyTransport(new URL(url), { requestInit: { headers: { 'x-api-key': key } } }));
    clients.push(client);
    return { client, lists };
  };
  const modernClient = async (): Promise<Watched<ModernClient>> => {
    const lists: string[][] = [];
    const client = new ModernClient({ name: 'modern-e2e', version: '1.0.0' }, {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      listChanged: { tools: { onChanged: (error, tools) => void (!error && tools && lists.push(tools.map((t) => t.name))) } },
    });
    await client.connect(new ModernTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    clients.push(client);
    return { client, lists };
  };

  before(async () => {
    github = await startGithub({ stateful: true });
    jira = await startJira();
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    gatewayId = (await h.newGateway()).id;
    const seed = h.gateway.seed;
    const gh = await seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url });
    jiraId = (await seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'jira', base_url: jira.url }))._id;
    const agent = await seed.consumer(gatewayId, { slug: 'agent', registries: [{ registry_id: gh._id }] });
    agentId = agent.consumer._id;
    key = agent.key;
    scopedKey = (await seed.consumer(gatewayId, { slug: 'scoped', registries: [{ registry_id: gh._id }], tools: { allow: ['github__search_issues'] } })).key;
    await h.gateway.configChanged();
    url = `${h.gateway.proxyUrl('agent')}/mcp`;
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await h?.close();
    await github?.close();
    await jira?.close();
  });

  it('the three clients see the identical merged list, definitions as the server declares them', async () => {
    const legacy = (await (await legacyClient()).client.listTools()).tools;
    const modern = (await (await modernClient()).client.listTools()).tools;
    const inspector = (await inspectorCli(url, { 'X-AG-API-Key': key }, ['--method', 'tools/list'])).tools;
    expect(legacy.map((t) => t.name)).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues']);
    expect(modern).to.deep.equal(legacy);
    expect(inspector).to.deep.equal(legacy);
    expect(legacy.find((t) => t.name === 'github__search_issues')).to.deep.equal({ ...GITHUB_TOOLS[0], name: 'github__search_issues' });
  });

  it('calls from each client reach the upstream tool with the arguments unchanged, the result passed through', async () => {
    const args = { q: 'is:open label:bug', limit: 5 };
    const legacy = await (await legacyClient()).client.callTool({ name: 'github__search_issues', arguments: args });
    expect(github.calls.at(-1)).to.deep.include({ name: 'search_issues', arguments: args });
    expect(legacy.structuredContent).to.deep.equal({ server: 'github', args });
    const modern = await (await modernClient()).client.callTool({ name: 'github__get_issue', arguments: { id: 7 } });
    expect(github.calls.at(-1)).to.deep.include({ name: 'get.issue', arguments: { id: 7 } });
    expect(modern.content).to.deep.equal([{ type: 'text', text: 'github:{"id":7}' }]);
    const inspector = await inspectorCli(url, { 'X-AG-API-Key': key }, ['--method', 'tools/call', '--tool-name', 'github__create_issue', '--tool-arg', 'title=crash']);
    expect(github.calls.at(-1)).to.deep.include({ name: 'create_issue', arguments: { title: 'crash' } });
    expect(inspector.structuredContent).to.deep.equal({ server: 'github', args: { title: 'crash' } });
  });

  it('a tool outside the consumer\'s scope is absent from its list and unknown (-32602) on call', async () => {
    const scopedUrl = `${h.gateway.proxyUrl('scoped')}/mcp`;
    const client = new ModernClient({ name: 'scoped', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernTransport(new URL(scopedUrl), { requestInit: { headers: { 'x-ag-api-key': scopedKey } } }));
    clients.push(client);
    expect((await client.listTools()).tools.map((t) => t.name)).to.deep.equal(['github__search_issues']);
    const error = await client.callTool({ name: 'github__create_issue', arguments: {} }).then(() => undefined, (err: { code?: number }) => err);
    expect(error?.code).to.equal(-32602);
  });

  it('an upstream list_changed reaches connected clients of both eras, which re-list', async () => {
    const legacy = await legacyClient();
    const modern = await modernClient();
    await legacy.client.listTools();
    await eventually(async () => github.sseStreams() > 0, 'the toolkit to listen to the upstream');
    github.setTools([...GITHUB_TOOLS, { name: 'merge_pr', description: 'Merge a pull request', inputSchema: { type: 'object' } }]);
    await github.notifyToolsChanged();
    const has = (lists: string[][]) => lists.some((names) => names.includes('github__merge_pr'));
    await eventually(async () => has(legacy.lists) && has(modern.lists), 'both clients to re-list after the upstream change', 15_000);
  });

  it('an admin change to the consumer\'s registries reaches connected clients of both eras', async () => {
    const legacy = await legacyClient();
    const modern = await modernClient();
    await legacy.client.listTools();
    const res = await h.tenantA.put(`/v1/gateways/${gatewayId}/consumers/${agentId}/registries/${jiraId}`);
    expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 204]);
    const has = (lists: string[][]) => lists.some((names) => names.includes('jira__create_ticket'));
    await eventually(async () => has(legacy.lists) && has(modern.lists), 'both clients to re-list after the admin change', 15_000);
  });
});
