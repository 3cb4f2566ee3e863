/**
 * A small `ConsumerToolkit` for the endpoint's transport tests: it merges the tools of real SDK
 * MCP servers (one per registry slug) with `{slug}__{tool}` names and calls them with the SDK's
 * client. It does not read the consumer's registries; every consumer sees the same servers.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Exchange } from '../../../../../core/pipeline/exchange.js';
import type { RegistryView } from '../../../../../core/snapshot/views.js';
import type { McpToolEntry } from '../../../../../core/mcp/toolkit-types.js';
import { UnknownToolError, UpstreamSessionExpiredError, type ConsumerToolkit, type ToolCallAnswer, type UpstreamSessions } from '../../../../../core/mcp/toolkit.js';

export class ToolkitDouble implements ConsumerToolkit {
  private readonly listeners = new Set<(gatewayId: string) => void>();
  /** Sessions each call arrived with, in order. */
  readonly sessionsSeen: Array<UpstreamSessions | undefined> = [];
  /** Upstream session values the double treats as expired. */
  readonly expired = new Set<string>();
  closed: UpstreamSessions[] = [];

  constructor(private readonly servers: Record<string, string>) {}

  private async withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ name: 'toolkit-double', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      return await fn(client);
    } finally {
      await client.close();
    }
  }

  async list(_ctx: Exchange, sessions?: UpstreamSessions): Promise<McpToolEntry[]> {
    this.sessionsSeen.push(sessions);
    const entries: McpToolEntry[] = [];
    for (const [slug, url] of Object.entries(this.servers)) {
      const { tools } = await this.withClient(url, (client) => client.listTools());
      for (const tool of tools) {
        const name = `${slug}__${tool.name}`;
        entries.push({ name, upstreamName: tool.name, registry: { id: slug, slug } as unknown as RegistryView, definition: { ...tool, name } });
      }
    }
    return entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  async call(ctx: Exchange, name: string, args: Record<string, unknown>, options: { signal: AbortSignal; sessions?: UpstreamSessions }): Promise<ToolCallAnswer> {
    this.sessionsSeen.push(options.sessions);
    for (const value of Object.values(options.sessions ?? {})) if (this.expired.has(value)) throw new UpstreamSessionExpiredError('reg');
    const tool = (await this.list(ctx, options.sessions)).find((t) => t.name === name);
    if (!tool) throw new UnknownToolError(name);
    const started = performance.now();
    const result = await this.withClient(this.servers[tool.registry.slug]!, (client) => client.callTool({ name: tool.upstreamName, arguments: args }));
    return {
      result: result as ToolCallAnswer['result'],
      record: {
        registryId: tool.registry.id,
        registrySlug: tool.registry.slug,
        tool: name,
        upstreamTool: tool.upstreamName,
        outcome: 'ok',
        latencyMs: performance.now() - started,
        requestBytes: JSON.stringify(args).length,
        responseBytes: JSON.stringify(result).length,
      },
    };
  }

  async openSessions(): Promise<UpstreamSessions> {
    return { 'registry-a': `upstream-session-${Math.random().toString(36).slice(2)}` };
  }

  async closeSessions(_ctx: Exchange, sessions: UpstreamSessions): Promise<void> {
    this.closed.push(sessions);
  }

  onToolsChanged(listener: (gatewayId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** What the real toolkit does on an upstream `list_changed` or a config change. */
  changed(gatewayId: string): void {
    for (const listener of this.listeners) listener(gatewayId);
  }
}
