/**
 * The consumer toolkit behind the MCP endpoint (`ConsumerToolkit`, core/mcp/toolkit.ts): one per
 * proxy runtime. It merges the tools of a caller's MCP registries, scopes them, runs the consumer's
 * MCP hooks and calls the upstream servers through the process's pool. An upstream that is down,
 * unhealthy or behind an open breaker costs only its own tools.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../../logging/logger.js';
import type { Exchange } from '../../pipeline/exchange.js';
import type { RoutingRuntime } from '../../proxy/routing/routing-runtime.js';
import type { SnapshotHolder } from '../../snapshot/holder.js';
import type { Snapshot } from '../../snapshot/snapshot.js';
import type { RegistryView } from '../../snapshot/views.js';
import type { ConsumerToolkit, ToolCallAnswer, ToolCallOutcome, ToolCallRecord, UpstreamSessions } from '../toolkit.js';
import { UnknownToolError, UpstreamSessionExpiredError } from '../toolkit.js';
import type { McpToolCall, McpToolEntry, McpToolResult } from '../toolkit-types.js';
import { upstreamFailure } from '../upstream/upstream-failure.js';
import type { McpUpstreams } from '../upstream/upstream-pool.js';
import { callerScope } from './caller-scope.js';
import { toolEntries } from './tool-entries.js';
import { gatewaysWithNewToolkits } from './toolkit-fingerprints.js';

export interface ConsumerToolkitOptions {
  upstreams: McpUpstreams;
  /** Breakers and health checks of the proxy runtime, shared with LLM registries. */
  routing: Pick<RoutingRuntime, 'availability' | 'breakers'>;
  /** Its swaps tell which gateways' toolkits may have changed. */
  holder: SnapshotHolder;
  log: Logger;
}

/** An `isError` result carrying `text`. */
function errorResult(text: string): McpToolResult['result'] {
  return { content: [{ type: 'text', text }], isError: true };
}

const byteLength = (value: unknown): number => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));

export class McpConsumerToolkit implements ConsumerToolkit {
  private readonly listeners = new Set<(gatewayId: string) => void>();
  private readonly upstreams: McpUpstreams;
  private snapshot: Snapshot;

  constructor(private readonly options: ConsumerToolkitOptions) {
    this.upstreams = options.upstreams;
    this.snapshot = options.holder.current;
    options.upstreams.onToolsChanged((registryId) => {
      const gatewayId = options.holder.current.registry(registryId)?.gatewayId;
      if (gatewayId) this.emit(gatewayId);
    });
    options.holder.onSwap((next) => {
      const previous = this.snapshot;
      this.snapshot = next;
      for (const gatewayId of gatewaysWithNewToolkits(previous, next)) this.emit(gatewayId);
    });
  }

  async list(ctx: Exchange): Promise<McpToolEntry[]> {
    const consumer = ctx.consumer;
    if (!consumer) return [];
    const scope = callerScope(consumer, ctx.principal);
    const perRegistry = await Promise.all(scope.registries.map((registry) => this.toolsOf(registry)));
    const merged: McpToolEntry[] = [];
    for (const entries of perRegistry) for (const entry of entries) if (scope.admits(entry)) merged.push(entry);
    // Merged names start with the registry slug, unique per gateway: no two registries share a name.
    merged.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const capped = scope.maxTools !== undefined && merged.length > scope.maxTools ? merged.slice(0, scope.maxTools) : merged;
    return ctx.snapshot.chainFor(consumer).filterTools.promise(capped, ctx);
  }

  async call(ctx: Exchange, name: string, args: Record<string, unknown>, options: { signal: AbortSignal; sessions?: UpstreamSessions }): Promise<ToolCallAnswer> {
    const tool = (await this.list(ctx)).find((t) => t.name === name);
    if (!tool) throw new UnknownToolError(name);
    const hooks = ctx.snapshot.chainFor(ctx.consumer!);
    const started = performance.now();
    const record: ToolCallRecord = {
      registryId: tool.registry.id, registrySlug: tool.registry.slug, tool: tool.name, upstreamTool: tool.upstreamName,
      outcome: 'ok', latencyMs: 0, requestBytes: 0, responseBytes: 0,
    };
    const answer = (result: McpToolResult['result'], outcome: ToolCallOutcome): ToolCallAnswer => {
      record.outcome = outcome;
      record.latencyMs = performance.now() - started;
      record.responseBytes = byteLength(result);
      return { result, record };
    };

    let call: McpToolCall = { tool, arguments: args };
    const reason = await hooks.admitToolCall.promise(call, ctx);
    if (reason) return answer(errorResult(reason), 'rate_limited');
    call = await hooks.transformToolCall.promise(call, ctx);
    if (call.refusal) return answer(errorResult(call.refusal), 'refused');

    record.requestBytes = byteLength(call.arguments);
    const upstream = await this.callUpstream(tool.registry, tool.upstreamName, call.arguments as Record<string, unknown>, options);
    if ('failure' in upstream) return answer(errorResult(upstream.failure), 'upstream_error');
    const transformed = await hooks.transformToolResult.promise({ tool, result: upstream.result as McpToolResult['result'] }, ctx);
    return answer(transformed.result, transformed.result.isError ? 'tool_error' : 'ok');
  }

  async openSessions(ctx: Exchange): Promise<UpstreamSessions> {
    if (!ctx.consumer) return {};
    const sessions: Record<string, string> = {};
    await Promise.all(
      callerScope(ctx.consumer, ctx.principal).registries.map(async (registry) => {
        if (!this.options.routing.availability(registry).ok) return;
        try {
          const id = await this.upstreams.openSession(registry);
          if (id) sessions[registry.id] = id;
        } catch (err) {
          // Its tools then go through the pooled connection, or fail as a down server would.
          this.options.log.warn('MCP upstream session not opened', { registry_id: registry.id, reason: upstreamFailure(err).reason });
        }
      }),
    );
    return sessions;
  }

  async closeSessions(ctx: Exchange, sessions: UpstreamSessions): Promise<void> {
    await Promise.all(
      Object.entries(sessions).map(async ([registryId, sessionId]) => {
        const registry = ctx.snapshot.registry(registryId);
        if (registry?.type === 'MCP') await this.upstreams.closeSession(registry, sessionId).catch(() => undefined);
      }),
    );
  }

  onToolsChanged(listener: (gatewayId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The registry's entries; nothing when it is unavailable or cannot be listed (its tools are left out, the others stay). */
  private async toolsOf(registry: RegistryView): Promise<readonly McpToolEntry[]> {
    if (!this.options.routing.availability(registry).ok) return [];
    try {
      return toolEntries(registry, await this.upstreams.tools(registry), this.options.log);
    } catch (err) {
      this.options.log.warn('MCP server left out of the toolkit: its tools cannot be listed', { registry_id: registry.id, reason: upstreamFailure(err).reason });
      return [];
    }
  }

  /** One call upstream through the registry's breaker; a down server is a `failure` text naming it. */
  private async callUpstream(
    registry: RegistryView,
    name: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal; sessions?: UpstreamSessions },
  ): Promise<{ result: CallToolResult } | { failure: string }> {
    const availability = this.options.routing.availability(registry);
    if (!availability.ok) {
      return { failure: `MCP server ${registry.slug} is unavailable (${availability.reason === 'unhealthy' ? 'failing its health checks' : 'circuit open'}); try again later` };
    }
    const breaker = this.options.routing.breakers.for(registry);
    const ticket = breaker?.begin();
    if (breaker && !ticket) return { failure: `MCP server ${registry.slug} is unavailable (circuit open); try again later` };
    try {
      const result = await this.upstreams.callTool(registry, name, args, { signal: options.signal, sessionId: options.sessions?.[registry.id] });
      if (ticket) breaker!.settle(ticket, 'success');
      return { result };
    } catch (err) {
      if (options.signal.aborted || err instanceof UpstreamSessionExpiredError) {
        if (ticket) breaker!.settle(ticket, 'neutral');
        throw err;
      }
      const failure = upstreamFailure(err);
      if (ticket) breaker!.settle(ticket, failure.kind === 'down' ? 'failure' : 'success');
      this.options.log.warn('MCP tool call failed upstream', { registry_id: registry.id, tool: name, reason: failure.reason });
      return { failure: `MCP server ${registry.slug} ${failure.reason}` };
    }
  }

  private emit(gatewayId: string) {
    for (const listener of this.listeners) {
      try {
        listener(gatewayId);
      } catch (err) {
        this.options.log.error('tools-changed listener failed', { error: (err as Error).message });
      }
    }
  }
}
