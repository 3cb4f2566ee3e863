/**
 * The seam between the MCP endpoint (transport, protocol eras, client authentication, client
 * sessions) and the toolkit behind it (upstream servers, aggregation, scoping, the MCP hooks).
 * The endpoint never talks to an upstream server; the toolkit never sees HTTP from the client.
 */
import type { Exchange } from '../pipeline/exchange.js';
import type { McpToolEntry, McpToolResult } from './toolkit-types.js';

/**
 * Upstream session ids by registry id, for upstream servers that hand one out at `initialize`.
 * A legacy-era client session carries it sealed inside its `MCP-Session-Id`, so any data plane
 * can serve the next request of that session; stateless (modern-era) requests carry none and the
 * toolkit uses its own per-process upstream sessions.
 */
export type UpstreamSessions = Readonly<Record<string, string>>;

/** A tool call's outcome as the observability records name it. */
export type ToolCallOutcome = 'ok' | 'tool_error' | 'refused' | 'rate_limited' | 'upstream_error';

/** What the toolkit reports of one tool call (for metrics, OTLP and the trace). */
export interface ToolCallRecord {
  registryId: string;
  registrySlug: string;
  /** The merged name and the tool's own name upstream. */
  tool: string;
  upstreamTool: string;
  outcome: ToolCallOutcome;
  latencyMs: number;
  /** Bytes of the arguments sent upstream and of the result received (JSON). */
  requestBytes: number;
  responseBytes: number;
}

/** A `tools/call` answer for the client, with what happened. */
export interface ToolCallAnswer {
  result: McpToolResult['result'];
  record: ToolCallRecord;
}

/** Thrown by `call` for a name that is not in the caller's toolkit (JSON-RPC `-32602`, the same for hidden and unknown tools). */
export class UnknownToolError extends Error {
  readonly code = -32602;
  constructor(readonly toolName: string) {
    super(`Unknown tool: ${toolName}`);
    this.name = 'UnknownToolError';
  }
}

/** Thrown when an upstream no longer knows the session sealed in the client's session id: the endpoint answers 404 and the client re-initializes. */
export class UpstreamSessionExpiredError extends Error {
  constructor(readonly registryId: string) {
    super(`the session of MCP registry ${registryId} has expired`);
    this.name = 'UpstreamSessionExpiredError';
  }
}

/** The merged toolkit of the consumer of an exchange (`ctx.consumer`, `ctx.principal` set, the consumer's policy chain in `ctx.snapshot.chainFor`). */
export interface ConsumerToolkit {
  /**
   * The tools the caller may see, in a deterministic order (by merged name): the union of its
   * MCP registries' tools, scoped by the consumer's `tools` and its roles' `tool_sets`, then
   * through the `filterTools` hook. A registry that cannot be reached contributes nothing.
   */
  list(ctx: Exchange, sessions?: UpstreamSessions): Promise<McpToolEntry[]>;
  /**
   * Runs one `tools/call` through `admitToolCall`, `transformToolCall`, the upstream and
   * `transformToolResult`. Refusals, an unreachable or failing upstream and upstream tool errors
   * are `isError` results naming the cause (the rest of the toolkit keeps working); a name not in
   * the caller's toolkit throws `UnknownToolError`.
   */
  call(ctx: Exchange, name: string, args: Record<string, unknown>, options: { signal: AbortSignal; sessions?: UpstreamSessions }): Promise<ToolCallAnswer>;
  /** Opens upstream sessions for a legacy-era client `initialize` (servers without sessions are left out). */
  openSessions(ctx: Exchange): Promise<UpstreamSessions>;
  /** Ends upstream sessions when the client ends its session (`DELETE`); failures are ignored. */
  closeSessions(ctx: Exchange, sessions: UpstreamSessions): Promise<void>;
  /**
   * Calls `listener` when tools may have changed for consumers of a gateway: an upstream
   * `notifications/tools/list_changed`, or a config snapshot that changed registries, roles,
   * tool scopes or policies. Returns the unsubscribe function.
   */
  onToolsChanged(listener: (gatewayId: string) => void): () => void;
}
