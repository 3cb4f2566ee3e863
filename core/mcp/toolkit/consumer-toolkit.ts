/**
 * The consumer toolkit behind the MCP endpoint (`ConsumerToolkit`, core/mcp/toolkit.ts): one per
 * proxy runtime. It merges the tools of a caller's MCP registries, scopes them, runs the consumer's
 * MCP hooks and calls the upstream servers through the process's pool. An upstream that is down,
 * unhealthy or behind an open breaker costs only its own tools.
 */
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../../logging/logger.js';
import type { Exchange } from '../../pipeline/exchange.js';
import type { Availability, RoutingRuntime } from '../../proxy/routing/routing-runtime.js';
import type { SnapshotHolder } from '../../snapshot/holder.js';
import type { Snapshot } from '../../snapshot/snapshot.js';
import type { RegistryView } from '../../snapshot/views.js';
import type { ConsumerToolkit, ToolCallAnswer, ToolCallOutcome, ToolCallRecord, UpstreamSessions } from '../toolkit.js';
import { UnknownToolError, UpstreamSessionExpiredError } from '../toolkit.js';
import type { McpToolCall, McpToolEntry, McpToolResult } from '../toolkit-types.js';
import { upstreamFailure } from '../upstream/upstream-failure.js';
import type { McpUpstreams } from '../upstream/upstream-pool.js';
import { upstreamTarget, type UpstreamTarget } from '../upstream/upstream-target.js';
import { UpstreamConnectRequired } from '../../oauth/upstream/connect-required.js';
import type { UpstreamUserAuth } from '../../oauth/upstream/upstream-user-auth.js';
import { configuredInstallFor, installedFor, installedRegistriesOf } from '../../store-installer/installed-registries.js';
import { InstallConfigTargets } from '../../store-installer/install-config-target.js';
import type { SecretBox } from '../../security/secret-box.js';
import { callerScope, type CallerScope } from './caller-scope.js';
import { splitMergedName } from '../tool-names.js';
import { toolEntries } from './tool-entries.js';
import { gatewaysWithNewToolkits } from './toolkit-fingerprints.js';

export interface ConsumerToolkitOptions {
  upstreams: McpUpstreams;
  /** Breakers and health checks of the proxy runtime, shared with LLM registries. */
  routing: Pick<RoutingRuntime, 'availability' | 'breakers'>;
  /** Its swaps tell which gateways' toolkits may have changed. */
  holder: SnapshotHolder;
  log: Logger;
  /** Per-user OAuth to MCP servers that need it (where the store is); without it such registries are left out. */
  userAuth?: UpstreamUserAuth;
  /** Opens the users' Store install configs (sent as headers); without it no config is sent. */
  secretBox?: SecretBox;
}

/** An `isError` result carrying `text`. */
function errorResult(text: string): McpToolResult['result'] {
  return { content: [{ type: 'text', text }], isError: true };
}

/** What the client is told of a registry routing keeps out (health checks, breaker). */
function unavailableReason(reason: Availability['reason']): string {
  return `is unavailable (${reason === 'unhealthy' ? 'failing its health checks' : 'circuit open'}); try again later`;
}

/** A caller's tools and what was left out. */
interface Listing {
  tools: McpToolEntry[];
  /** Registry id -> why its tools are missing (down, unhealthy, breaker open). */
  down: Map<string, string>;
  /** Registry id -> the -32042 a call of its tools answers (the caller has not signed in there). */
  connect: Map<string, UpstreamConnectRequired>;
  scope: CallerScope | undefined;
}

const NO_TOOLS: readonly McpToolEntry[] = Object.freeze([]);

/** The last scoped list per caller scope, with the registry lists it was made from. */
const scopedLists = new WeakMap<CallerScope, { from: ReadonlyArray<readonly McpToolEntry[]>; tools: readonly McpToolEntry[] }>();

/**
 * The scope's tools from its registries' lists: admitted, sorted by merged name, capped at
 * `max_tools`. Made again only when one of the registry lists changed (they are kept per
 * snapshot and server list), not on every request.
 */
function scopedTools(scope: CallerScope, perRegistry: ReadonlyArray<readonly McpToolEntry[]>): readonly McpToolEntry[] {
  const known = scopedLists.get(scope);
  if (known && known.from.length === perRegistry.length && known.from.every((list, i) => list === perRegistry[i])) return known.tools;
  const merged: McpToolEntry[] = [];
  for (const entries of perRegistry) for (const entry of entries) if (scope.admits(entry)) merged.push(entry);
  // Merged names start with the registry slug, unique per gateway: no two registries share a name.
  merged.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const tools = Object.freeze(scope.maxTools !== undefined && merged.length > scope.maxTools ? merged.slice(0, scope.maxTools) : merged);
  scopedLists.set(scope, { from: perRegistry, tools });
  return tools;
}

/** Whether an upstream error is the server refusing the credential with HTTP 401. */
const isUnauthorized = (err: unknown): boolean => err instanceof StreamableHTTPError && err.code === 401;

/** The scope of the exchange's caller (`ctx.consumer` set), with the Store servers it installed. */
const scopeOf = (ctx: Exchange): CallerScope => callerScope(ctx.consumer!, ctx.principal, installedFor(ctx.snapshot, ctx.consumer!.gatewayId, ctx.principal));

const byteLength = (value: unknown): number => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));

export class McpConsumerToolkit implements ConsumerToolkit {
  private readonly listeners = new Set<(gatewayId: string) => void>();
  private readonly upstreams: McpUpstreams;
  private snapshot: Snapshot;
  /** Failed tool-list fetches already counted by their registry's breaker. */
  private readonly countedFailures = new WeakSet<object>();
  private readonly installTargets: InstallConfigTargets | undefined;

  constructor(private readonly options: ConsumerToolkitOptions) {
    this.upstreams = options.upstreams;
    this.snapshot = options.holder.current;
    this.installTargets = options.secretBox ? new InstallConfigTargets(options.secretBox) : undefined;
    options.upstreams.onToolsChanged((registryId) => {
      const current = options.holder.current;
      // A server installed from the Store's base_url is no registry of the snapshot.
      const gatewayId = (current.registry(registryId) ?? installedRegistriesOf(current).serverRegistry(registryId))?.gatewayId;
      if (gatewayId) this.emit(gatewayId);
    });
    options.holder.onSwap((next) => {
      const previous = this.snapshot;
      this.snapshot = next;
      for (const gatewayId of gatewaysWithNewToolkits(previous, next)) this.emit(gatewayId);
    });
  }

  async list(ctx: Exchange): Promise<McpToolEntry[]> {
    return (await this.listing(ctx)).tools;
  }

  async call(ctx: Exchange, name: string, args: Record<string, unknown>, options: { signal: AbortSignal; sessions?: UpstreamSessions }): Promise<ToolCallAnswer> {
    const listing = await this.listing(ctx);
    const tool = listing.tools.find((t) => t.name === name);
    if (!tool) return this.callToUnlisted(listing, name);
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
    const upstream = await this.callUpstream(tool.registry, tool.upstreamName, call.arguments as Record<string, unknown>, options, ctx);
    if ('failure' in upstream) return answer(errorResult(upstream.failure), 'upstream_error');
    const transformed = await hooks.transformToolResult.promise({ tool, result: upstream.result as McpToolResult['result'] }, ctx);
    // An error the server did not send is a policy's: the result was refused (a guardrail blocked it).
    const outcome: ToolCallOutcome = !transformed.result.isError ? 'ok' : upstream.result.isError ? 'tool_error' : 'refused';
    return answer(transformed.result, outcome);
  }

  async openSessions(ctx: Exchange): Promise<UpstreamSessions> {
    if (!ctx.consumer) return {};
    const sessions: Record<string, string> = {};
    await Promise.all(
      scopeOf(ctx).registries.map(async (registry) => {
        // A per-user registry is called on the user's own pooled connection, never a shared session.
        if (!this.options.routing.availability(registry).ok || registry.record.auth?.oauth || configuredInstallFor(ctx.snapshot, registry, ctx.principal)) return;
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
    const scoped = ctx.consumer ? scopeOf(ctx).registries : [];
    await Promise.all(
      Object.entries(sessions).map(async ([registryId, sessionId]) => {
        // A server installed from the Store is no registry of the snapshot: found in the caller's scope.
        const registry = scoped.find((r) => r.id === registryId) ?? ctx.snapshot.registry(registryId);
        if (registry?.type === 'MCP') await this.upstreams.closeSession(registry, sessionId).catch(() => undefined);
      }),
    );
  }

  onToolsChanged(listener: (gatewayId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The caller's tools (scoped, capped, through `filterTools`) and the registries left out because they are down. */
  private async listing(ctx: Exchange): Promise<Listing> {
    const consumer = ctx.consumer;
    if (!consumer) return { tools: [], down: new Map(), connect: new Map(), scope: undefined };
    const scope = scopeOf(ctx);
    const down = new Map<string, string>();
    const connect = new Map<string, UpstreamConnectRequired>();
    const perRegistry = await Promise.all(scope.registries.map((registry) => this.toolsOf(registry, down, ctx, connect)));
    // A copy: a filterTools tap may change the array it is given.
    const scoped = [...scopedTools(scope, perRegistry)];
    return { tools: await ctx.snapshot.chainFor(consumer).filterTools.promise(scoped, ctx), down, connect, scope };
  }

  /**
   * A name not in the caller's list: a tool of one of its registries that is down right now (and
   * that its scope would allow) fails as that server's call would, naming it; anything else is unknown.
   */
  private callToUnlisted(listing: Listing, name: string): ToolCallAnswer {
    const split = splitMergedName(name);
    const registry = split && listing.scope?.registries.find((r) => r.slug === split.registrySlug);
    const required = registry && listing.connect.get(registry.id);
    if (required && listing.scope!.admitsName(registry.id, name)) throw required;
    const reason = registry && listing.down.get(registry.id);
    if (!registry || !reason || !listing.scope!.admitsName(registry.id, name)) throw new UnknownToolError(name);
    const result = errorResult(`MCP server ${registry.slug} ${reason}`);
    return {
      result,
      record: {
        registryId: registry.id, registrySlug: registry.slug, tool: name, upstreamTool: split!.local,
        outcome: 'upstream_error', latencyMs: 0, requestBytes: 0, responseBytes: byteLength(result),
      },
    };
  }

  /** The registry's entries; nothing when it is unavailable or cannot be listed (its tools are left out, the others stay, `down` says why). */
  private async toolsOf(registry: RegistryView, down: Map<string, string>, ctx: Exchange, connect: Map<string, UpstreamConnectRequired>): Promise<readonly McpToolEntry[]> {
    const availability = this.options.routing.availability(registry);
    if (!availability.ok) {
      down.set(registry.id, unavailableReason(availability.reason));
      return NO_TOOLS;
    }
    try {
      const target = await this.userTarget(registry, ctx);
      try {
        return toolEntries(registry, await this.upstreams.tools(registry, target), this.options.log);
      } catch (err) {
        // The server refused the user's own token: they connect again.
        throw registry.record.auth?.oauth && isUnauthorized(err) ? await this.options.userAuth!.refused(registry, ctx) : err;
      }
    } catch (err) {
      if (err instanceof UpstreamConnectRequired) {
        connect.set(registry.id, err);
        down.set(registry.id, 'needs you to sign in with your own account first');
        return NO_TOOLS;
      }
      const { kind, reason } = upstreamFailure(err);
      down.set(registry.id, reason);
      // The same failed fetch is answered to every list for a while: counted and logged once.
      if (typeof err === 'object' && err !== null && !this.countedFailures.has(err)) {
        this.countedFailures.add(err);
        // A server that cannot even list its tools is down: its breaker counts it like a failed call.
        const breaker = kind === 'down' ? this.options.routing.breakers.for(registry) : undefined;
        const ticket = breaker?.begin();
        if (ticket) breaker!.settle(ticket, 'failure');
        this.options.log.warn('MCP server left out of the toolkit: its tools cannot be listed', { registry_id: registry.id, reason });
      }
      return NO_TOOLS;
    }
  }

  /** One call upstream through the registry's breaker; a down server is a `failure` text naming it. */
  private async callUpstream(
    registry: RegistryView,
    name: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal; sessions?: UpstreamSessions },
    ctx: Exchange,
  ): Promise<{ result: CallToolResult } | { failure: string }> {
    const availability = this.options.routing.availability(registry);
    if (!availability.ok) return { failure: `MCP server ${registry.slug} ${unavailableReason(availability.reason)}` };
    // Throws UpstreamConnectRequired (-32042 to the client) when the caller has not signed in there.
    const target = await this.userTarget(registry, ctx);
    const breaker = this.options.routing.breakers.for(registry);
    const ticket = breaker?.begin();
    if (breaker && !ticket) return { failure: `MCP server ${registry.slug} ${unavailableReason('circuit_open')}` };
    try {
      const result = await this.upstreams.callTool(registry, name, args, { signal: options.signal, sessionId: target ? undefined : options.sessions?.[registry.id], target });
      if (ticket) breaker!.settle(ticket, 'success');
      return { result };
    } catch (err) {
      if (registry.record.auth?.oauth && isUnauthorized(err)) {
        // The server refused the user's own token (revoked there): not a failure of the server.
        if (ticket) breaker!.settle(ticket, 'neutral');
        throw await this.options.userAuth!.refused(registry, ctx);
      }
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

  /**
   * The caller's own target at a registry whose server needs each user's login (`auth.oauth`):
   * their token, never the client's; plus the headers of the caller's Store install config when
   * it has one; undefined for the other registries (the registry's own key).
   */
  private async userTarget(registry: RegistryView, ctx: Exchange): Promise<UpstreamTarget | undefined> {
    const configured = this.installTargets && configuredInstallFor(ctx.snapshot, registry, ctx.principal);
    if (!registry.record.auth?.oauth) return configured ? this.installTargets!.targetFor(upstreamTarget(registry), configured) : undefined;
    if (!this.options.userAuth || !ctx.principal) throw new Error(`MCP registry ${registry.slug} needs each user's sign-in, served only where the store is`);
    const target = await this.options.userAuth.targetFor(registry, upstreamTarget(registry), ctx);
    return configured ? this.installTargets!.targetFor(target, configured) : target;
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
