/**
 * tool_injection through a running gateway: the declared tools of a real MCP server (built with
 * the SDK, Streamable HTTP on 127.0.0.1) reach the upstream chat request of every client format,
 * each client speaking through its official SDK to the upstream of its own format, beside the
 * client's own tool; a registry whose server is down leaves the request answered without its tools.
 */
import { expect } from 'chai';
import type { CanonicalRequest, WireFormat, WireFormatId } from '../../../../core/canonical/index.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { clientFor, WEATHER_TOOL } from '../../proxy/support/clients/index.js';
import { startProxyWorld, type ProxyWorld } from '../../proxy/support/proxy-world.js';
import { FORMATS } from '../../proxy/support/upstreams.js';

const SEARCH_SCHEMA = { type: 'object' as const, properties: { q: { type: 'string', description: 'Query' } }, required: ['q'] };

/** The canonical request an upstream received, decoded with the upstream's own adapter. */
function received(world: ProxyWorld, upstream: WireFormatId): CanonicalRequest {
  const recorded = world.upstreams[upstream].requests.at(-1)!;
  const adapter = world.gateway.host.formats.get(upstream) as WireFormat;
  const pathModel = upstream === 'gemini' ? /\/models\/(.+):/.exec(recorded.path)?.[1] : undefined;
  return adapter.decodeRequest(recorded.body, { pathModel: pathModel && decodeURIComponent(pathModel) });
}

describe('tool_injection through a running gateway', function () {
  let world: ProxyWorld;
  let server: TinyMcpServer;
  let dead: TinyMcpServer;

  before(async () => {
    server = await startTinyMcpServer({
      tools: [
        { name: 'search_issues', description: 'Search the issues of a repository', inputSchema: SEARCH_SCHEMA },
        { name: 'delete_repo', description: 'Delete a repository', inputSchema: { type: 'object' as const, properties: { name: { type: 'string' } } } },
      ],
    });
    // A server that ran and stopped: its port refuses connections.
    dead = await startTinyMcpServer({ tools: [{ name: 'ping', inputSchema: { type: 'object' as const } }] });
    await dead.close();
    world = await startProxyWorld({ gateway: { planes: ['proxy'] } });
    const { gateway, gatewayId, consumerId } = world;
    await gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: server.url });
    await gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'gone', base_url: dead.url });
    await gateway.seed.policy(gatewayId, { type: 'tool_injection', settings: { registries: ['github', 'gone'], tools: ['github__search_*', 'gone__*'], timeout_ms: 5000 } }, [consumerId]);
    await gateway.configChanged();
  });
  after(async () => {
    await world?.close();
    await server?.close();
  });

  for (const format of FORMATS) {
    it(`adds the MCP tools to the upstream request of a ${format} client, beside the client's own tool; the dead registry is left out`, async () => {
      world.upstreams[format].enqueue({ kind: 'text', text: 'ok' });
      const answer = await clientFor(format, { base: world.base, key: world.key }).send(world.pin(format), [{ role: 'user', text: 'find the flaky test issue' }], { stream: false });
      expect(answer.text).to.equal('ok');
      const tools = received(world, format).tools ?? [];
      expect(tools.map((t) => t.name)).to.deep.equal([WEATHER_TOOL.name, 'github__search_issues']);
      const injected = tools[1]!;
      expect(injected.description).to.equal('Search the issues of a repository');
      // Gemini's schema dialect spells types in capitals upstream; the decoder reads them back.
      expect(JSON.parse(JSON.stringify(injected.parameters).toLowerCase())).to.deep.equal(JSON.parse(JSON.stringify(SEARCH_SCHEMA).toLowerCase()));
    });
  }
});
