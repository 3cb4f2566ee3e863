import type { CanonicalResponse, Exchange, PluginKit } from '../../core/plugin/index.js';
import type { ToolPolicy } from './name-matcher.js';
import type { ToolGovernanceSettings } from './settings.js';

/** Tool calls in an answer that the policy does not allow. */
export function refusedCalls(response: CanonicalResponse, allowed: ToolPolicy): string[] {
  return response.content.flatMap((p) => (p.type === 'tool_call' && !allowed(p.name) ? [p.name] : []));
}

/**
 * `transformOutput` (`response_action: strip`): removes the calls to tools that are not
 * allowed and records a finding; an answer left without calls finishes as `stop`.
 */
export function stripCalls(kit: PluginKit<ToolGovernanceSettings>, allowed: ToolPolicy, response: CanonicalResponse, ctx: Exchange): CanonicalResponse | undefined {
  if (kit.config(ctx).response_action !== 'strip') return undefined;
  const refused = refusedCalls(response, allowed);
  if (!refused.length) return undefined;
  const content = response.content.filter((p) => p.type !== 'tool_call' || allowed(p.name));
  const callsLeft = content.some((p) => p.type === 'tool_call');
  ctx.findings.push({ plugin: 'tool_governance', policyId: kit.policy.id, type: 'tool_calls_stripped', action: 'transform', detail: { tools: refused } });
  return { ...response, content, finish_reason: !callsLeft && response.finish_reason === 'tool_calls' ? 'stop' : response.finish_reason, native_finish_reason: callsLeft ? response.native_finish_reason : undefined };
}

/** `checkOutput` (`response_action: block`): a call to a tool that is not allowed blocks the answer (403). */
export function checkCalls(kit: PluginKit<ToolGovernanceSettings>, allowed: ToolPolicy, response: CanonicalResponse, ctx: Exchange): void {
  if (kit.config(ctx).response_action !== 'block') return;
  const refused = refusedCalls(response, allowed);
  if (!refused.length) return;
  ctx.findings.push({
    plugin: 'tool_governance',
    policyId: kit.policy.id,
    type: 'tool_call_blocked',
    action: 'block',
    detail: { tools: refused, reason: `the model called ${refused.join(', ')}, not allowed by policy` },
  });
}
