/**
 * The consumer toolkit's merged list: an inline consumer sees the tools of its MCP registries
 * under merged names, sorted, definitions as declared; role_based callers see their roles'
 * registries narrowed by the roles' tool sets (two roles, two lists); a consumer's `tools.allow`
 * and `max_tools` scope the list and the calls alike (a hidden tool is unknown, -32602).
 */
import { expect } from 'chai';
import { UnknownToolError } from '../../../../core/mcp/toolkit.js';
import { startAdminHarness, type AdminHarness } from '../../admin/helpers/admin-harness.js';
import { GITHUB_TOOLS, startGithub, startJira } from '../../../fixtures/mcp/toolkit-servers.js';
import type { TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { toolkitExchange, type ToolkitCaller } from '../../../fixtures/mcp/toolkit-exchange.js';

describe('mcp toolkit: merged list and scoping', () => {
  let h: AdminHarness;
  let github: TinyMcpServer;
  let jira: TinyMcpServer;
  let gatewayId: string;
  const names = async (caller: Omit<ToolkitCaller, 'gatewayId'>) => (await h.gateway.mcpToolkit.list(toolkitExchange(h.gateway, { gatewayId, ...caller }))).map((t) => t.name);
  const callError = async (caller: Omit<ToolkitCaller, 'gatewayId'>, name: string): Promise<unknown> =>
    h.gateway.mcpToolkit.call(toolkitExchange(h.gateway, { gatewayId, ...caller }), name, {}, { signal: new AbortController().signal }).then(
      () => undefined,
      (err: unknown) => err,
    );

  before(async () => {
    github = await startGithub();
    jira = await startJira();
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    gatewayId = (await h.newGateway()).id;
    const seed = h.gateway.seed;
    const gh = await seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url });
    const jr = await seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'jira', base_url: jira.url });
    const llm = await seed.registry(gatewayId, { provider: 'openai', slug: 'openai', base_url: 'http://127.0.0.1:9/v1' });
    const both = [{ registry_id: gh._id }, { registry_id: jr._id }, { registry_id: llm._id }];
    await seed.consumer(gatewayId, { slug: 'agent', registries: both });
    await seed.consumer(gatewayId, { slug: 'scoped', registries: both, tools: { allow: ['github__search_issues', 'jira__*'] } });
    await seed.consumer(gatewayId, { slug: 'capped', registries: both, tools: { max_tools: 2 } });
    const { consumer: team } = await seed.consumer(gatewayId, { slug: 'team', routing_mode: 'role_based' });
    await seed.role(gatewayId, { name: 'devs', match: { claim: 'groups', any_of: ['dev'] }, registries: [gh._id, llm._id], tool_sets: [{ registry_id: gh._id, tools: ['search_issues', 'get_issue'] }] }, [team._id]);
    await seed.role(gatewayId, { name: 'ops', match: { claim: 'groups', any_of: ['ops'] }, registries: [jr._id, gh._id], tool_sets: [{ registry_id: gh._id, tools: ['create_issue'] }] }, [team._id]);
    await h.gateway.configChanged();
  });
  after(async () => {
    await h?.close();
    await github?.close();
    await jira?.close();
  });

  it('merges an inline consumer\'s MCP registries under merged names, sorted, every page, definitions as declared', async () => {
    const tools = await h.gateway.mcpToolkit.list(toolkitExchange(h.gateway, { gatewayId, consumerSlug: 'agent' }));
    expect(tools.map((t) => t.name)).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues', 'jira__create_ticket', 'jira__search']);
    const search = tools.find((t) => t.name === 'github__search_issues')!;
    expect(search).to.include({ upstreamName: 'search_issues' });
    expect(search.registry.slug).to.equal('github');
    expect(search.definition).to.deep.equal({ ...GITHUB_TOOLS[0], name: 'github__search_issues' });
    expect(tools.find((t) => t.name === 'github__get_issue')!.upstreamName).to.equal('get.issue');
  });

  it('gives each role its own list: the union of the selected roles\' registries and tool sets', async () => {
    expect(await names({ consumerSlug: 'team', claims: { groups: ['dev'] } })).to.deep.equal(['github__get_issue', 'github__search_issues']);
    // ops: jira without a tool set (every tool), github narrowed to create_issue.
    expect(await names({ consumerSlug: 'team', claims: { groups: ['ops'] } })).to.deep.equal(['github__create_issue', 'jira__create_ticket', 'jira__search']);
    expect(await names({ consumerSlug: 'team', claims: { groups: ['dev', 'ops'] } })).to.deep.equal([
      'github__create_issue', 'github__get_issue', 'github__search_issues', 'jira__create_ticket', 'jira__search',
    ]);
    expect(await names({ consumerSlug: 'team', claims: { groups: ['sales'] } })).to.deep.equal([]);
  });

  it('a tool outside a role\'s set is unknown on call (-32602), not forbidden', async () => {
    const err = await callError({ consumerSlug: 'team', claims: { groups: ['dev'] } }, 'github__create_issue');
    expect(err).to.be.instanceOf(UnknownToolError);
    expect((err as UnknownToolError).code).to.equal(-32602);
    expect(github.calls.filter((c) => c.name === 'create_issue')).to.have.length(0);
  });

  it('scopes list and call by the consumer\'s allow-list (exact names and prefix*)', async () => {
    expect(await names({ consumerSlug: 'scoped' })).to.deep.equal(['github__search_issues', 'jira__create_ticket', 'jira__search']);
    expect(await callError({ consumerSlug: 'scoped' }, 'github__create_issue')).to.be.instanceOf(UnknownToolError);
    expect(await callError({ consumerSlug: 'scoped' }, 'jira__search')).to.equal(undefined);
  });

  it('caps the list and the callable set at max_tools (the first by merged name)', async () => {
    expect(await names({ consumerSlug: 'capped' })).to.deep.equal(['github__create_issue', 'github__get_issue']);
    expect(await callError({ consumerSlug: 'capped' }, 'github__search_issues')).to.be.instanceOf(UnknownToolError);
    expect(await callError({ consumerSlug: 'capped' }, 'github__get_issue')).to.equal(undefined);
  });

  it('answers an unknown name, a name of no registry and an LLM registry\'s name as unknown', async () => {
    for (const name of ['github__nope', 'nothing__search', 'openai__chat', 'plain']) {
      expect(await callError({ consumerSlug: 'agent' }, name), name).to.be.instanceOf(UnknownToolError);
    }
  });
});
