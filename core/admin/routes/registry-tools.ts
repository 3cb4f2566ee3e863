/**
 * `GET /v1/gateways/{gateway_id}/registries/{registry_id}/tools`: an MCP registry's tools as
 * the server declares them; 502 when the server cannot be reached or answers with an error
 * (`upstream_unreachable`), refuses the gateway's credential (`upstream_auth_failed`), or when
 * the egress policy refuses its address (`egress_refused`).
 */
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS, type RegistryRecord } from '../../records/types.js';
import type { AdminDeps } from '../app.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { describeMcpFailure, listAllTools, mcpAuthHeaders, withMcpClient } from '../registries/mcp-client.js';
import { registryKey } from '../registries/registry-input.js';

/** Registers the MCP registry tool-list route. */
export function registryToolRoutes(router: Router, deps: AdminDeps): void {
  router.get('/v1/gateways/:gateway_id/registries/:registry_id/tools', async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const record = await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, koa.params.registry_id);
    if (record.type !== 'MCP') throw new GatewayError('conflict', { message: `registry ${record.slug} is an LLM registry; only MCP registries have tools` });
    const key = await registryKey(deps.store, deps.secretBox, gateway._id, record.auth);
    try {
      const tools = await withMcpClient(record.base_url!, mcpAuthHeaders(key, record.auth?.header), deps.egress.dispatcher, listAllTools);
      koa.body = { tools };
    } catch (err) {
      const failure = describeMcpFailure(record.slug, err);
      // The egress refusal keeps its registry message (it names no address).
      if (failure.code === 'egress_refused') throw new GatewayError('egress_refused', { cause: err });
      deps.log.warn('MCP tool list failed', { registry_id: record._id, error: (err as Error).message });
      throw new GatewayError(failure.code, { message: failure.message, source: 'upstream', cause: err });
    }
  });
}
