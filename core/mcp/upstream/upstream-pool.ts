/**
 * The upstream MCP servers of one process: pooled connections per (registry, URL, credential),
 * each registry's tool list cached until the server says it changed (or the registry's URL or
 * credential changes), one-off clients for the upstream sessions a legacy-era client session
 * carries sealed in its id, and the timeouts of each step. Shared by every config snapshot:
 * `retain` drops what a new snapshot no longer names.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher } from 'undici';
import { listAllTools, mcpClient } from '../../admin/registries/mcp-client.js';
import type { Logger } from '../../logging/logger.js';
import type { RegistryView } from '../../snapshot/views.js';
import { UpstreamSessionExpiredError } from '../toolkit.js';
import { isSessionGone, UpstreamConnection, UPSTREAM_CLIENT_NAME } from './upstream-connection.js';
import { upstreamTarget, type UpstreamTarget } from './upstream-target.js';

export interface McpUpstreamsOptions {
  /** The egress policy's dispatcher: every upstream request goes through it. */
  dispatcher: Dispatcher;
  log: Logger;
  /** How long `initialize` may take (default 10 s). */
  connectTimeoutMs?: number;
  /** How long listing a server's tools (all pages) may take per page (default 10 s). */
  listTimeoutMs?: number;
  /** How long one `tools/call` may take (default 60 s). */
  callTimeoutMs?: number;
  /** How long a failed tool list is remembered before the server is asked again (default 5 s). */
  listRetryMs?: number;
}

/** What a tool call upstream is given. */
export interface UpstreamCallOptions {
  signal?: AbortSignal;
  /** An upstream session the client's (legacy-era) session carries: used instead of the pooled connection. */
  sessionId?: string;
  /** Another target than the registry's own (a user's, core/oauth/upstream): its own pooled connection. */
  target?: UpstreamTarget;
}

export class McpUpstreams {
  private readonly connections = new Map<string, UpstreamConnection>();
  /** Tool lists by target key; a failed fetch is kept `listRetryMs`. */
  private readonly toolLists = new Map<string, Promise<readonly Tool[]>>();
  private readonly listeners = new Set<(registryId: string) => void>();
  private readonly connectTimeoutMs: number;
  private readonly listTimeoutMs: number;
  private readonly callTimeoutMs: number;
  private readonly listRetryMs: number;

  constructor(private readonly options: McpUpstreamsOptions) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.listTimeoutMs = options.listTimeoutMs ?? 10_000;
    this.callTimeoutMs = options.callTimeoutMs ?? 60_000;
    this.listRetryMs = options.listRetryMs ?? 5_000;
  }

  /** The tools the registry's server declares (every page), from the cache or fetched once for all concurrent callers; `target`: a user's own (its own list). */
  tools(registry: RegistryView, target: UpstreamTarget = upstreamTarget(registry)): Promise<readonly Tool[]> {
    let tools = this.toolLists.get(target.key);
    if (!tools) {
      const fetching = this.connection(target).use((client) => listAllTools(client, this.listTimeoutMs)).then((list) => Object.freeze(list));
      tools = fetching;
      this.toolLists.set(target.key, fetching);
      // A failure is kept a little while, so lists do not wait on a server that is down again and again.
      fetching.catch(() => {
        const retry = setTimeout(() => {
          if (this.toolLists.get(target.key) === fetching) this.toolLists.delete(target.key);
        }, this.listRetryMs);
        retry.unref();
      });
    }
    return tools;
  }

  /** Calls `name` with `args` unchanged and answers the server's result as it sent it. */
  async callTool(registry: RegistryView, name: string, args: Record<string, unknown>, options: UpstreamCallOptions = {}): Promise<CallToolResult> {
    const target = options.target ?? upstreamTarget(registry);
    const call = (client: Client) =>
      // `request`, not `callTool`: the result goes back to the client as the server sent it, unvalidated.
      client.request({ method: 'tools/call', params: { name, arguments: args } }, CallToolResultSchema, {
        signal: options.signal,
        timeout: this.callTimeoutMs,
      });
    if (options.sessionId === undefined) return this.connection(target).use(call);
    return this.withSession(target, options.sessionId, call);
  }

  /** Opens an upstream session (`initialize`) for a legacy-era client session; undefined when the server keeps none. */
  async openSession(registry: RegistryView): Promise<string | undefined> {
    const target = upstreamTarget(registry);
    const { client, transport } = mcpClient(target.url, { ...target.headers }, this.options.dispatcher, UPSTREAM_CLIENT_NAME);
    try {
      await client.connect(transport, { timeout: this.connectTimeoutMs });
      return transport.sessionId;
    } finally {
      // Closing the client only drops the local transport; the upstream session lives on.
      await client.close().catch(() => undefined);
    }
  }

  /** Ends an upstream session (HTTP DELETE); failures are ignored. */
  async closeSession(registry: RegistryView, sessionId: string): Promise<void> {
    const target = upstreamTarget(registry);
    const { client, transport } = mcpClient(target.url, { ...target.headers }, this.options.dispatcher, UPSTREAM_CLIENT_NAME, sessionId);
    try {
      await client.connect(transport);
      await transport.terminateSession();
    } catch {
      // The session may be gone already; nothing to do.
    } finally {
      await client.close().catch(() => undefined);
    }
  }

  /** Calls `listener` with the registry id when a server announces `notifications/tools/list_changed`. Returns the unsubscribe function. */
  onToolsChanged(listener: (registryId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Keeps the connections and tool lists of `registries` (a new snapshot's MCP registries) and closes the others. */
  retain(registries: Iterable<RegistryView>): void {
    const keep = new Set<string>();
    for (const registry of registries) if (registry.type === 'MCP') keep.add(upstreamTarget(registry).key);
    for (const [key, connection] of this.connections) {
      if (keep.has(key)) continue;
      this.connections.delete(key);
      void connection.close();
    }
    for (const key of this.toolLists.keys()) if (!keep.has(key)) this.toolLists.delete(key);
  }

  /** Closes the connection and forgets the tool list of one target key (a user's target replaced by a new token). */
  release(key: string): void {
    const connection = this.connections.get(key);
    this.connections.delete(key);
    this.toolLists.delete(key);
    void connection?.close();
  }

  async close(): Promise<void> {
    const open = [...this.connections.values()];
    this.connections.clear();
    this.toolLists.clear();
    await Promise.all(open.map((c) => c.close()));
  }

  private connection(target: UpstreamTarget): UpstreamConnection {
    let connection = this.connections.get(target.key);
    if (!connection) {
      connection = new UpstreamConnection(target, {
        dispatcher: this.options.dispatcher,
        connectTimeoutMs: this.connectTimeoutMs,
        onToolsChanged: () => this.toolsChanged(target),
      });
      this.connections.set(target.key, connection);
    }
    return connection;
  }

  private toolsChanged(target: UpstreamTarget) {
    this.toolLists.delete(target.key);
    this.options.log.info('MCP server announced a new tool list', { registry_id: target.registryId });
    for (const listener of this.listeners) {
      try {
        listener(target.registryId);
      } catch (err) {
        this.options.log.error('tools-changed listener failed', { error: (err as Error).message });
      }
    }
  }

  /** Runs `use` on the upstream session `sessionId` with a one-off client; a 404 means the session is gone. */
  private async withSession<T>(target: UpstreamTarget, sessionId: string, use: (client: Client) => Promise<T>): Promise<T> {
    const { client, transport } = mcpClient(target.url, { ...target.headers }, this.options.dispatcher, UPSTREAM_CLIENT_NAME, sessionId);
    try {
      await client.connect(transport);
      return await use(client);
    } catch (err) {
      if (isSessionGone(err)) throw new UpstreamSessionExpiredError(target.registryId);
      throw err;
    } finally {
      await client.close().catch(() => undefined);
    }
  }
}
