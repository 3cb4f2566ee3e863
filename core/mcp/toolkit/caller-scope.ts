/**
 * Which MCP tools a caller of a consumer may see and call: the consumer's MCP registries (inline),
 * or those of the roles its principal selects (role_based, the same role selection as LLM routes),
 * narrowed by the roles' `tool_sets` (a caller sees the union of its roles' sets; a registry of a
 * role without a tool set for it gives every tool) and the consumer's `tools` (`allow`,
 * `max_tools`). A signed-in user also gets the Store servers they installed (`installed`, from the
 * snapshot): every tool of those, still under the consumer's `tools`. Computed once per consumer
 * view, role selection and set of installed registries.
 */
import { selectedRoles } from '../../proxy/routing/candidates.js';
import type { ConsumerView, Principal, RegistryView } from '../../snapshot/views.js';
import { splitMergedName } from '../tool-names.js';
import type { McpToolEntry } from '../toolkit-types.js';
import { compileAllowList } from './tool-allow-list.js';

export interface CallerScope {
  /** The caller's MCP registries, by slug. */
  readonly registries: readonly RegistryView[];
  /** Whether the caller may see and call `entry` (before `max_tools`). */
  admits(entry: McpToolEntry): boolean;
  /** The same by name only, for a tool of a registry whose list cannot be had now (its name upstream unknown). */
  admitsName(registryId: string, mergedName: string): boolean;
  /** At most this many tools (the first by merged name); undefined: no cap. */
  readonly maxTools?: number;
}

interface RoleToolSet {
  registry_id: string;
  tools?: string[];
}

/** Scopes by consumer view, then by the ids of the selected roles ('' for inline consumers) and of the installed registries. */
const scopes = new WeakMap<ConsumerView, Map<string, CallerScope>>();

/**
 * The scope of `principal` calling `consumer`, with the MCP registries the principal installed
 * from the Store. A role_based caller whose claims select no role sees only what it installed.
 */
export function callerScope(consumer: ConsumerView, principal: Principal | undefined, installed: readonly RegistryView[] = []): CallerScope {
  const roles = consumer.routingMode === 'role_based' ? selectedRoles(consumer, principal) : [];
  const key = installed.length === 0 ? roles.map((r) => r.id).join(',') : `${roles.map((r) => r.id).join(',')}|${installed.map((r) => r.id).join(',')}`;
  let byRoles = scopes.get(consumer);
  if (!byRoles) scopes.set(consumer, (byRoles = new Map()));
  let scope = byRoles.get(key);
  if (scope) return scope;

  const registries = new Map<string, RegistryView>();
  /** Registry id -> the local tool names its roles allow; absent: every tool. */
  const toolSets = new Map<string, Set<string>>();
  const everyTool = new Set<string>();
  if (consumer.routingMode === 'role_based') {
    for (const role of roles) {
      const sets = role.toolSets as readonly RoleToolSet[];
      for (const registry of role.registries) {
        if (registry.type !== 'MCP') continue;
        registries.set(registry.id, registry);
        const tools = sets.find((s) => s.registry_id === registry.id)?.tools;
        if (!tools) {
          everyTool.add(registry.id);
          continue;
        }
        let allowed = toolSets.get(registry.id);
        if (!allowed) toolSets.set(registry.id, (allowed = new Set()));
        for (const tool of tools) allowed.add(tool);
      }
    }
    for (const id of everyTool) toolSets.delete(id);
  } else {
    for (const { registry } of consumer.registries) if (registry.type === 'MCP') registries.set(registry.id, registry);
  }
  // An installed server is the user's own choice: all its tools, whatever a role's tool set says.
  // One whose slug a registry of the scope already uses is left out: merged names stay unique.
  const slugs = new Set([...registries.values()].map((r) => r.slug));
  for (const registry of installed) {
    if (!registries.has(registry.id) && slugs.has(registry.slug)) continue;
    slugs.add(registry.slug);
    registries.set(registry.id, registry);
    toolSets.delete(registry.id);
  }

  const allow = compileAllowList(consumer.record.tools?.allow);
  const admitted = (registryId: string, mergedName: string, upstreamName: string | undefined): boolean => {
    const roleSet = toolSets.get(registryId);
    // A role's tool set names tools by their local name (after aliases) or by their name upstream.
    if (roleSet && !(upstreamName !== undefined && roleSet.has(upstreamName)) && !roleSet.has(splitMergedName(mergedName)?.local ?? '')) return false;
    return allow ? allow(mergedName) : true;
  };
  scope = Object.freeze({
    registries: Object.freeze([...registries.values()].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))),
    maxTools: consumer.record.tools?.max_tools,
    admits(entry: McpToolEntry) {
      return admitted(entry.registry.id, entry.name, entry.upstreamName);
    },
    admitsName(registryId: string, mergedName: string) {
      return admitted(registryId, mergedName, undefined);
    },
  });
  byRoles.set(key, scope);
  return scope;
}
