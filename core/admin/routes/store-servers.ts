/**
 * `/v1/gateways/{gateway_id}/store/servers`: the gateway's Store catalog, kept as data. Create,
 * list, get, update and delete by `code`. A server is installed from its `base_url` or as one of
 * its `instances` (MCP registries of the gateway, checked on save), so it needs one of them; its
 * `config_schema` must compile (its `x-header` names checked); `requires_auth` needs instances
 * whose registries sign each user in (`auth.oauth`). Deleting a server uninstalls it for everyone and drops its open
 * approval requests, in the same batch; taking an instance off a server uninstalls it for the
 * users who chose it.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { COLLECTIONS, type RegistryRecord } from '../../records/types.js';
import type { Store } from '../../store/types.js';
import { compileConfigSchema } from '../../store-installer/config-schema.js';
import { checkConfigHeaderNames } from '../../store-installer/config-headers.js';
import { serverByCode } from '../../store-installer/installer.js';
import { ensureStoreCollections, STORE_COLLECTIONS, type StoreInstance, type StoreServerRecord } from '../../store-installer/records.js';
import { storeServerView } from '../../store-installer/views.js';
import type { AdminDeps } from '../app.js';
import { GATEWAY_CHILD_COLLECTIONS } from '../gateways/gateway-cascade.js';
import { refuseEgress } from '../http/egress-field.js';
import { gatewayInScope } from '../http/gateway-scope.js';
import { readBody, refuse } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { timestamps, writeConfig } from '../write/write-config.js';

/** The writable fields of a Store server. */
interface ServerInput {
  code?: string;
  name?: string;
  description?: string;
  base_url?: string;
  requires_config?: boolean;
  config_schema?: Record<string, unknown>;
  requires_auth?: boolean;
  requires_admin_setup?: boolean;
  instances?: StoreInstance[];
}

/** 422 naming the field when a server as a write leaves it cannot be installed or points at nothing. */
async function checkServer(deps: AdminDeps, gatewayId: string, server: ServerInput): Promise<void> {
  const instances: StoreInstance[] = server.instances ?? [];
  if (server.base_url === undefined && instances.length === 0) throw refuse('/base_url or /instances is required (a server is installed from one of them)');
  refuseEgress(deps.egress.policy, '/base_url', server.base_url);
  // Installed from base_url, the code is the slug of its merged tool names: it must not be a registry's.
  if (instances.length === 0 && server.code !== undefined) {
    const clash = await deps.store.collection<RegistryRecord>(COLLECTIONS.registries).findOne({ gateway_id: gatewayId, slug: server.code });
    if (clash) throw refuse(`/code ${server.code} is the slug of a registry of this gateway; a server installed from base_url needs its own`);
  }
  if (server.config_schema !== undefined) {
    compileConfigSchema(server.config_schema);
    checkConfigHeaderNames(server.config_schema);
  }
  const ids = new Set<string>();
  for (const [i, instance] of instances.entries()) {
    if (ids.has(instance.registry_id)) throw refuse(`/instances/${i}/registry_id ${instance.registry_id} is listed twice`);
    ids.add(instance.registry_id);
    const registry = await mcpRegistry(deps.store, gatewayId, instance.registry_id, `/instances/${i}/registry_id`);
    // The user signs in through the instance's registry (per-user upstream OAuth): it must have somewhere to sign in.
    if (server.requires_auth && !registry.auth?.oauth) throw refuse(`/instances/${i}/registry_id ${instance.registry_id} has no auth.oauth, so its users cannot sign in (requires_auth)`);
  }
  if (server.requires_auth && instances.length === 0) throw refuse('/requires_auth needs instances: each user signs in through an instance\'s MCP registry with auth.oauth');
}

/** The MCP registry `registryId` of the gateway, or 422 naming `field`. */
async function mcpRegistry(store: Store, gatewayId: string, registryId: string, field: string): Promise<RegistryRecord> {
  const registry = await store.collection<RegistryRecord>(COLLECTIONS.registries).findOne({ _id: registryId, gateway_id: gatewayId });
  if (!registry || registry.type !== 'MCP') throw refuse(`${field} ${registryId} is not an MCP registry of this gateway`);
  return registry;
}

// Deleting a gateway deletes its Store: servers, access rules, installs and approval requests.
for (const collection of Object.values(STORE_COLLECTIONS)) {
  if (!GATEWAY_CHILD_COLLECTIONS.includes(collection)) GATEWAY_CHILD_COLLECTIONS.push(collection);
}

/** Registers the Store server routes. */
export function storeServerRoutes(router: Router, deps: AdminDeps): void {
  const base = '/v1/gateways/:gateway_id/store/servers';
  const servers = () => deps.store.collection<StoreServerRecord>(STORE_COLLECTIONS.servers);

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await ensureStoreCollections(deps.store);
    koa.body = await listPage(servers(), { gateway_id: gateway._id }, pageRequest(koa), storeServerView);
  });

  router.post(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const body = await readBody<ServerInput & { code: string; name: string }>(koa, 'store-server-create');
    await ensureStoreCollections(deps.store);
    const created = await writeConfig(deps, async () => {
      await checkServer(deps, gateway._id, body);
      const doc: StoreServerRecord = {
        requires_config: false, requires_auth: false, requires_admin_setup: false, instances: [],
        ...body, _id: randomUUID(), gateway_id: gateway._id, ...timestamps(),
      };
      return { ops: [{ collection: STORE_COLLECTIONS.servers, op: 'insert', doc }], result: doc };
    });
    koa.status = 201;
    koa.body = storeServerView(created);
  });

  router.get(`${base}/:code`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await ensureStoreCollections(deps.store);
    koa.body = storeServerView(await serverByCode(deps.store, gateway._id, koa.params.code));
  });

  router.patch(`${base}/:code`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const body = await readBody<ServerInput>(koa, 'store-server-update');
    await ensureStoreCollections(deps.store);
    const updated = await writeConfig(deps, async () => {
      const current = await serverByCode(deps.store, gateway._id, koa.params.code);
      const next: StoreServerRecord = { ...current, ...body, updated_at: new Date().toISOString() };
      await checkServer(deps, gateway._id, next);
      // An instance taken off the server is uninstalled for the users who chose it, in the same batch.
      const kept = next.instances.map((i) => i.registry_id);
      return {
        ops: [
          { collection: STORE_COLLECTIONS.servers, op: 'replace', filter: { _id: current._id }, doc: next },
          { collection: STORE_COLLECTIONS.installs, op: 'delete', many: true, filter: { gateway_id: gateway._id, server_id: current._id, instance_id: { $exists: true, $nin: kept } } },
        ],
        result: next,
      };
    });
    koa.body = storeServerView(updated);
  });

  router.delete(`${base}/:code`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await ensureStoreCollections(deps.store);
    await writeConfig(deps, async () => {
      const current = await serverByCode(deps.store, gateway._id, koa.params.code);
      return {
        ops: [
          { collection: STORE_COLLECTIONS.installs, op: 'delete', many: true, filter: { gateway_id: gateway._id, server_id: current._id } },
          { collection: STORE_COLLECTIONS.approvals, op: 'delete', many: true, filter: { gateway_id: gateway._id, server_id: current._id, status: 'pending' } },
          { collection: STORE_COLLECTIONS.servers, op: 'delete', filter: { _id: current._id } },
        ],
        result: undefined,
      };
    });
    koa.status = 204;
  });
}
