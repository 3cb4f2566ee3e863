/**
 * `/v1/gateways/{gateway_id}/roles`: list, create (never with `model_policies`), get, update,
 * delete, and idempotent attach/detach of registries. A role's model policies may name only
 * registries attached to the role; detaching a registry drops its policy in the same write.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { COLLECTIONS, type ModelPolicy, type RoleRecord } from '../../records/types.js';
import type { Store } from '../../store/types.js';
import type { AdminDeps } from '../app.js';
import { attachedDeleteOps } from '../consumers/attached-delete.js';
import { existingRegistries } from '../consumers/consumer-input.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { adminSchemaId, readBody, readJsonObject, refuse, validateBody } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { roleView } from '../views/record-views.js';
import { timestamps, writeConfig } from '../write/write-config.js';

interface RoleInput {
  name?: string;
  match?: RoleRecord['match'];
  registries?: string[];
  model_policies?: ModelPolicy[];
  tool_sets?: Array<{ registry_id: string; tools?: string[] }>;
}

/** Registry references of a role must be registries of the gateway; tool sets, MCP ones. */
async function checkRoleReferences(store: Store, gatewayId: string, input: RoleInput): Promise<void> {
  const ids = input.registries ?? [];
  const known = await existingRegistries(store, gatewayId, ids);
  ids.forEach((id, i) => {
    if (!known.has(id)) throw refuse(`/registries/${i} ${id} is not a registry of this gateway`);
  });
  const toolSets = input.tool_sets ?? [];
  if (toolSets.length === 0) return;
  const mcp = new Set((await store.collection(COLLECTIONS.registries).find({ gateway_id: gatewayId, type: 'MCP' }, { projection: { _id: 1 } })).map((r) => r._id));
  toolSets.forEach((set, i) => {
    if (!mcp.has(set.registry_id)) throw refuse(`/tool_sets/${i}/registry_id ${set.registry_id} is not an MCP registry of this gateway`);
  });
}

/** Registers the role routes. */
export function roleRoutes(router: Router, deps: AdminDeps): void {
  const roles = () => deps.store.collection<RoleRecord>(COLLECTIONS.roles);
  const base = '/v1/gateways/:gateway_id/roles';
  const readBack = (id: string) => async () => (await roles().findOne({ _id: id }))!;

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = await listPage(roles(), { gateway_id: gateway._id }, pageRequest(koa), roleView);
  });

  router.post(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const raw = await readJsonObject(koa);
    if ('model_policies' in raw) throw refuse('/model_policies cannot be set when a role is created: attach its registries, then update the role');
    const body = validateBody<RoleInput & { name: string }>(adminSchemaId('role-create'), raw);
    const created = await writeConfig(deps, async () => {
      await checkRoleReferences(deps.store, gateway._id, body);
      const doc: RoleRecord = { _id: randomUUID(), gateway_id: gateway._id, ...body, registries: body.registries ?? [], ...timestamps() };
      return { ops: [{ collection: COLLECTIONS.roles, op: 'insert', doc }], result: doc };
    });
    koa.status = 201;
    koa.body = roleView(created);
  });

  router.get(`${base}/:role_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = roleView(await childOf<RoleRecord>(deps.store, COLLECTIONS.roles, gateway._id, koa.params.role_id));
  });

  router.patch(`${base}/:role_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await childOf(deps.store, COLLECTIONS.roles, gateway._id, koa.params.role_id);
    const body = await readBody<RoleInput>(koa, 'role-update');
    const id = await writeConfig<RoleRecord>(deps, async () => {
      const current = await childOf<RoleRecord>(deps.store, COLLECTIONS.roles, gateway._id, koa.params.role_id);
      await checkRoleReferences(deps.store, gateway._id, body);
      const attached = new Set(body.registries ?? current.registries);
      const set: Record<string, unknown> = { ...body, updated_at: new Date().toISOString() };
      if (body.model_policies) {
        body.model_policies.forEach((policy, i) => {
          if (!attached.has(policy.registry_id)) throw refuse(`/model_policies/${i}/registry_id ${policy.registry_id} is not attached to this role`);
        });
      } else if (body.registries && current.model_policies) {
        // Registries removed by this update take their model policies with them.
        set.model_policies = current.model_policies.filter((p) => attached.has(p.registry_id));
      }
      return { ops: [{ collection: COLLECTIONS.roles, op: 'update', filter: { _id: current._id }, update: { $set: set } }], readBack: readBack(current._id) };
    });
    koa.body = roleView(id);
  });

  router.delete(`${base}/:role_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await writeConfig(deps, async () => {
      const current = await childOf<RoleRecord>(deps.store, COLLECTIONS.roles, gateway._id, koa.params.role_id);
      return { ops: attachedDeleteOps(COLLECTIONS.roles, 'role_ids', gateway._id, current._id), result: undefined };
    });
    koa.status = 204;
  });

  router.put(`${base}/:role_id/registries/:registry_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const id = await writeConfig<RoleRecord>(deps, async () => {
      const role = await childOf<RoleRecord>(deps.store, COLLECTIONS.roles, gateway._id, koa.params.role_id);
      const registryId = koa.params.registry_id;
      await childOf(deps.store, COLLECTIONS.registries, gateway._id, registryId);
      if (role.registries.includes(registryId)) return { ops: [], readBack: readBack(role._id) };
      const update = { $addToSet: { registries: registryId }, $set: { updated_at: new Date().toISOString() } };
      return { ops: [{ collection: COLLECTIONS.roles, op: 'update', filter: { _id: role._id }, update }], readBack: readBack(role._id) };
    });
    koa.body = roleView(id);
  });

  router.delete(`${base}/:role_id/registries/:registry_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const id = await writeConfig<RoleRecord>(deps, async () => {
      const role = await childOf<RoleRecord>(deps.store, COLLECTIONS.roles, gateway._id, koa.params.role_id);
      const registryId = koa.params.registry_id;
      if (!role.registries.includes(registryId)) return { ops: [], readBack: readBack(role._id) };
      const set: Record<string, unknown> = { updated_at: new Date().toISOString() };
      if (role.model_policies) set.model_policies = role.model_policies.filter((p) => p.registry_id !== registryId);
      const update = { $pull: { registries: registryId }, $set: set };
      return { ops: [{ collection: COLLECTIONS.roles, op: 'update', filter: { _id: role._id }, update }], readBack: readBack(role._id) };
    });
    koa.body = roleView(id);
  });
}
