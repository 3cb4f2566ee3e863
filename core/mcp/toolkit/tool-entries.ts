/**
 * A registry's declared tools as toolkit entries: each under its merged name
 * (`{registry_slug}__{tool}`, after the registry's `options.tool_aliases`), its definition passed
 * through unchanged except `name`. A tool whose merged name is invalid or taken by another tool of
 * the same server is left out and logged once (the admin API refuses such a configuration at save,
 * so this only happens when a server changes its tools afterwards).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../../logging/logger.js';
import type { RegistryView } from '../../snapshot/views.js';
import { MERGED_TOOL_NAME, mergedToolName } from '../tool-names.js';
import type { McpToolEntry } from '../toolkit-types.js';

/** Entries by registry view, remade only when the server's list (a new array) changes. */
const memo = new WeakMap<RegistryView, { tools: readonly Tool[]; entries: readonly McpToolEntry[] }>();
/** Conflicts already logged (`registry id:merged name`), so a server's conflict is logged once. */
const logged = new Set<string>();

/** The registry's `options.tool_aliases` (tool -> local name), when it sets them. */
export function toolAliases(registry: RegistryView): Readonly<Record<string, string>> | undefined {
  const aliases = registry.options.tool_aliases;
  return aliases && typeof aliases === 'object' ? (aliases as Record<string, string>) : undefined;
}

/** The entries of `tools`, declared by `registry`'s server, sorted by merged name. */
export function toolEntries(registry: RegistryView, tools: readonly Tool[], log: Logger): readonly McpToolEntry[] {
  const known = memo.get(registry);
  if (known?.tools === tools) return known.entries;
  const aliases = toolAliases(registry);
  const byName = new Map<string, McpToolEntry>();
  for (const tool of tools) {
    const name = mergedToolName(registry.slug, tool.name, aliases);
    const taken = byName.get(name);
    if (!MERGED_TOOL_NAME.test(name) || taken) {
      const key = `${registry.id}:${name}`;
      if (!logged.has(key)) {
        logged.add(key);
        log.warn('MCP tool left out of the toolkit: its merged name is invalid or taken', {
          registry_id: registry.id, tool: tool.name, merged_name: name, ...(taken ? { taken_by: taken.upstreamName } : {}),
        });
      }
      continue;
    }
    byName.set(name, Object.freeze({ name, registry, upstreamName: tool.name, definition: Object.freeze({ ...tool, name }) }));
  }
  const entries = Object.freeze([...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
  memo.set(registry, { tools, entries });
  return entries;
}
