/**
 * An installed Store server is an MCP registry binding for that user only: through the MCP SDK
 * client on a role_based consumer's `/mcp`, with an OIDC identity token of the user, the tools of
 * a server appear once the user installed it (at once when allowed, or after an approver approved
 * the request), never for another user or a consumer key, and leave again on uninstall; a denied
 * request shows nothing.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AdminClient } from '../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../admin/helpers/admin-harness.js';
import { JIRA_TOOLS, startGithub, startJira } from '../../fixtures/mcp/toolkit-servers.js';
import { eventually } from '../../fixtures/processes/portcullis-process.js';
import type { TinyMcpServer } from '../../fixtures/mcp/tiny-mcp-server.js';
import { startFakeIssuer, type FakeIssuer } from '../../fixtures/oidc/fake-issuer.js';

const expectStatus = AdminClient.expectStatus;

describe('store: installed servers in the user\'s toolkit', function () {
  this.timeout(60_000);
  let h: AdminHarness;
  let github: TinyMcpServer;
  let jira: TinyMcpServer;
  let issuer: FakeIssuer;
  let store: string;
  let url: string;
  let consumerKey: string;
  let gatewayId: string;
  let teamId: string;

  /** The tool names a user (`subject`) sees through the SDK client with an identity token. */
  const toolsOf = async (subject: string, groups = ['eng']): Promise<string[]> => toolsWith({ authorization: `Bearer ${await issuer.token({ groups }, { subject })}` });
  const toolsWith = async (headers: Record<string, string>): Promise<string[]> => {
    const client = new Client({ name: 'store-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
    try {
      return (await client.listTools()).tools.map((t) => t.name).sort();
    } finally {
      await client.close();
    }
  };
  const install = (body: Record<string, unknown>) => h.tenantA.post(`${store}/principal/installs`, body);

  before(async () => {
    github = await startGithub();
    jira = await startJira({ stateful: true });
    issuer = await startFakeIssuer();
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    gatewayId = (await h.newGateway()).id;
    store = `/v1/gateways/${gatewayId}/store`;
    const seed = h.gateway.seed;
    const gh = await seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url });
    const team = await seed.consumer(gatewayId, { slug: 'team', routing_mode: 'role_based' });
    teamId = team.consumer._id;
    consumerKey = team.key;
    h.rememberKey(consumerKey);
    await seed.auth(gatewayId, { type: 'oidc', name: 'sso', oidc: { issuer: issuer.issuer, audience: 'portcullis', jwks_uri: issuer.jwksUri, groups_claim: 'groups' } }, [team.consumer._id]);
    await h.gateway.configChanged();
    expectStatus(await h.tenantA.post(`${store}/servers`, { code: 'github', name: 'GitHub', instances: [{ name: 'github.com', registry_id: gh._id }] }), 201);
    expectStatus(await h.tenantA.post(`${store}/servers`, { code: 'jira', name: 'Jira', base_url: jira.url }), 201);
    expectStatus(await h.tenantA.put(`${store}/access`, { rules: [{ code: 'github', group: 'eng', level: 'approval' }, { code: 'jira', group: 'eng', level: 'allowed' }] }), 200);
    url = `${h.gateway.proxyUrl('team')}/mcp`;
  });
  after(async () => {
    await h?.close();
    await github?.close();
    await jira?.close();
    await issuer?.close();
  });

  it('before any install a user with no role sees no tools', async () => {
    expect(await toolsOf('alice')).to.deep.equal([]);
  });

  it('approval flow: request with a reason, approve; the tools are that user\'s only', async () => {
    const asked = expectStatus(await install({ code: 'github', principal_sub: 'alice', groups: ['eng'], reason: 'triage issues' }), 200);
    expect(asked).to.include({ pending: true, status: 'pending_approval' });
    // Pending: nothing visible yet.
    expect(await toolsOf('alice')).to.deep.equal([]);
    const pending = expectStatus(await h.tenantA.get(`${store}/approvals?status=pending`), 200).items;
    expect(pending.map((a: { principal_sub: string; reason: string }) => [a.principal_sub, a.reason])).to.deep.equal([['alice', 'triage issues']]);
    expectStatus(await h.tenantA.post(`${store}/approvals/${asked.approval_id}/approve`), 200);
    expect(await toolsOf('alice')).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues']);
    expect(await toolsOf('bob')).to.deep.equal([]);
    // A consumer key is no user: it gets nobody's installs.
    expect(await toolsWith({ 'x-api-key': consumerKey })).to.deep.equal([]);
  });

  it('the installed tools answer calls through the user\'s client', async () => {
    const client = new Client({ name: 'store-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${await issuer.token({}, { subject: 'alice' })}` } } }));
    try {
      const result = await client.callTool({ name: 'github__search_issues', arguments: { query: 'bug' } });
      expect(result.isError ?? false).to.equal(false);
      expect(github.calls.map((c) => c.name)).to.include('search_issues');
    } finally {
      await client.close();
    }
  });

  it('deny: the request records why and nothing becomes visible', async () => {
    const asked = expectStatus(await install({ code: 'github', principal_sub: 'bob', groups: ['eng'], reason: 'curious' }), 200);
    const denied = expectStatus(await h.tenantA.post(`${store}/approvals/${asked.approval_id}/deny`, { reason: 'not in your team' }), 200);
    expect(denied).to.include({ status: 'denied', deny_reason: 'not in your team' });
    expect(await toolsOf('bob')).to.deep.equal([]);
  });

  it('an install or uninstall tells connected clients of the gateway that its tools changed', async () => {
    const changed: string[] = [];
    const stop = h.gateway.mcpToolkit.onToolsChanged((id) => changed.push(id));
    try {
      const done = expectStatus(await install({ code: 'jira', principal_sub: 'carl', groups: ['eng'] }), 200);
      expect(changed).to.include(gatewayId);
      changed.length = 0;
      expectStatus(await h.tenantA.delete(`${store}/installs/${done.install_id}`), 204);
      expect(changed).to.include(gatewayId);
    } finally {
      stop();
    }
  });

  it('a base_url server\'s own tools/list_changed reaches the gateway\'s listeners and the user\'s next list', async () => {
    const done = expectStatus(await install({ code: 'jira', principal_sub: 'dora', groups: ['eng'] }), 200);
    expect(await toolsOf('dora')).to.deep.equal(['jira__create_ticket', 'jira__search']);
    const changed: string[] = [];
    const stop = h.gateway.mcpToolkit.onToolsChanged((id) => changed.push(id));
    try {
      await eventually(async () => jira.sseStreams() > 0, 'the server\'s SSE stream');
      jira.setTools([...JIRA_TOOLS, { name: 'close_ticket', inputSchema: { type: 'object' } }]);
      await jira.notifyToolsChanged();
      await eventually(async () => changed.includes(gatewayId), 'onToolsChanged');
      expect(await toolsOf('dora')).to.deep.equal(['jira__close_ticket', 'jira__create_ticket', 'jira__search']);
    } finally {
      stop();
      jira.setTools(JIRA_TOOLS);
      expectStatus(await h.tenantA.delete(`${store}/installs/${done.install_id}`), 204);
    }
  });

  it('allowed: a server installed from its base_url appears at once for that user, and uninstall removes it', async () => {
    const done = expectStatus(await install({ code: 'jira', principal_sub: 'bob', groups: ['eng'] }), 200);
    expect(done.status).to.equal('installed');
    expect(await toolsOf('bob')).to.deep.equal(['jira__create_ticket', 'jira__search']);
    expect(await toolsOf('alice')).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues']);
    expectStatus(await h.tenantA.delete(`${store}/installs/${done.install_id}`), 204);
    expect(await toolsOf('bob')).to.deep.equal([]);
  });

  it('an installed server whose slug a role\'s registry also uses is left out: merged names stay unique', async () => {
    const done = expectStatus(await install({ code: 'jira', principal_sub: 'olga', groups: ['eng'] }), 200);
    // A registry created later with the server's code as its slug (here in front of the github server), granted by a role.
    const clash = await h.gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'jira', base_url: github.url });
    await h.gateway.seed.role(gatewayId, { name: 'ops', match: { claim: 'groups', any_of: ['ops'] }, registries: [clash._id] }, [teamId]);
    await h.gateway.configChanged();
    expect(await toolsOf('olga', ['ops'])).to.deep.equal(['jira__create_issue', 'jira__get_issue', 'jira__search_issues']);
    expectStatus(await h.tenantA.delete(`${store}/installs/${done.install_id}`), 204);
  });
});
