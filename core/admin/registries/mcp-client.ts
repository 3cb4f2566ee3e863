/**
 * Talks to an MCP registry with the official SDK client over Streamable HTTP: connect
 * (initialize), list every tool page, close; and says what a failure means to the operator.
 */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher } from 'undici';
import { egressFetch } from '../../http/egress-dispatcher.js';
import { isEgressRefusal } from '../../http/egress-policy.js';
import { BUILD_INFO } from '../../version/build-info.js';

const REQUEST_TIMEOUT_MS = 10_000;

// One builder of an MCP registry's auth headers for the admin API, health checks and the MCP plane.
export { mcpAuthHeaders } from '../../providers/registry-headers.js';

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

/** The status with which a reachable MCP server refused the gateway's credential (401 or 403), or undefined for any other failure. */
export function credentialRefusal(err: unknown): 401 | 403 | undefined {
  // Without an OAuth provider the SDK reports a 401 as a plain HTTP error; with one, as UnauthorizedError.
  if (err instanceof UnauthorizedError) return 401;
  if (err instanceof StreamableHTTPError && (err.code === 401 || err.code === 403)) return err.code;
  return undefined;
}

/** Why the tools of an MCP registry could not be listed: the error code the admin API answers with and a message naming the registry. */
export interface McpListFailure {
  code: 'upstream_auth_failed' | 'egress_refused' | 'upstream_unreachable';
  message: string;
}

/** Classifies a failure of `withMcpClient` against the registry `slug`: a refused credential is not an unreachable server. */
export function describeMcpFailure(slug: string, err: unknown): McpListFailure {
  const refused = credentialRefusal(err);
  if (refused) return { code: 'upstream_auth_failed', message: `the MCP server of registry ${slug} refused the gateway's credential (${refused})` };
  if (isEgressRefusal(err)) return { code: 'egress_refused', message: `the egress policy refuses the address of the MCP server of registry ${slug}` };
  return { code: 'upstream_unreachable', message: `the MCP server of registry ${slug} is unreachable` };
}
