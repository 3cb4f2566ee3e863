import type { CanonicalRequest, Exchange, PluginKit, Rejection } from '../../core/plugin/index.js';
import type { ToolPolicy } from './name-matcher.js';
import type { ToolGovernanceSettings } from './settings.js';

/** Declared tools the policy does not allow. */
export function refusedTools(request: CanonicalRequest, allowed: ToolPolicy): string[] {
  return (request.tools ?? []).map((t) => t.name).filter((name) => !allowed(name));
}

/**
 * `admit`: a request declaring more than `max_tools` tools is refused with 400; with
 * `declared_action: block`, one declaring a tool that is not allowed is refused with 403
 * naming it. Both before any provider is called.
 */
export function admitTools(kit: PluginKit<ToolGovernanceSettings>, allowed: ToolPolicy, ctx: Exchange): Rejection | undefined {
  const settings = kit.config(ctx);
  const request = ctx.request;
  if (!request?.tools?.length) return undefined;
  if (settings.max_tools !== undefined && request.tools.length > settings.max_tools) {
    return kit.reject('invalid_request', {
      message: `the request declares ${request.tools.length} tools; at most ${settings.max_tools} are allowed (tool_governance max_tools)`,
      param: 'tools',
    });
  }
  if (settings.declared_action === 'block') {
    const refused = refusedTools(request, allowed);
    if (refused.length) return kit.reject('forbidden', { message: `tools not allowed by policy: ${refused.join(', ')}`, param: 'tools' });
  }
  return undefined;
}

/**
 * `transformInput` (`declared_action: strip`): removes the tools that are not allowed, records
 * a finding naming them, and drops a `tool_choice` that pointed at one (no tools left: no
 * choice either).
 */
export function stripTools(kit: PluginKit<ToolGovernanceSettings>, allowed: ToolPolicy, request: CanonicalRequest, ctx: Exchange): CanonicalRequest | undefined {
  if (kit.config(ctx).declared_action !== 'strip' || !request.tools?.length) return undefined;
  const refused = refusedTools(request, allowed);
  if (!refused.length) return undefined;
  const tools = request.tools.filter((t) => allowed(t.name));
  const next: CanonicalRequest = { ...request, tools: tools.length ? tools : undefined };
  const choice = request.tool_choice;
  if (!tools.length || (choice?.type === 'tool' && !allowed(choice.name))) delete next.tool_choice;
  if (!tools.length) delete next.parallel_tool_calls;
  ctx.findings.push({ plugin: 'tool_governance', policyId: kit.policy.id, type: 'tools_stripped', action: 'transform', detail: { tools: refused } });
  return next;
}
