/**
 * The MCP attributes of a request's OpenTelemetry log record: protocol era and JSON-RPC method,
 * and for a tool call its registry, tool, outcome, latency and sizes (`gen_ai.tool.name` is the
 * merged name the client called). Absent for other operations.
 */
import type { MetricsEventData } from '../telemetry/metrics-event.js';

/** Attributes of `data.mcp` (undefined values are dropped by the record builder). */
export function mcpLogAttributes(data: MetricsEventData): Record<string, unknown> {
  const mcp = data.mcp;
  if (!mcp) return {};
  const call = mcp.tool_call;
  return {
    'portcullis.mcp.era': mcp.era,
    'portcullis.mcp.method': mcp.method,
    'gen_ai.operation.name': call ? 'execute_tool' : undefined,
    'gen_ai.tool.name': call?.tool,
    'portcullis.mcp.tool.upstream_name': call?.upstream_tool,
    'portcullis.mcp.registry.id': call?.registry_id,
    'portcullis.mcp.registry.slug': call?.registry_slug,
    'portcullis.mcp.tool.outcome': call?.outcome,
    'portcullis.mcp.tool.latency_ms': call?.latency_ms,
    'portcullis.mcp.tool.request_bytes': call?.request_bytes,
    'portcullis.mcp.tool.response_bytes': call?.response_bytes,
  };
}
