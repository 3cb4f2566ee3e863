/**
 * Guardrails on MCP tool traffic. A call is evaluated as `direction: input` before it runs:
 * `block` (and `ask` unless `allow_ask`) refuses it (the client gets an `isError` result naming
 * the tool and the rules), `transform` forwards the masked arguments. A result is evaluated as
 * `direction: output` before the client sees it: `block` replaces it with an `isError` result,
 * `transform` masks its text. A failed evaluation follows `failure_mode` (stage-evaluation.ts).
 */
import type { Exchange, McpToolCall, McpToolEntry, McpToolResult, PluginKit } from '../../core/plugin/index.js';
import type { GuardrailsSettings } from './settings.js';
import { evaluatePayload, failedEvaluation, type StagePayload, type StageResult } from './stage-evaluation.js';
import { UnappliablePayload } from './text-slots.js';
import { toolEvaluateBody, type ToolTraffic } from './tool-attributes.js';
import { recordToolVerdict, refusalText } from './tool-findings.js';
import { toolCallPayload, toolResultPayload } from './tool-payloads.js';
import { appliedAction } from './verdict-findings.js';

/** Builds the payload of `traffic` and evaluates it; a payload that cannot be built follows `failure_mode` as a failed evaluation. */
async function evaluateTool<T>(kit: PluginKit<GuardrailsSettings>, ctx: Exchange, traffic: ToolTraffic, tool: McpToolEntry, original: T, build: () => StagePayload<T>): Promise<StageResult<T>> {
  let payload: StagePayload<T>;
  try {
    payload = build();
  } catch (err) {
    if (!(err instanceof UnappliablePayload)) throw err;
    return failedEvaluation(kit, ctx, traffic === 'tool_call' ? 'input' : 'output', err);
  }
  return evaluatePayload(kit, ctx, original, payload, toolEvaluateBody(ctx, traffic, tool, payload.body));
}

/** `transformToolCall`: the call as it may go upstream (masked), or refused. */
export async function guardToolCall(kit: PluginKit<GuardrailsSettings>, call: McpToolCall, ctx: Exchange): Promise<McpToolCall> {
  if (call.refusal) return call;
  const settings = kit.config(ctx);
  const { verdict, rewritten } = await evaluateTool(kit, ctx, 'tool_call', call.tool, call.arguments as Record<string, unknown>, () => toolCallPayload(call));
  if (!verdict) return call;
  recordToolVerdict(ctx, 'tool_call', call.tool, verdict, settings, kit.policy.id);
  if (appliedAction(verdict, settings) === 'block') return { ...call, refusal: refusalText('tool_call', call.tool, verdict, settings) };
  return rewritten ? { ...call, arguments: rewritten } : call;
}

/** `transformToolResult`: the result as the client may see it (masked), or an `isError` result replacing it. */
export async function guardToolResult(kit: PluginKit<GuardrailsSettings>, outcome: McpToolResult, ctx: Exchange): Promise<McpToolResult> {
  const settings = kit.config(ctx);
  const { verdict, rewritten } = await evaluateTool(kit, ctx, 'tool_result', outcome.tool, outcome.result, () => toolResultPayload(outcome.result));
  if (!verdict) return outcome;
  recordToolVerdict(ctx, 'tool_result', outcome.tool, verdict, settings, kit.policy.id);
  if (appliedAction(verdict, settings) === 'block') {
    return { ...outcome, result: { content: [{ type: 'text', text: refusalText('tool_result', outcome.tool, verdict, settings) }], isError: true } };
  }
  return rewritten ? { ...outcome, result: rewritten } : outcome;
}
