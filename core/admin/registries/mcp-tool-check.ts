/**
 * The save-time check of an MCP registry's merged tool names (`{registry_slug}__{tool}`): the
 * admin API fetches the server's tool list and refuses a configuration whose merged names
 * collide or exceed 64 characters, so a conflict is never first discovered at request time.
 * The fetch happens before the write lock (it is a network call); the names are judged under
 * the lock, against the slug and aliases the write leaves. A server that cannot be asked is no
 * reason to refuse the save (the operator may register it before it runs): the registry is
 * saved and the answer carries a `tools_not_checked` warning.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import { toolNameConflicts, type ToolNameConflict } from '../../mcp/tool-names.js';
import type { AdminDeps } from '../app.js';
import { describeMcpFailure, listAllTools, mcpAuthHeaders, withMcpClient } from './mcp-client.js';
import { registryKey, type RegistryAuthInput } from './registry-input.js';
import type { RegistryRecord } from '../../records/types.js';

/** A note in a create or update answer about a check that could not run. */
export interface SaveWarning {
  code: 'tools_not_checked';
  message: string;
}

/** What fetching the tool list at save found: the tool names, or the error that kept them unknown. */
export type ToolListAtSave = { tools: string[] } | { failed: unknown };

/** The MCP registry's server and credential as the save will leave them. */
export interface McpServerTarget {
  base_url?: string;
  auth?: RegistryAuthInput | RegistryRecord['auth'];
}

/** Fetches the server's tool names with the registry's credential; never throws for an upstream failure. */
export async function fetchToolsForSave(deps: AdminDeps, gatewayId: string, target: McpServerTarget): Promise<ToolListAtSave> {
  // No URL: the registry's own check refuses the write with 422 before anything is saved.
  if (!target.base_url) return { tools: [] };
  const key = await registryKey(deps.store, deps.secretBox, gatewayId, target.auth);
  try {
    const tools = await withMcpClient(target.base_url, mcpAuthHeaders(key, target.auth?.header), deps.egress.dispatcher, listAllTools);
    return { tools: tools.map((tool) => tool.name) };
  } catch (err) {
    deps.log.warn('MCP tool list at save failed; saving without the tool name check', { error: (err as Error).message });
    return { failed: err };
  }
}

/** Conflicts described in the message, and listed in `conflicts`. */
const MAX_NAMED_IN_MESSAGE = 5;
const MAX_LISTED = 100;

const describeConflict = (c: ToolNameConflict) =>
  c.kind === 'collision' ? `tools "${c.tools[0]}" and "${c.tools[1]}" both become "${c.mergedName}"` : `tool "${c.tools[0]}" becomes "${c.mergedName}", which is not 1 to 64 letters, digits, "_" or "-"`;

/**
 * Refuses (422 `tool_name_conflict`) merged names that conflict under the slug and aliases the
 * write leaves; answers the warnings to show when the tools could not be fetched.
 */
export function judgeToolNames(fetched: ToolListAtSave, slug: string, aliases: Readonly<Record<string, string>> | undefined): SaveWarning[] {
  if ('failed' in fetched) {
    const failure = describeMcpFailure(slug, fetched.failed);
    return [{ code: 'tools_not_checked', message: `${failure.message}: saved without checking its merged tool names` }];
  }
  const conflicts = toolNameConflicts(slug, fetched.tools, aliases);
  if (conflicts.length === 0) return [];
  // A server may declare thousands of tools: the answer names a bounded number of conflicts.
  const named = conflicts.slice(0, MAX_NAMED_IN_MESSAGE).map(describeConflict).join('; ');
  const more = conflicts.length > MAX_NAMED_IN_MESSAGE ? ` and ${conflicts.length - MAX_NAMED_IN_MESSAGE} more` : '';
  throw new GatewayError('tool_name_conflict', {
    message: `registry ${slug}: ${named}${more}; rename tools with options.tool_aliases`,
    details: { conflicts: conflicts.slice(0, MAX_LISTED).map((c) => ({ kind: c.kind, tools: c.tools, merged_name: c.mergedName })) },
  });
}
