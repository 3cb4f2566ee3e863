/**
 * Talks to an MCP registry with the official SDK client over Streamable HTTP: connect
 * (initialize), list every tool page, close.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher } from 'undici';
import { egressFetch } from '../../http/egress-dispatcher.js';
import { BUILD_INFO } from '../../version/build-info.js';

const REQUEST_TIMEOUT_MS = 10_000;

/** Headers that authenticate the gateway to an MCP server: `Authorization: Bearer <key>`, or the key in a named header. */
export function mcpAuthHeaders(key: string | undefined, header: string | undefined): Record<string, string> {
  if (!key) return {};
  return header ? { [header.toLowerCase()]: key } : { authorization: `Bearer ${key}` };
}

/**
 * Runs `use` with a connected client, and always closes it. Every request goes through
 * `dispatcher` (the egress policy's), and only same-origin redirects are followed (the SDK's
 * default), each one connecting under the same policy.
 */
export async function withMcpClient<T>(url: string, headers: Record<string, string>, dispatcher: Dispatcher, use: (client: Client) => Promise<T>): Promise<T> {
  const { client, transport } = mcpClient(url, headers, dispatcher, 'portcullis-admin');
  try {
    await client.connect(transport, { timeout: REQUEST_TIMEOUT_MS });
    return await use(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** What `mcpClient` builds: an SDK client with the transport it is meant to connect over. */
export interface UnconnectedMcpClient {
  client: Client;
  transport: StreamableHTTPClientTransport;
}

/**
 * An SDK client and its Streamable HTTP transport, not yet connected (`client.connect(transport)`).
 * Requests go through `dispatcher` and follow same-origin redirects only. With `sessionId`, the
 * transport resumes that upstream session and `connect` skips `initialize`.
 */
export function mcpClient(url: string, headers: Record<string, string>, dispatcher: Dispatcher, name: string, sessionId?: string): UnconnectedMcpClient {
  const client = new Client({ name, version: BUILD_INFO.version });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers }, fetch: egressFetch(dispatcher), redirectPolicy: 'same-origin', sessionId });
  return { client, transport };
}

/** Every tool the server declares, following `nextCursor` pages (at most 100 pages). */
export async function listAllTools(client: Client, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    // One by one: a page may hold any number of tools, too many to spread into a call.
    for (const tool of result.tools) tools.push(tool);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}
