/**
 * The MCP part of a request's metrics event: the protocol era, the JSON-RPC method and, for a
 * `tools/call`, the tool call as the toolkit reported it (consumer and gateway are the event's
 * own fields). From it the playground trace, the OTLP record and the Prometheus tool metrics are
 * built. Never arguments or results: only their sizes.
 */
import type { McpExchange } from '../pipeline/exchange.js';

/** One tool call in a metrics event. */
export interface McpToolCallData {
  registry_id: string;
  registry_slug: string;
  /** The merged name the client called, and the tool's own name on its server. */
  tool: string;
  upstream_tool: string;
  /** `ok`, `tool_error`, `refused`, `rate_limited` or `upstream_error`. */
  outcome: string;
  latency_ms: number;
  request_bytes: number;
  response_bytes: number;
}

/** The `mcp` field of a metrics event. */
export interface McpEventData {
  era?: 'legacy' | 'modern';
  method?: string;
  tool_call?: McpToolCallData;
}

const ms = (x: number) => Math.round(x * 100) / 100;

/** The metrics event's `mcp` field for an exchange's MCP record. */
export function mcpEventOf(mcp: McpExchange): McpEventData {
  const call = mcp.toolCall;
  return {
    era: mcp.era,
    method: mcp.method,
    tool_call: call && {
      registry_id: call.registryId,
      registry_slug: call.registrySlug,
      tool: call.tool,
      upstream_tool: call.upstreamTool,
      outcome: call.outcome,
      latency_ms: ms(call.latencyMs),
      request_bytes: call.requestBytes,
      response_bytes: call.responseBytes,
    },
  };
}
