/**
 * Tool calls through the consumer toolkit: each reaches its own upstream with the arguments
 * unchanged and comes back as the server sent it; the four MCP hooks of the consumer's chain
 * (a test plugin loaded through the real plugin loader) see the right shapes and can hide tools,
 * refuse calls (admission, transform), rewrite arguments and replace results.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { UnknownToolError } from '../../../../core/mcp/toolkit.js';
import { startAdminHarness, type AdminHarness } from '../../admin/helpers/admin-harness.js';
import { startGithub, startJira } from '../../../fixtures/mcp/toolkit-servers.js';
import type { TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { toolkitExchange } from '../../../fixtures/mcp/toolkit-exchange.js';
import { hookRecorder } from '../../../fixtures/mcp/hook-recorder/index.js';

const HOOK_RECORDER = fileURLToPath(new URL('../../../fixtures/mcp/hook-recorder', import.meta.url));

describe('mcp toolkit: calls and the MCP hooks', () => {
  let h: AdminHarness;
  let github: TinyMcpServer;
  let jira: TinyMcpServer;
  let gatewayId: string;
  const signal = new AbortController().signal;
  const call = (consumerSlug: string, name: string, args: Record<string, unknown>) =>
    h.gateway.mcpToolkit.call(toolkitExchange(h.gateway, { gatewayId, consumerSlug }), name, args, { signal });

  before(async () => {
    github = await startGithub({
      handlers: {
        search_issues: (args) => ({ content: [{ type: 'text', text: `github:${JSON.stringify(args)}` }], structuredContent: { hits: ['#1'] }, _meta: { 'example.com/page': 1 } }),
        create_issue: () => ({ content: [{ type: 'text', text: 'title is required' }], isError: true }),
      },
    });
    jira = await startJira();
    h = await startAdminHarness({ planes: ['admin', 'proxy'], plugins: [HOOK_RECORDER] });
    gatewayId = (await h.newGateway()).id;
    const seed = h.gateway.seed;
    const gh = await seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url });
    const jr = await seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'jira', base_url: jira.url });
    const registries = [{ registry_id: gh._id }, { registry_id: jr._id }];
    await seed.consumer(gatewayId, { slug: 'plain', registries });
    const { consumer: hooked } = await seed.consumer(gatewayId, { slug: 'hooked', registries });
    await seed.policy(gatewayId, {
      type: 'mcp_hook_recorder',
      settings: {
        label: 'rec', hide: ['jira__search'],
        admitRefusals: { jira__create_ticket: 'tool rate limit reached; retry in 12 s' },
        callRefusals: { github__get_issue: 'reading issues is not allowed here' },
        addArguments: { added_by: 'policy' },
      },
    }, [hooked._id]);
    const { consumer: replaced } = await seed.consumer(gatewayId, { slug: 'replaced', registries });
    await seed.policy(gatewayId, { type: 'mcp_hook_recorder', settings: { label: 'replace', replaceResultText: '[masked]' } }, [replaced._id]);
    await h.gateway.configChanged();
  });
  after(async () => {
    await h?.close();
    await github?.close();
    await jira?.close();
  });
  beforeEach(() => {
    hookRecorder().calls.length = 0;
  });

  it('routes each call to its own server with the arguments unchanged and returns the result as sent', async () => {
    const args = { q: 'is:open label:"bug"', limit: 5, nested: { a: [1, null, 'x'] } };
    const answer = await call('plain', 'github__search_issues', args);
    expect(github.calls.at(-1)).to.deep.include({ name: 'search_issues', arguments: args });
    expect(answer.result).to.deep.equal({ content: [{ type: 'text', text: `github:${JSON.stringify(args)}` }], structuredContent: { hits: ['#1'] }, _meta: { 'example.com/page': 1 } });
    expect(answer.record).to.include({ registrySlug: 'github', tool: 'github__search_issues', upstreamTool: 'search_issues', outcome: 'ok', requestBytes: Buffer.byteLength(JSON.stringify(args)) });
    expect(answer.record.responseBytes).to.be.greaterThan(0);
    expect(answer.record.latencyMs).to.be.a('number');

    const jiraCalls = jira.calls.length;
    const second = await call('plain', 'jira__create_ticket', { summary: 'x' });
    expect(jira.calls).to.have.length(jiraCalls + 1);
    expect(jira.calls.at(-1)).to.deep.include({ name: 'create_ticket', arguments: { summary: 'x' } });
    expect(second.result.structuredContent).to.deep.equal({ server: 'jira', args: { summary: 'x' } });
    // The dotted tool is called by its own name upstream.
    await call('plain', 'github__get_issue', { number: 7 });
    expect(github.calls.at(-1)).to.deep.include({ name: 'get.issue', arguments: { number: 7 } });
  });

  it('passes an upstream tool error through as is (outcome tool_error)', async () => {
    const answer = await call('plain', 'github__create_issue', {});
    expect(answer.result).to.deep.equal({ content: [{ type: 'text', text: 'title is required' }], isError: true });
    expect(answer.record.outcome).to.equal('tool_error');
  });

  it('filterTools gets the scoped merged list and what it removes is unknown on call', async () => {
    const tools = await h.gateway.mcpToolkit.list(toolkitExchange(h.gateway, { gatewayId, consumerSlug: 'hooked' }));
    expect(tools.map((t) => t.name)).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues', 'jira__create_ticket']);
    const filter = hookRecorder().calls.find((c) => c.hook === 'filterTools')!;
    expect(filter).to.deep.include({ consumer: 'hooked', operation: 'mcp' });
    expect(filter.tools).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues', 'jira__create_ticket', 'jira__search']);
    let error: unknown;
    await call('hooked', 'jira__search', {}).catch((err: unknown) => (error = err));
    expect(error).to.be.instanceOf(UnknownToolError);
  });

  it('admitToolCall refuses with an isError result naming the reason; nothing goes upstream', async () => {
    const before = jira.calls.length;
    const answer = await call('hooked', 'jira__create_ticket', { summary: 'x' });
    expect(answer.result).to.deep.equal({ content: [{ type: 'text', text: 'tool rate limit reached; retry in 12 s' }], isError: true });
    expect(answer.record.outcome).to.equal('rate_limited');
    expect(jira.calls).to.have.length(before);
    const admit = hookRecorder().calls.find((c) => c.hook === 'admitToolCall')!;
    expect(admit).to.deep.include({ tool: 'jira__create_ticket', upstreamName: 'create_ticket', registrySlug: 'jira', arguments: { summary: 'x' }, consumer: 'hooked', operation: 'mcp' });
    expect(hookRecorder().calls.map((c) => c.hook)).to.not.include('transformToolCall');
  });

  it('transformToolCall refuses (refusal set) or rewrites the arguments that go upstream; transformToolResult sees the result', async () => {
    const before = github.calls.length;
    const refused = await call('hooked', 'github__get_issue', { number: 1 });
    expect(refused.result).to.deep.equal({ content: [{ type: 'text', text: 'reading issues is not allowed here' }], isError: true });
    expect(refused.record.outcome).to.equal('refused');
    expect(github.calls).to.have.length(before);

    await call('hooked', 'github__search_issues', { q: 'x' });
    expect(github.calls.at(-1)!.arguments).to.deep.equal({ q: 'x', added_by: 'policy' });
    const hooks = hookRecorder().calls.filter((c) => c.tool === 'github__search_issues').map((c) => c.hook);
    expect(hooks).to.deep.equal(['admitToolCall', 'transformToolCall', 'transformToolResult']);
    const transform = hookRecorder().calls.find((c) => c.hook === 'transformToolCall' && c.tool === 'github__search_issues')!;
    expect(transform.arguments).to.deep.equal({ q: 'x' });
    const result = hookRecorder().calls.find((c) => c.hook === 'transformToolResult')!;
    expect(result.result).to.deep.equal({ content: [{ type: 'text', text: 'github:{"q":"x","added_by":"policy"}' }], structuredContent: { hits: ['#1'] }, _meta: { 'example.com/page': 1 } });
  });

  it('transformToolResult replaces the result the client gets', async () => {
    const answer = await call('replaced', 'jira__search', { q: 'secret' });
    expect(answer.result.content).to.deep.equal([{ type: 'text', text: '[masked]' }]);
    expect(answer.record.outcome).to.equal('ok');
  });
});
