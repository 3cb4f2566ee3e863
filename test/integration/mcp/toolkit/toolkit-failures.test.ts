/**
 * Upstream failures cost only their own tools: a dead server is left out of the list and its
 * calls answer `isError` naming it; a server that dies mid-session fails its next call the same
 * way; the registry's circuit breaker (the LLM registries' one) opens on failures and then fails
 * calls fast; a server that forgets the pooled session (404) is re-initialised once.
 */
import { expect } from 'chai';
import { startAdminHarness, type AdminHarness } from '../../admin/helpers/admin-harness.js';
import { startGithub, startJira } from '../../../fixtures/mcp/toolkit-servers.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { toolkitExchange } from '../../../fixtures/mcp/toolkit-exchange.js';

describe('mcp toolkit: upstream failures', () => {
  let h: AdminHarness;
  let github: TinyMcpServer;
  let jira: TinyMcpServer;
  let flaky: TinyMcpServer;
  let dead: TinyMcpServer;
  let gatewayId: string;
  const ctx = () => toolkitExchange(h.gateway, { gatewayId, consumerSlug: 'agent' });
  const call = (name: string, args: Record<string, unknown> = {}) => h.gateway.mcpToolkit.call(ctx(), name, args, { signal: new AbortController().signal });
  const names = async () => (await h.gateway.mcpToolkit.list(ctx())).map((t) => t.name);

  before(async () => {
    github = await startGithub({ stateful: true });
    jira = await startJira();
    flaky = await startTinyMcpServer({ tools: [{ name: 'ping', inputSchema: { type: 'object' } }] });
    dead = await startTinyMcpServer({ tools: [{ name: 'ping', inputSchema: { type: 'object' } }] });
    await dead.kill();
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    gatewayId = (await h.newGateway()).id;
    const seed = h.gateway.seed;
    const registries = await Promise.all([
      seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url }),
      seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'jira', base_url: jira.url }),
      seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'flaky', base_url: flaky.url, circuit_breaker: { enabled: true, failure_threshold: 1, open_ms: 600_000 } } as never),
      seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'dead', base_url: dead.url }),
    ]);
    await seed.consumer(gatewayId, { slug: 'agent', registries: registries.map((r) => ({ registry_id: r._id })) });
    await h.gateway.configChanged();
  });
  after(async () => {
    await h?.close();
    await Promise.all([github, jira, flaky].map((s) => s?.close()));
  });

  it('leaves a dead server out of the list and answers its calls with isError naming it', async () => {
    expect(await names()).to.deep.equal(['flaky__ping', 'github__create_issue', 'github__get_issue', 'github__search_issues', 'jira__create_ticket', 'jira__search']);
    const answer = await call('dead__ping');
    expect(answer.result).to.deep.equal({ content: [{ type: 'text', text: 'MCP server dead is unreachable' }], isError: true });
    expect(answer.record).to.include({ registrySlug: 'dead', outcome: 'upstream_error' });
    expect((await call('jira__search', { q: 'x' })).record.outcome).to.equal('ok');
  });

  it('re-initialises the pooled connection once when the server forgets its session (404)', async () => {
    expect((await call('github__search_issues', { q: 'a' })).record.outcome).to.equal('ok');
    const firstSession = github.calls.at(-1)!.sessionId;
    expect(firstSession).to.be.a('string');
    github.forgetSessions();
    const answer = await call('github__search_issues', { q: 'b' });
    expect(answer.record.outcome).to.equal('ok');
    expect(github.calls.at(-1)).to.deep.include({ arguments: { q: 'b' } });
    expect(github.calls.at(-1)!.sessionId).to.be.a('string').and.not.equal(firstSession);
  });

  it('opens the registry\'s breaker on a failure and then fails its calls fast, without calling it', async () => {
    flaky.setFailure(503);
    const failed = await call('flaky__ping');
    expect(failed.result).to.deep.equal({ content: [{ type: 'text', text: 'MCP server flaky answered HTTP 503' }], isError: true });
    expect(failed.record.outcome).to.equal('upstream_error');
    flaky.setFailure(undefined);
    const requests = flaky.headers.length;
    const fast = await call('flaky__ping');
    expect(fast.result).to.deep.equal({ content: [{ type: 'text', text: 'MCP server flaky is unavailable (circuit open); try again later' }], isError: true });
    expect(fast.record.outcome).to.equal('upstream_error');
    expect(await names()).to.not.include('flaky__ping');
    expect(flaky.headers.length).to.equal(requests);
  });

  it('fails the calls of a server that dies mid-session with isError naming it; the others keep working', async () => {
    expect((await call('github__get_issue', { number: 1 })).record.outcome).to.equal('ok');
    await github.kill();
    const answer = await call('github__get_issue', { number: 2 });
    expect(answer.result.isError).to.equal(true);
    expect((answer.result.content[0] as { text: string }).text).to.match(/^MCP server github (is unreachable|closed the connection)$/);
    expect(answer.record).to.include({ registrySlug: 'github', outcome: 'upstream_error' });
    expect((await call('jira__create_ticket', { summary: 'still here' })).result.structuredContent).to.deep.equal({ server: 'jira', args: { summary: 'still here' } });
  });
});
