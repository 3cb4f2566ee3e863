/**
 * `onToolsChanged`: an upstream's `notifications/tools/list_changed` and an admin change of a
 * consumer's registries, its roles' tool sets or its policies fire it for the gateway (and only
 * that gateway), and the next list is fresh.
 */
import { expect } from 'chai';
import { AdminClient } from '../../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../../admin/helpers/admin-harness.js';
import { GITHUB_TOOLS, startGithub, startJira } from '../../../fixtures/mcp/toolkit-servers.js';
import type { TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { toolkitExchange } from '../../../fixtures/mcp/toolkit-exchange.js';
import { waitUntil } from '../../../fixtures/wait-until.js';

const ok = AdminClient.expectStatus;

describe('mcp toolkit: tools-changed events', () => {
  let h: AdminHarness;
  let github: TinyMcpServer;
  let jira: TinyMcpServer;
  let gatewayId: string;
  let otherGatewayId: string;
  let ids: { github: string; jira: string; consumer: string; role: string };
  const fired: string[] = [];
  const names = async (consumerSlug = 'agent', claims?: Record<string, unknown>) =>
    (await h.gateway.mcpToolkit.list(toolkitExchange(h.gateway, { gatewayId, consumerSlug, claims }))).map((t) => t.name);

  before(async () => {
    github = await startGithub({ stateful: true, pageSize: undefined });
    jira = await startJira();
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    gatewayId = (await h.newGateway()).id;
    otherGatewayId = (await h.newGateway()).id;
    const g = `/v1/gateways/${gatewayId}`;
    const gh = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'github', base_url: github.url }), 201);
    const jr = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'jira', base_url: jira.url }), 201);
    const consumer = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'agent', registries: [{ registry_id: gh.id }] }), 201);
    const team = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'team', routing_mode: 'role_based' }), 201);
    const role = await h.gateway.seed.role(gatewayId, { name: 'devs', registries: [gh.id] }, [team.id]);
    ids = { github: gh.id, jira: jr.id, consumer: consumer.id, role: role._id };
    await h.gateway.configChanged();
    h.gateway.mcpToolkit.onToolsChanged((id) => fired.push(id));
  });
  after(async () => {
    await h?.close();
    await github?.close();
    await jira?.close();
  });
  beforeEach(() => {
    fired.length = 0;
  });

  it('fires on the upstream\'s list_changed and lists the new tools next', async () => {
    expect(await names()).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues']);
    // The pooled connection listens on the server's standalone SSE stream.
    await waitUntil(() => github.sseStreams() > 0, 'the SSE stream');
    github.setTools([...GITHUB_TOOLS, { name: 'close_issue', inputSchema: { type: 'object' } }]);
    await github.notifyToolsChanged();
    await waitUntil(() => fired.length > 0, 'onToolsChanged');
    expect(fired).to.deep.equal([gatewayId]);
    expect(await names()).to.deep.equal(['github__close_issue', 'github__create_issue', 'github__get_issue', 'github__search_issues']);
  });

  it('fires for the gateway when the admin changes a consumer\'s registries, and the next list changes', async () => {
    const g = `/v1/gateways/${gatewayId}`;
    ok(await h.tenantA.patch(`${g}/consumers/${ids.consumer}`, { registries: [{ registry_id: ids.jira }] }), 200);
    expect(fired).to.deep.equal([gatewayId]);
    expect(await names()).to.deep.equal(['jira__create_ticket', 'jira__search']);
  });

  it('fires when a consumer\'s tool scope or a role\'s tool sets change', async () => {
    const g = `/v1/gateways/${gatewayId}`;
    ok(await h.tenantA.patch(`${g}/consumers/${ids.consumer}`, { tools: { allow: ['jira__search'] } }), 200);
    expect(fired).to.deep.equal([gatewayId]);
    expect(await names()).to.deep.equal(['jira__search']);
    fired.length = 0;
    ok(await h.tenantA.patch(`${g}/roles/${ids.role}`, { tool_sets: [{ registry_id: ids.github, tools: ['get_issue'] }] }), 200);
    expect(fired).to.deep.equal([gatewayId]);
    expect(await names('team')).to.deep.equal(['github__get_issue']);
  });

  it('does not fire for a gateway whose toolkits did not change', async () => {
    ok(await h.tenantA.post(`/v1/gateways/${otherGatewayId}/consumers`, { slug: 'elsewhere' }), 201);
    expect(fired).to.deep.equal([otherGatewayId]);
  });
});
