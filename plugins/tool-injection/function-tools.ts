import type { McpToolEntry, ToolDefinition } from '../../core/plugin/index.js';

/** Which merged names are added (all when the policy sets no `tools`). */
export type ToolFilter = (mergedName: string) => boolean;

/** Arguments schema for a tool that declares none (the canonical model requires one). */
const NO_ARGUMENTS = Object.freeze({ type: 'object', properties: {} });

/** An MCP tool as a chat function tool: the merged name, its description, its input schema as the parameters. */
function asFunctionTool(entry: McpToolEntry): ToolDefinition {
  const { description, inputSchema } = entry.definition as { description?: unknown; inputSchema?: unknown };
  return {
    name: entry.name,
    ...(typeof description === 'string' && description ? { description } : {}),
    parameters: inputSchema && typeof inputSchema === 'object' && !Array.isArray(inputSchema) ? (inputSchema as Record<string, unknown>) : { ...NO_ARGUMENTS },
  };
}

/**
 * A registry's tools as function tools, filtered, made once per tool list: the toolkit hands out
 * the same frozen list until the server's tools change, so a request costs a lookup.
 */
export function functionToolCache(filter: ToolFilter): (entries: readonly McpToolEntry[]) => readonly ToolDefinition[] {
  const made = new WeakMap<readonly McpToolEntry[], readonly ToolDefinition[]>();
  return (entries) => {
    let tools = made.get(entries);
    if (!tools) {
      tools = Object.freeze(entries.filter((e) => filter(e.name)).map(asFunctionTool));
      made.set(entries, tools);
    }
    return tools;
  };
}
