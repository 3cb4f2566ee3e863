/**
 * A running Portcullis whose MCP endpoint sits in front of a toolkit double over two real SDK
 * MCP servers, with a consumer `agent` (its `ag_` key), a second consumer of the same gateway and
 * the official SDK clients of both protocol eras.
 */
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { createTestGateway, type TestGateway, type TestGatewayOptions } from '../../../../../core/testing/index.js';
import { startEchoMcpServer, type EchoMcpServer } from './echo-mcp-server.js';
import { ToolkitDouble } from './toolkit-double.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export interface EndpointWorld {
  gateway: TestGateway;
  gatewayId: string;
  gatewaySlug: string;
  toolkit: ToolkitDouble;
  upstreams: EchoMcpServer[];
  /** `http://127.0.0.1:PORT/agent/mcp`. */
  url: string;
  key: string;
  otherKey: string;
  legacyClient(headers?: Record<string, string>): Promise<LegacyClient>;
  modernClient(headers?: Record<string, string>): Promise<ModernClient>;
  close(): Promise<void>;
}

export const SEARCH_TOOLS: Tool[] = [
  { name: 'search', description: 'Search the docs', inputSchema: { type: 'object' as const, properties: { q: { type: 'string' } }, required: ['q'] }, annotations: { readOnlyHint: true } },
];
export const TICKET_TOOLS: Tool[] = [
  { name: 'open_ticket', title: 'Open a ticket', description: 'Opens a ticket', inputSchema: { type: 'object' as const, properties: { title: { type: 'string' } } }, outputSchema: { type: 'object' as const, properties: { id: { type: 'string' } } } },
  { name: 'close_ticket', description: 'Closes a ticket', inputSchema: { type: 'object' as const, properties: { id: { type: 'string' } } } },
];

export async function startEndpointWorld(options: TestGatewayOptions = {}): Promise<EndpointWorld> {
  const upstreams = [await startEchoMcpServer(SEARCH_TOOLS), await startEchoMcpServer(TICKET_TOOLS)];
  const toolkit = (options.mcpToolkit as ToolkitDouble | undefined) ?? new ToolkitDouble({ docs: upstreams[0]!.url, tickets: upstreams[1]!.url });
  const gateway = await createTestGateway({ ...options, mcpToolkit: toolkit });
  const { id: gatewayId, slug: gatewaySlug } = await gateway.seed.gateway();
  const { key } = await gateway.seed.consumer(gatewayId, { slug: 'agent' });
  const { key: otherKey } = await gateway.seed.consumer(gatewayId, { slug: 'other' });
  await gateway.configChanged();
  const url = `${gateway.proxyUrl('agent')}/mcp`;
  const clients: Array<{ close(): Promise<void> }> = [];
  return {
    gateway, gatewayId, gatewaySlug, toolkit, upstreams, url, key, otherKey,
    async legacyClient(headers = { 'x-ag-api-key': key }) {
      const client = new LegacyClient({ name: 'legacy-test', version: '1.0.0' });
      await client.connect(new LegacyTransport(new URL(url), { requestInit: { headers } }));
      clients.push(client);
      return client;
    },
    async modernClient(headers = { 'x-ag-api-key': key }) {
      const client = new ModernClient({ name: 'modern-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new ModernTransport(new URL(url), { requestInit: { headers } }));
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await gateway.close();
      await Promise.all(upstreams.map((u) => u.close()));
    },
  };
}
