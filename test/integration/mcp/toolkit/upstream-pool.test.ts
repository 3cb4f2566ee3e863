/**
 * The process's MCP upstream pool on its own: timeouts of a call and of a tool list, the egress
 * policy on every request, one fetch for concurrent lists, and `retain` dropping what a new
 * snapshot no longer names.
 */
import { expect } from 'chai';
import { logger } from '../../../../core/logging/logger.js';
import { createEgress } from '../../../../core/http/egress-dispatcher.js';
import { EgressPolicy } from '../../../../core/http/egress-policy.js';
import { McpUpstreams } from '../../../../core/mcp/upstream/upstream-pool.js';
import { upstreamFailure } from '../../../../core/mcp/upstream/upstream-failure.js';
import { testEgress } from '../../../../core/testing/test-egress.js';
import type { RegistryView } from '../../../../core/snapshot/views.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';

function view(slug: string, url: string, record: Record<string, unknown> = {}): RegistryView {
  return {
    id: `${slug}-id`, slug, gatewayId: 'g', type: 'MCP', providerId: 'mcp', baseUrl: url, options: {}, models: [], capabilities: new Set(),
    record: { _id: `${slug}-id`, gateway_id: 'g', slug, type: 'MCP', provider: 'mcp', base_url: url, ...record } as never,
  };
}

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (err: unknown) => upstreamFailure(err));

describe('mcp toolkit: upstream pool', () => {
  let server: TinyMcpServer;
  let pool: McpUpstreams;

  before(async () => {
    server = await startTinyMcpServer({
      tools: [{ name: 'slow', inputSchema: { type: 'object' } }, { name: 'quick', inputSchema: { type: 'object' } }],
      handlers: { slow: () => new Promise(() => undefined) },
    });
    pool = new McpUpstreams({ dispatcher: testEgress().dispatcher, log: logger, callTimeoutMs: 150, listRetryMs: 50 });
  });
  after(async () => {
    await pool?.close();
    await server?.close();
  });

  it('gives up on a call after its timeout, as "timed out"', async () => {
    const registry = view('srv', server.url);
    expect((await pool.callTool(registry, 'quick', {})).content).to.deep.equal([{ type: 'text', text: 'quick called' }]);
    expect(await failureOf(pool.callTool(registry, 'slow', {}))).to.deep.equal({ kind: 'down', reason: 'timed out' });
  });

  it('fetches a tool list once for concurrent callers and keeps it', async () => {
    const registry = view('once', server.url);
    const before = server.methods.filter((m) => m === 'tools/list').length;
    const lists = await Promise.all([pool.tools(registry), pool.tools(registry), pool.tools(registry)]);
    expect(lists[0]).to.equal(lists[1]).and.to.equal(lists[2]);
    await pool.tools(registry);
    expect(server.methods.filter((m) => m === 'tools/list').length).to.equal(before + 1);
  });

  it('lists again when a new snapshot changed the registry record (its key), retain keeping only the new one', async () => {
    const first = view('changing', server.url);
    await pool.tools(first);
    const before = server.methods.filter((m) => m === 'tools/list').length;
    const changed = view('changing', server.url, { options: { tool_aliases: { quick: 'fast' } } });
    pool.retain([changed]);
    await pool.tools(changed);
    expect(server.methods.filter((m) => m === 'tools/list').length).to.equal(before + 1);
  });

  it('goes through the egress policy: a refused address is never contacted', async () => {
    const strict = new McpUpstreams({ dispatcher: createEgress(new EgressPolicy({ allow: [] })).dispatcher, log: logger, listRetryMs: 50 });
    const before = server.headers.length;
    expect(await failureOf(strict.tools(view('strict', server.url)))).to.deep.equal({ kind: 'down', reason: 'is refused by the egress policy' });
    expect(server.headers.length).to.equal(before);
    await strict.close();
  });
});
