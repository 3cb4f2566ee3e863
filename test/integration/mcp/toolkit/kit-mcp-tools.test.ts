/**
 * `kit.mcpTools`: a policy sees the declared tools of its gateway's MCP registries, with merged
 * names, every `tools/list` page, definitions passed through; another gateway's registry, an LLM
 * registry and an unknown one are refused with a clear error.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../../core/testing/test-gateway.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { hookRecorder } from '../../../fixtures/mcp/hook-recorder/index.js';

const HOOK_RECORDER = fileURLToPath(new URL('../../../fixtures/mcp/hook-recorder', import.meta.url));

describe('mcp toolkit: kit.mcpTools', () => {
  let gw: TestGateway;
  let server: TinyMcpServer;
  let ids: { mcp: string; llm: string; foreign: string };

  before(async () => {
    server = await startTinyMcpServer({
      pageSize: 2,
      tools: [
        { name: 'search_issues', description: 'Search issues', inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, annotations: { readOnlyHint: true } },
        { name: 'get.issue', inputSchema: { type: 'object' } },
        { name: 'create_issue', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { id: { type: 'number' } } } },
      ],
    });
    gw = await createTestGateway({ planes: ['admin', 'proxy'], plugins: [HOOK_RECORDER] });
    const g = await gw.seed.gateway();
    const other = await gw.seed.gateway();
    const mcp = await gw.seed.registry(g.id, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: server.url });
    const llm = await gw.seed.registry(g.id, { provider: 'openai', slug: 'openai', base_url: 'http://127.0.0.1:9/v1' });
    const foreign = await gw.seed.registry(other.id, { provider: 'mcp', type: 'MCP', slug: 'elsewhere', base_url: server.url });
    ids = { mcp: mcp._id, llm: llm._id, foreign: foreign._id };
    await gw.seed.policy(g.id, { type: 'mcp_hook_recorder', settings: { label: 'kit' } });
    await gw.configChanged();
  });
  after(async () => {
    await gw?.close();
    await server?.close();
  });

  it('lists every page of the registry\'s tools under merged names, definitions unchanged except the name', async () => {
    const tools = await hookRecorder().kits.kit.mcpTools.toolsOf(ids.mcp);
    expect(tools.map((t) => t.name)).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues']);
    const search = tools.find((t) => t.upstreamName === 'search_issues')!;
    expect(search.registry.slug).to.equal('github');
    expect(search.definition).to.deep.equal({
      name: 'github__search_issues', description: 'Search issues',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, annotations: { readOnlyHint: true },
    });
    expect(tools.find((t) => t.upstreamName === 'create_issue')!.definition.outputSchema).to.deep.equal({ type: 'object', properties: { id: { type: 'number' } } });
    // Also by slug; a second ask is served from the cache (one list of two pages plus initialize so far).
    const requests = server.authorizations.length;
    expect((await hookRecorder().kits.kit.mcpTools.toolsOf('github')).map((t) => t.name)).to.have.length(3);
    expect(server.authorizations.length).to.equal(requests);
  });

  it('refuses an unknown registry, an LLM registry and one of another gateway', async () => {
    const kit = hookRecorder().kits.kit;
    for (const [reference, message] of [['nope', /no registry nope/], [ids.llm, /not an MCP registry/], [ids.foreign, /no registry/]] as const) {
      let error: Error | undefined;
      await kit.mcpTools.toolsOf(reference).catch((err: Error) => (error = err));
      expect(error?.message, reference).to.match(message);
    }
  });
});
