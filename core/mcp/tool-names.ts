/**
 * Merged tool names of the MCP plane: `{registry_slug}__{tool}`, which must match
 * `^[A-Za-z0-9_-]{1,64}$` (clients such as desktop assistants refuse anything else). A registry
 * slug is a DNS label (no `_`), so the first `__` always splits a merged name back into its
 * registry and tool. A tool name with other characters (`.`, `/`, spaces) has each replaced by
 * `_`; two tools of one server that then read alike, or a merged name over 64 characters, are a
 * conflict the admin API refuses when the configuration is saved (a registry's
 * `options.tool_aliases` renames a tool to resolve it).
 */

/** What every merged name must match. */
export const MERGED_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The separator between the registry slug and the tool. */
export const TOOL_NAME_SEPARATOR = '__';

/** The name a client sees for `tool` of the registry `registrySlug` (an alias, when the registry sets one, replaces `tool`). */
export function mergedToolName(registrySlug: string, tool: string, aliases?: Readonly<Record<string, string>>): string {
  const local = aliases?.[tool] ?? tool;
  return `${registrySlug}${TOOL_NAME_SEPARATOR}${local.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The registry slug and the local part of a merged name; undefined for a name without the separator. */
export function splitMergedName(name: string): { registrySlug: string; local: string } | undefined {
  const at = name.indexOf(TOOL_NAME_SEPARATOR);
  if (at <= 0) return undefined;
  return { registrySlug: name.slice(0, at), local: name.slice(at + TOOL_NAME_SEPARATOR.length) };
}

/** A conflict among one registry's merged names: two tools reading alike, or one name too long. */
export interface ToolNameConflict {
  /** `collision` names both tools; `invalid` names the one tool (over 64 characters, or empty). */
  kind: 'collision' | 'invalid';
  tools: string[];
  mergedName: string;
}

/** Every conflict among the merged names of a registry's tools (empty when all are valid and distinct). */
export function toolNameConflicts(registrySlug: string, tools: readonly string[], aliases?: Readonly<Record<string, string>>): ToolNameConflict[] {
  const conflicts: ToolNameConflict[] = [];
  const owner = new Map<string, string>();
  for (const tool of tools) {
    const merged = mergedToolName(registrySlug, tool, aliases);
    if (!MERGED_TOOL_NAME.test(merged)) {
      conflicts.push({ kind: 'invalid', tools: [tool], mergedName: merged });
      continue;
    }
    const first = owner.get(merged);
    if (first !== undefined) conflicts.push({ kind: 'collision', tools: [first, tool], mergedName: merged });
    else owner.set(merged, tool);
  }
  return conflicts;
}
