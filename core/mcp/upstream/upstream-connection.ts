/**
 * One pooled connection to an MCP server for one (registry, URL, credential): an SDK client
 * initialised once and kept, so tool lists and calls do not pay `initialize` each time, and the
 * server's standalone SSE stream can deliver `notifications/tools/list_changed`. When the server
 * forgets the connection's session (HTTP 404), the connection re-initialises once and retries.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher } from 'undici';
import { mcpClient } from '../../admin/registries/mcp-client.js';
import type { UpstreamTarget } from './upstream-target.js';

/** The client name the gateway introduces itself with upstream. */
export const UPSTREAM_CLIENT_NAME = 'portcullis-mcp';

/** Whether `err` is the server saying it no longer knows the session (Streamable HTTP 404). */
export function isSessionGone(err: unknown): boolean {
  return err instanceof StreamableHTTPError && err.code === 404;
}

export interface UpstreamConnectionOptions {
  dispatcher: Dispatcher;
  /** How long `initialize` may take. */
  connectTimeoutMs: number;
  /** Called on the server's `notifications/tools/list_changed`. */
  onToolsChanged(): void;
}

export class UpstreamConnection {
  private connecting?: Promise<Client>;
  /** The client `connecting` resolved to. */
  private current?: Client;
  private closed = false;

  constructor(
    readonly target: UpstreamTarget,
    private readonly options: UpstreamConnectionOptions,
  ) {}

  /** Runs `use` with the connected client; on a 404 (session gone) reconnects once and runs it again. */
  async use<T>(use: (client: Client) => Promise<T>): Promise<T> {
    const client = await this.connected();
    try {
      return await use(client);
    } catch (err) {
      if (!isSessionGone(err) || this.closed) throw err;
      this.drop(client);
      return use(await this.connected());
    }
  }

  /** Closes the client; the connection is not used again. */
  async close(): Promise<void> {
    this.closed = true;
    const client = await this.connecting?.catch(() => undefined);
    this.connecting = undefined;
    await client?.close().catch(() => undefined);
  }

  private connected(): Promise<Client> {
    if (this.closed) return Promise.reject(new Error(`the connection to MCP registry ${this.target.registrySlug} is closed`));
    if (!this.connecting) {
      const attempt = this.connect();
      this.connecting = attempt;
      // A failed connect is not kept: the next use tries again.
      attempt.catch(() => {
        if (this.connecting === attempt) this.connecting = undefined;
      });
    }
    return this.connecting;
  }

  private async connect(): Promise<Client> {
    const { client, transport } = mcpClient(this.target.url, { ...this.target.headers }, this.options.dispatcher, UPSTREAM_CLIENT_NAME);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.options.onToolsChanged());
    // A transport that closes (server gone, stream ended for good) is replaced on next use.
    client.onclose = () => this.forget(client);
    try {
      await client.connect(transport, { timeout: this.options.connectTimeoutMs });
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    this.current = client;
    return client;
  }

  /** Stops using `client` when it is still the current one (another use may have replaced it already). */
  private forget(client: Client) {
    if (this.current !== client) return;
    this.current = undefined;
    this.connecting = undefined;
  }

  private drop(client: Client) {
    this.forget(client);
    void client.close().catch(() => undefined);
  }
}
