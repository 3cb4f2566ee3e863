/**
 * `kit.mcpTools`: the declared tools of the MCP registries of a policy's gateway, from the
 * process's upstream cache (core/mcp/upstream/upstream-pool.ts), with merged names.
 */
import type { Logger } from '../../logging/logger.js';
import type { RegistryView } from '../../snapshot/views.js';
import type { McpUpstreams } from '../upstream/upstream-pool.js';
import type { McpToolService } from '../toolkit-types.js';
import { toolEntries } from './tool-entries.js';

/** The service for a policy of gateway `gatewayId` over a snapshot's registries (named by id or slug); without `upstreams` every lookup rejects. */
export function mcpToolService(registries: ReadonlyMap<string, RegistryView>, gatewayId: string, upstreams: McpUpstreams | undefined, log: Logger): McpToolService {
  const find = (reference: string): RegistryView | undefined => {
    const byId = registries.get(reference);
    if (byId?.gatewayId === gatewayId) return byId;
    for (const registry of registries.values()) if (registry.gatewayId === gatewayId && registry.slug === reference) return registry;
    return undefined;
  };
  return {
    async toolsOf(registryId) {
      const registry = find(registryId);
      if (!registry) throw new Error(`no registry ${registryId} in this gateway`);
      if (registry.type !== 'MCP') throw new Error(`registry ${registry.slug} is not an MCP registry`);
      if (!upstreams) throw new Error('the MCP plane is not running in this process');
      return toolEntries(registry, await upstreams.tools(registry), log);
    },
  };
}

/** A service for tests without upstreams: every lookup rejects with a clear error. */
export const noMcpTools: McpToolService = {
  toolsOf: (registryId) => Promise.reject(new Error(`kit.mcpTools is not configured in this test kit (asked for registry ${registryId}); pass the mcpTools option`)),
};
