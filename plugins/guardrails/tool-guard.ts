/**
 * Guardrails on MCP tool traffic. A call is evaluated as `direction: input` before it runs:
 * `block` (and `ask` unless `allow_ask`) refuses it (the client gets an `isError` result naming
 * the tool and the rules), `transform` forwards the masked arguments. A result is evaluated as
 * `direction: output` before the client sees it: `block` replaces it with an `isError` result,
 * `transform` masks its text. A failed evaluation follows `failure_mode` (stage-evaluation.ts).
 */
import type { Exchange, McpToolCall, McpToolResult, PluginKit } from '../../core/plugin/index.js';
import type { GuardrailsSettings } from './settings.js';
import { evaluatePayload } from './stage-evaluation.js';
import { toolEvaluateBody } from './tool-attributes.js';
import { recordToolVerdict, refusalText } from './tool-findings.js';
import { toolCallPayload, toolResultPayload } from './tool-payloads.js';
import { appliedAction } from './verdict-findings.js';

/** `transformToolCall`: the call as it may go upstream (masked), or refused. */
export async function guardToolCall(kit: PluginKit<GuardrailsSettings>, call: McpToolCall, ctx: Exchange): Promise<McpToolCall> {
  if (call.refusal) return call;
  const settings = kit.config(ctx);
  const payload = toolCallPayload(call);
  const { verdict, rewritten } = await evaluatePayload(kit, ctx, call.arguments as Record<string, unknown>, payload, toolEvaluateBody(ctx, 'tool_call', call.tool, payload.body));
  if (!verdict) return call;
  recordToolVerdict(ctx, 'tool_call', call.tool, verdict, settings, kit.policy.id);
  if (appliedAction(verdict, settings) === 'block') return { ...call, refusal: refusalText('tool_call', call.tool, verdict, settings) };
  return rewritten ? { ...call, arguments: rewritten } : call;
}

/** `transformToolResult`: the result as the client may see it (masked), or an `isError` result replacing it. */
export async function guardToolResult(kit: PluginKit<GuardrailsSettings>, outcome: McpToolResult, ctx: Exchange): Promise<McpToolResult> {
  const settings = kit.config(ctx);
  const payload = toolResultPayload(outcome.result);
  const { verdict, rewritten } = await evaluatePayload(kit, ctx, outcome.result, payload, toolEvaluateBody(ctx, 'tool_result', outcome.tool, payload.body));
  if (!verdict) return outcome;
  recordToolVerdict(ctx, 'tool_result', outcome.tool, verdict, settings, kit.policy.id);
  if (appliedAction(verdict, settings) === 'block') {
    return { ...outcome, result: { content: [{ type: 'text', text: refusalText('tool_result', outcome.tool, verdict, settings) }], isError: true } };
  }
  return rewritten ? { ...outcome, result: rewritten } : outcome;
}
