/**
 * The MCP plane's shapes that plugins see: a tool of a consumer's merged toolkit, a tool call
 * on its way upstream, and its result on its way back. The MCP hooks of core/pipeline/hooks.ts
 * (`filterTools`, `admitToolCall`, `transformToolCall`, `transformToolResult`) carry them.
 */
import type { RegistryView } from '../snapshot/views.js';

/** A tool of a consumer's merged toolkit. */
export interface McpToolEntry {
  /** The merged name the client sees: `{registry_slug}__{tool}` (`^[A-Za-z0-9_-]{1,64}$`). */
  readonly name: string;
  /** The MCP registry serving the tool. */
  readonly registry: RegistryView;
  /** The tool's own name on its server. */
  readonly upstreamName: string;
  /**
   * The tool as its server declares it (`description`, `inputSchema`, `outputSchema`,
   * `annotations`, `title`, `_meta`), passed through unchanged except `name`, which is the merged name.
   */
  readonly definition: Readonly<Record<string, unknown>>;
}

/** A `tools/call` request on its way upstream. */
export interface McpToolCall {
  readonly tool: McpToolEntry;
  /** The arguments to send upstream; a transform returns a call with new ones. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Set by a tap that refuses the call: the client gets an `isError` result carrying this text, and nothing goes upstream. */
  readonly refusal?: string;
}

/** The result of a tool call (the MCP `CallToolResult`), on its way back to the client. */
export interface McpToolResult {
  readonly tool: McpToolEntry;
  readonly result: {
    readonly content: readonly Record<string, unknown>[];
    readonly structuredContent?: Readonly<Record<string, unknown>>;
    readonly isError?: boolean;
    readonly [key: string]: unknown;
  };
}

/** The declared tools of the MCP registries of a policy's gateway (`kit.mcpTools`). */
export interface McpToolService {
  /**
   * The tools an MCP registry declares, with merged names, from the plane's cache (fetched on
   * first use, refreshed on the server's `list_changed` or a config change). Rejects when the
   * registry is unknown, not MCP, or its server cannot be reached.
   */
  toolsOf(registryId: string): Promise<readonly McpToolEntry[]>;
}
