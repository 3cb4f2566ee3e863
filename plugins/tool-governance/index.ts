/**
 * `tool_governance`: allow and deny lists of tool names (`*` patterns) and a cap on the tools a
 * request declares, applied to declared tools (refused before the provider, or stripped) and to
 * the tool calls in answers (blocked, or stripped with a finding; streams are stopped).
 */
import { type CanonicalRequest, type CanonicalResponse, definePlugin, type Exchange, STAGE, type StreamWindow } from '../../core/plugin/index.js';
import { admitTools, stripTools } from './declared-tools.js';
import { compileToolPolicy } from './name-matcher.js';
import { checkCalls, stripCalls } from './response-tools.js';
import type { ToolGovernanceSettings } from './settings.js';
import { guardStream, type StreamGuardState } from './stream-guard.js';

export default definePlugin<ToolGovernanceSettings>({
  kind: 'plugin',
  name: 'tool_governance',
  version: '1.0.0',
  coreApi: '^1.0.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/tool_governance.schema.json',
  category: 'policy',
  stages: ['admit', 'transformInput', 'checkStream', 'transformOutput', 'checkOutput'],
  // Streams are checked call by call as they are relayed, not buffered.
  streamPolicy: 'window',
  description: 'Allow and deny lists of tool names and a cap on declared tools, for requests and for tool calls in answers.',
  setup(hooks, kit) {
    const allowed = compileToolPolicy(kit.config());
    hooks.admit.tapPromise({ name: 'tool_governance', stage: STAGE.TOOLS }, async (ctx: Exchange) => admitTools(kit, allowed, ctx));
    hooks.transformInput.tapPromise({ name: 'tool_governance', stage: STAGE.TOOLS }, async (request: CanonicalRequest, ctx: Exchange) =>
      stripTools(kit, allowed, request, ctx));
    hooks.checkStream.tapPromise({ name: 'tool_governance', stage: STAGE.TOOLS }, async (window: StreamWindow, ctx: Exchange) =>
      guardStream(window, allowed, kit.state<StreamGuardState>(ctx)));
    hooks.transformOutput.tapPromise({ name: 'tool_governance', stage: STAGE.TOOLS }, async (response: CanonicalResponse, ctx: Exchange) =>
      stripCalls(kit, allowed, response, ctx));
    hooks.checkOutput.tapPromise({ name: 'tool_governance', stage: STAGE.TOOLS }, async (response: CanonicalResponse, ctx: Exchange) =>
      checkCalls(kit, allowed, response, ctx));
  },
});
