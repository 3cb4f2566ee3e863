/**
 * The evaluate body of MCP tool traffic (`protocol: mcp`): the payload, the consumer, the session,
 * and the attributes gates can match: `tool.name` (the tool's own name on its server),
 * `tool.merged_name` (`{registry_slug}__{tool}`, the name the client sees), `tool.registry` (the
 * registry's slug), `mcp.method` (`tools/call` or `tools/list`), `collector.type: gateway` and
 * `source.application: portcullis`.
 */
import type { Exchange, McpToolEntry } from '../../core/plugin/index.js';
import { sessionOf } from './evaluation-fields.js';
import type { EvaluateBody } from './service-client.js';

/** What is evaluated: a call's arguments, its result, or the tool's declaration in a list. */
export type ToolTraffic = 'tool_call' | 'tool_result' | 'tool_description';

const METHOD: Record<ToolTraffic, string> = { tool_call: 'tools/call', tool_result: 'tools/call', tool_description: 'tools/list' };
const DIRECTION: Record<ToolTraffic, 'input' | 'output'> = { tool_call: 'input', tool_result: 'output', tool_description: 'output' };

/**
 * The evaluate body for `traffic` of `tool`, in the caller's session. Calls and results are
 * attributed to the consumer; a declaration is the server's, the same for every caller (its
 * verdict is shared), so it carries no consumer.
 */
export function toolEvaluateBody(ctx: Exchange, traffic: ToolTraffic, tool: McpToolEntry, payload: Record<string, unknown>): EvaluateBody {
  const attributes: Record<string, unknown> = {
    'source.application': 'portcullis',
    'collector.type': 'gateway',
    'tool.name': tool.upstreamName,
    'tool.merged_name': tool.name,
    'tool.registry': tool.registry.slug,
    'mcp.method': METHOD[traffic],
  };
  const perCaller = traffic !== 'tool_description';
  if (perCaller && ctx.consumer?.tags.length) attributes['consumer.tag'] = [...ctx.consumer.tags];
  return {
    protocol: 'mcp',
    direction: DIRECTION[traffic],
    payload,
    ...(perCaller && ctx.consumer ? { consumer_id: ctx.consumer.id } : {}),
    session_id: sessionOf(ctx),
    attributes,
  };
}
