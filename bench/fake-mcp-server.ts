/**
 * The MCP benchmark's upstream: an MCP server built with the official SDK (low-level `Server`,
 * stateless Streamable HTTP answering JSON, a fresh server and transport per request as the
 * SDK's stateless example does) declaring one tool, `lookup`, whose result is a short fixed text.
 * Run as its own process: `node --import tsx bench/fake-mcp-server.ts`; it prints
 * `listening <port>` and serves `/mcp`.
 */
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

/** The one tool: a lookup by id, as an agent's typical small tool. */
const BENCH_TOOL: Tool = {
  name: 'lookup',
  description: 'Looks up a record by id and returns its summary.',
  inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Record id.' } }, required: ['id'] },
};

const RESULT_TEXT = 'Record 4711: open support ticket from ACME about a delayed shipment, priority normal, assigned to the logistics team.';

function toolServer(): Server {
  const server = new Server({ name: 'bench-mcp', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [BENCH_TOOL] }));
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: RESULT_TEXT }] }));
  return server;
}

const http = createServer((req, res) => {
  if (req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  const server = toolServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  void server
    .connect(transport)
    .then(() => transport.handleRequest(req, res))
    .catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500).end(err.message);
    });
});
http.keepAliveTimeout = 60_000;
http.listen(Number(process.env.BENCH_MCP_PORT ?? 0), '127.0.0.1', () => {
  const address = http.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
