/**
 * Verdicts on MCP tool traffic as exchange findings (`guardrail.tool_call`,
 * `guardrail.tool_result`, `guardrail.tool_description`), naming the tool by its merged name and
 * the rules that stopped it, never the text.
 */
import type { Exchange, McpToolEntry } from '../../core/plugin/index.js';
import type { Verdict } from './service-client.js';
import type { GuardrailsSettings } from './settings.js';
import type { ToolTraffic } from './tool-attributes.js';
import { appliedAction, reasonOf } from './verdict-findings.js';

const BLOCKED: Record<ToolTraffic, string> = { tool_call: 'tool call blocked', tool_result: 'tool result blocked', tool_description: 'tool hidden' };

/** What the client reads when a verdict stops a call or a result: the tool and the rules, no text. */
export function refusalText(traffic: ToolTraffic, tool: McpToolEntry, verdict: Verdict, settings: GuardrailsSettings): string {
  const asked = verdict.status === 'ask' && !settings.allow_ask;
  return `${BLOCKED[traffic]} by guardrails (${tool.name}): ${asked ? 'needs confirmation, ' : ''}${reasonOf(verdict)}`;
}

/** Records the finding a verdict calls for (none for allow). */
export function recordToolVerdict(ctx: Exchange, traffic: ToolTraffic, tool: McpToolEntry, verdict: Verdict, settings: GuardrailsSettings, policyId: string): void {
  const action = appliedAction(verdict, settings);
  if (action === 'allow') return;
  ctx.findings.push({
    plugin: 'guardrails',
    policyId,
    type: `guardrail.${traffic}`,
    action,
    detail: {
      tool: tool.name,
      status: verdict.status,
      ...(verdict.trace_id ? { guardrail_trace_id: verdict.trace_id } : {}),
      ...(action === 'block' ? { reason: refusalText(traffic, tool, verdict, settings) } : {}),
    },
  });
}
