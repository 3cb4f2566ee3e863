/**
 * `tool_rate_limiter`: MCP tool calls per window, per consumer and tool (merged name), with
 * per-tool overrides by `*` pattern. Counted in the gateway's CounterStore (local, or shared by
 * every data plane through Redis or MongoDB) with the rate_limiter's window algorithms. A call
 * over a limit becomes an `isError` result naming the tool and the retry time; LLM traffic is
 * not counted (the plugin taps no LLM hook).
 */
import { definePlugin, type Exchange, type McpToolCall, STAGE } from '../../core/plugin/index.js';
import { admitToolCall } from './handler.js';
import type { ToolRateLimiterSettings } from './settings.js';
import { compileToolLimits } from './tool-limits.js';

export default definePlugin<ToolRateLimiterSettings>({
  kind: 'plugin',
  name: 'tool_rate_limiter',
  version: '1.0.0',
  coreApi: '^1.2.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/tool_rate_limiter.schema.json',
  category: 'policy',
  stages: ['admitToolCall'],
  description: 'MCP tool calls per window per consumer and tool, with per-tool overrides; a limited call is an isError result naming the retry time.',
  setup(hooks, kit) {
    const limitsOf = compileToolLimits(kit.config());
    hooks.admitToolCall.tapPromise({ name: 'tool_rate_limiter', stage: STAGE.RATE }, async (call: McpToolCall, ctx: Exchange) => admitToolCall(kit, limitsOf, call, ctx));
  },
});
