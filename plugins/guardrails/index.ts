/**
 * `guardrails`: the gateway as a collector of its own guardrail service. Each guarded stage of
 * a chat exchange is evaluated once through `POST /v1/evaluate` with the policy's `tgk_` key:
 * input in transformInput (which applies a transform, so the upstream receives the masked
 * request) and checkInput (which enforces the verdict); output of buffered answers in
 * transformOutput and checkOutput; streamed answers in checkStream, in windows that can stop the stream.
 * On the MCP plane: tool calls in transformToolCall (input), tool results in transformToolResult
 * (output), and tool declarations in filterTools (tool poisoning), see tool-guard.ts and
 * tool-descriptions.ts.
 */
import {
  type CanonicalRequest,
  type CanonicalResponse,
  definePlugin,
  type Exchange,
  type McpToolCall,
  type McpToolEntry,
  type McpToolResult,
  type PluginKit,
  STAGE,
  type StreamWindow,
} from '../../core/plugin/index.js';
import { requestPayload } from './request-payload.js';
import { responsePayload } from './response-payload.js';
import { SCHEMA_ID, type GuardrailsSettings } from './settings.js';
import { evaluateStage, type StageResult } from './stage-evaluation.js';
import { checkStreamWindow, type WindowProgress } from './stream-window.js';
import { DescriptionScreen } from './tool-descriptions.js';
import { guardToolCall, guardToolResult } from './tool-guard.js';
import { recordVerdict } from './verdict-findings.js';

interface GuardState {
  input?: Promise<StageResult<CanonicalRequest>>;
  output?: Promise<StageResult<CanonicalResponse>>;
  stream?: WindowProgress;
}

const NAME = 'guardrails';

function inputStage(kit: PluginKit<GuardrailsSettings>, ctx: Exchange, request: CanonicalRequest) {
  const state = kit.state<GuardState>(ctx);
  state.input ??= evaluateStage(kit, ctx, 'input', request, requestPayload(request), request.model);
  return state.input;
}

function outputStage(kit: PluginKit<GuardrailsSettings>, ctx: Exchange, response: CanonicalResponse) {
  const state = kit.state<GuardState>(ctx);
  const model = response.model || ctx.attempts[ctx.attempts.length - 1]?.model;
  state.output ??= evaluateStage(kit, ctx, 'output', response, responsePayload(response, model ?? ''), model);
  return state.output;
}

export default definePlugin<GuardrailsSettings>({
  kind: 'plugin',
  name: NAME,
  version: '1.0.0',
  coreApi: '^1.2.0',
  schemaId: SCHEMA_ID,
  category: 'guardrail',
  stages: ['transformInput', 'checkInput', 'checkStream', 'transformOutput', 'checkOutput', 'filterTools', 'transformToolCall', 'transformToolResult'],
  failureMode: 'closed',
  // The vault credential holding the collector key must exist when the policy is written.
  references: [{ pointer: '/key/credential_id', kind: 'vault_credential' }],
  streamPolicy: 'window',
  description: 'Evaluates chat input and output, and MCP tool calls, results and declarations, with the guardrail service and applies its verdict: block, ask, transform, report.',
  setup(hooks, kit) {
    const guards = (ctx: Exchange, direction: 'input' | 'output') => kit.config(ctx).directions.includes(direction);
    const options = { name: NAME, stage: STAGE.GUARDRAIL };

    hooks.transformInput.tapPromise(options, async (request: CanonicalRequest, ctx: Exchange) => {
      if (!guards(ctx, 'input')) return request;
      return (await inputStage(kit, ctx, request)).rewritten ?? request;
    });
    hooks.checkInput.tapPromise(options, async (request: CanonicalRequest, ctx: Exchange) => {
      if (!guards(ctx, 'input')) return;
      const { verdict } = await inputStage(kit, ctx, request);
      if (verdict) recordVerdict(ctx, verdict, kit.config(ctx), kit.policy.id, 'input');
    });
    hooks.checkStream.tapPromise(options, async (window: StreamWindow, ctx: Exchange) => {
      if (!guards(ctx, 'output')) return undefined;
      const state = kit.state<GuardState>(ctx);
      return checkStreamWindow(kit, ctx, window, (state.stream ??= { checked: 0, checkedWhole: true }));
    });
    hooks.transformOutput.tapPromise(options, async (response: CanonicalResponse, ctx: Exchange) => {
      if (!guards(ctx, 'output')) return response;
      return (await outputStage(kit, ctx, response)).rewritten ?? response;
    });
    hooks.checkOutput.tapPromise(options, async (response: CanonicalResponse, ctx: Exchange) => {
      if (!guards(ctx, 'output')) return;
      const { verdict } = await outputStage(kit, ctx, response);
      if (verdict) recordVerdict(ctx, verdict, kit.config(ctx), kit.policy.id, 'output');
    });

    // The MCP plane: declarations when the toolkit is listed, calls before they run, results before the client sees them.
    const descriptions = new DescriptionScreen(kit);
    hooks.filterTools.tapPromise(options, async (tools: McpToolEntry[], ctx: Exchange) =>
      kit.config(ctx).scan_tool_descriptions ? descriptions.filter(tools, ctx) : tools);
    hooks.transformToolCall.tapPromise(options, async (call: McpToolCall, ctx: Exchange) => (guards(ctx, 'input') ? guardToolCall(kit, call, ctx) : call));
    hooks.transformToolResult.tapPromise(options, async (result: McpToolResult, ctx: Exchange) => (guards(ctx, 'output') ? guardToolResult(kit, result, ctx) : result));
  },
});
