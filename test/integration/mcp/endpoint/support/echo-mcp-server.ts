/**
 * An upstream MCP server for the endpoint's tests, built with the official SDK (low-level
 * `Server`, stateless Streamable HTTP on 127.0.0.1): it declares the tools it is given and
 * answers every call with the tool's name and arguments it received, so a test sees what arrived.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

export interface EchoMcpServer {
  readonly url: string;
  /** The tools it declares; a test may change them (then call the toolkit's change listeners). */
  tools: Tool[];
  close(): Promise<void>;
}

export async function startEchoMcpServer(tools: Tool[]): Promise<EchoMcpServer> {
  const state = { tools };
  const http: HttpServer = createServer((req, res) => {
    const server = new Server({ name: 'echo-mcp', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: state.tools }));
    server.setRequestHandler(CallToolRequestSchema, (request) => ({
      content: [{ type: 'text', text: JSON.stringify({ tool: request.params.name, arguments: request.params.arguments ?? {} }) }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get tools() {
      return state.tools;
    },
    set tools(next: Tool[]) {
      state.tools = next;
    },
    close: () => new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }),
  };
}
