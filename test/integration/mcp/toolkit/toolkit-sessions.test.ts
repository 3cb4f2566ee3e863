/**
 * Upstream sessions for legacy-era client sessions: `openSessions` initialises one per stateful
 * server (a stateless server has none), a call given `sessions` runs in that session, a session
 * the server no longer knows is `UpstreamSessionExpiredError`, and `closeSessions` ends them.
 */
import { expect } from 'chai';
import { UpstreamSessionExpiredError } from '../../../../core/mcp/toolkit.js';
import { startAdminHarness, type AdminHarness } from '../../admin/helpers/admin-harness.js';
import { startGithub, startJira } from '../../../fixtures/mcp/toolkit-servers.js';
import type { TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { toolkitExchange } from '../../../fixtures/mcp/toolkit-exchange.js';

describe('mcp toolkit: upstream sessions', () => {
  let h: AdminHarness;
  let github: TinyMcpServer;
  let jira: TinyMcpServer;
  let gatewayId: string;
  let githubId: string;
  const ctx = () => toolkitExchange(h.gateway, { gatewayId, consumerSlug: 'agent' });
  const signal = new AbortController().signal;

  before(async () => {
    github = await startGithub({ stateful: true });
    jira = await startJira();
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    gatewayId = (await h.newGateway()).id;
    const gh = await h.gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url });
    const jr = await h.gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'jira', base_url: jira.url });
    githubId = gh._id;
    await h.gateway.seed.consumer(gatewayId, { slug: 'agent', registries: [{ registry_id: gh._id }, { registry_id: jr._id }] });
    await h.gateway.configChanged();
  });
  after(async () => {
    await h?.close();
    await github?.close();
    await jira?.close();
  });

  it('opens a session per stateful server, calls in it, and closes it', async () => {
    await h.gateway.mcpToolkit.list(ctx()); // the pooled connection has its own session
    const before = github.sessions();
    const sessions = await h.gateway.mcpToolkit.openSessions(ctx());
    expect(Object.keys(sessions)).to.deep.equal([githubId]);
    expect(github.sessions()).to.equal(before + 1);
    const answer = await h.gateway.mcpToolkit.call(ctx(), 'github__search_issues', { q: 's' }, { signal, sessions });
    expect(answer.record.outcome).to.equal('ok');
    expect(github.calls.at(-1)).to.deep.include({ sessionId: sessions[githubId], arguments: { q: 's' } });
    // A stateless server's tools go through the pooled connection.
    expect((await h.gateway.mcpToolkit.call(ctx(), 'jira__search', {}, { signal, sessions })).record.outcome).to.equal('ok');
    await h.gateway.mcpToolkit.closeSessions(ctx(), sessions);
    expect(github.sessions()).to.equal(before);
  });

  it('throws UpstreamSessionExpiredError when the server no longer knows the session', async () => {
    const sessions = await h.gateway.mcpToolkit.openSessions(ctx());
    github.forgetSessions();
    let error: unknown;
    await h.gateway.mcpToolkit.call(ctx(), 'github__get_issue', {}, { signal, sessions }).catch((err: unknown) => (error = err));
    expect(error).to.be.instanceOf(UpstreamSessionExpiredError);
    expect((error as UpstreamSessionExpiredError).registryId).to.equal(githubId);
  });
});
