import type { CanonicalRequest, Exchange, PluginKit, ToolDefinition } from '../../core/plugin/index.js';
import type { McpToolEntry } from '../../core/plugin/index.js';
import { RegistryUnavailable, type RegistryTools } from './registry-tools.js';
import type { ToolInjectionSettings } from './settings.js';

/** What the handler needs besides the kit: the registries' tools and their function form. */
export interface Injection {
  registries: RegistryTools;
  functionTools: (entries: readonly McpToolEntry[]) => readonly ToolDefinition[];
}

/**
 * `transformInput` of chat requests: appends the registries' tools after the client's own, in
 * the settings' order. A name the client (or an earlier registry) already declared keeps its
 * first declaration. A registry that cannot be reached is left out of this request: logged and
 * reported as a `tool_injection.registry_unavailable` finding; the request goes on.
 */
export async function injectTools(kit: PluginKit<ToolInjectionSettings>, injection: Injection, request: CanonicalRequest, ctx: Exchange): Promise<CanonicalRequest | undefined> {
  if (ctx.operation !== 'chat') return undefined;
  const lists = await injection.registries.of(ctx);
  const tools = [...(request.tools ?? [])];
  const declared = new Set(tools.map((t) => t.name));
  for (const list of lists) {
    if (list instanceof RegistryUnavailable) {
      kit.log.warn('tool_injection: MCP registry unavailable; request sent without its tools', { trace_id: ctx.traceId, registry: list.registry, reason: list.message });
      ctx.findings.push({ plugin: 'tool_injection', policyId: kit.policy.id, type: 'tool_injection.registry_unavailable', action: 'report', detail: { registry: list.registry } });
      continue;
    }
    for (const tool of injection.functionTools(list)) {
      if (declared.has(tool.name)) continue;
      declared.add(tool.name);
      tools.push(tool);
    }
  }
  if (tools.length === (request.tools?.length ?? 0)) return undefined;
  return { ...request, tools };
}
