/**
 * A consumer's `tools.allow`: merged names, or a prefix ending in `*` (`jira__*`). Compiled once
 * per consumer view (a view lives as long as its snapshot).
 */

/** Whether a merged name is allowed. */
export type ToolAllowList = (mergedName: string) => boolean;

/** The matcher for `allow`; undefined (no list) allows every name. */
export function compileAllowList(allow: readonly string[] | undefined): ToolAllowList | undefined {
  if (!allow) return undefined;
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const entry of allow) {
    if (entry.endsWith('*')) prefixes.push(entry.slice(0, -1));
    else exact.add(entry);
  }
  return (name) => exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
}
