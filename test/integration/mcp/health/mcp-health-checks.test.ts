/**
 * Active health checks of MCP registries through a running gateway: the probe is an MCP
 * handshake (`initialize`, then `ping`) with the registry's own credential, not an LLM model
 * list; a registry goes unhealthy when its server dies and healthy again when it returns, and
 * a server that refuses the credential or does not speak MCP is unhealthy. Intervals are short;
 * every wait is on what the servers saw or the gateway logged, never on a wall-clock guess.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { COLLECTIONS } from '../../../../core/records/types.js';
import { createTestGateway, type TestGateway } from '../../../../core/testing/index.js';
import { startTinyMcpServer, type TinyMcpOptions, type TinyMcpServer } from '../../../fixtures/mcp/tiny-mcp-server.js';
import { memoryLog, type MemoryLog } from '../../admin/helpers/memory-log.js';
import { waitUntil } from '../../../fixtures/wait-until.js';

const KEY = 'mcp-health-key-0001';
const HEALTH = { enabled: true, interval_ms: 40, timeout_ms: 2_000, unhealthy_threshold: 2, healthy_threshold: 2 };
const TOOLS: TinyMcpOptions['tools'] = [{ name: 'echo', inputSchema: { type: 'object' } }];

/** A stateful MCP server (sessions by `Mcp-Session-Id`) that counts the sessions opened and ended. */
async function startStatefulServer(): Promise<{ url: string; opened: () => number; ended: () => number; close(): Promise<void> }> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let opened = 0;
  let ended = 0;
  const http = createServer((req, res) => {
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing) {
      if (req.method === 'DELETE') ended++;
      void existing.handleRequest(req, res);
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => {
        opened++;
        sessions.set(sessionId, transport);
      },
      onsessionclosed: (sessionId) => void sessions.delete(sessionId),
    });
    const server = new McpServer({ name: 'stateful', version: '1.0.0' }, { capabilities: { tools: {} } });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    opened: () => opened,
    ended: () => ended,
    close: () => new Promise<void>((resolve) => { http.closeAllConnections(); http.close(() => resolve()); }),
  };
}

describe('mcp: health checks of MCP registries', () => {
  let gateway: TestGateway;
  let logs: MemoryLog;
  let gatewayId: string;
  let server: TinyMcpServer;
  const others: Array<{ close(): Promise<void> }> = [];

  before(async () => {
    logs = memoryLog();
    gateway = await createTestGateway({ planes: ['admin', 'proxy'], log: logs.log });
    gatewayId = (await gateway.seed.gateway()).id;
    server = await startTinyMcpServer({ tools: TOOLS, requiredKey: KEY });
  });
  after(async () => {
    await gateway?.close();
    await server?.close();
    for (const other of others) await other.close();
  });

  /** An MCP registry with health checks on, in the proxy's snapshot. */
  const mcpRegistry = async (slug: string, base_url: string, apiKey?: string) => {
    const record = await gateway.seed.registry(gatewayId, { type: 'MCP', provider: 'mcp', slug, base_url, apiKey, health_check: HEALTH });
    await gateway.configChanged();
    return record._id;
  };
  const logged = (registryId: string, message: string) => logs.lines.some((line) => line.includes(registryId) && line.includes(message));

  it('probes with initialize and ping, carrying the registry credential', async () => {
    const id = await mcpRegistry('probed', server.url, KEY);
    await waitUntil(() => server.methods.filter((m) => m === 'ping').length >= 3, 'three pings');
    expect(server.methods).to.include('initialize');
    expect(new Set(server.methods)).to.deep.equal(new Set(['initialize', 'notifications/initialized', 'ping']));
    expect(new Set(server.authorizations)).to.deep.equal(new Set([`Bearer ${KEY}`]));
    expect(logged(id, 'registry unhealthy')).to.equal(false);
    await gateway.seed.update(COLLECTIONS.registries, id, { $set: { health_check: { ...HEALTH, enabled: false } } });
    await gateway.configChanged();
  });

  it('goes unhealthy when its server dies, and healthy again when it returns', async () => {
    const port = Number(new URL(server.url).port);
    const id = await mcpRegistry('mortal', server.url, KEY);
    const pings = server.methods.length;
    await waitUntil(() => server.methods.length > pings + 4, 'checks against the live server');
    await server.close();
    await waitUntil(() => logged(id, 'registry unhealthy'), 'the registry to go unhealthy');
    server = await startTinyMcpServer({ tools: TOOLS, requiredKey: KEY, port });
    await waitUntil(() => logged(id, 'registry healthy again'), 'the registry to come back');
    expect(server.methods).to.include('ping');
  });

  it("a server that refuses the gateway's credential is unhealthy", async () => {
    const id = await mcpRegistry('refused', server.url, 'not-the-key-0001');
    await waitUntil(() => logged(id, 'registry unhealthy'), 'the registry to go unhealthy');
  });

  it('ends the session a stateful server opened for the check', async () => {
    const stateful = await startStatefulServer();
    others.push(stateful);
    const id = await mcpRegistry('stateful', stateful.url);
    await waitUntil(() => stateful.ended() >= 3, 'three sessions ended');
    expect(stateful.opened() - stateful.ended()).to.be.at.most(1);
    expect(logged(id, 'registry unhealthy')).to.equal(false);
    await gateway.seed.update(COLLECTIONS.registries, id, { $set: { health_check: { ...HEALTH, enabled: false } } });
    await gateway.configChanged();
  });

  it('a server that answers HTTP but not MCP is unhealthy (an LLM-style GET would pass it)', async () => {
    const plain: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    others.push({ close: () => new Promise<void>((resolve) => { plain.closeAllConnections(); plain.close(() => resolve()); }) });
    const id = await mcpRegistry('not-mcp', `http://127.0.0.1:${(plain.address() as AddressInfo).port}/mcp`);
    await waitUntil(() => logged(id, 'registry unhealthy'), 'the registry to go unhealthy');
  });
});
