/**
 * `/v1/gateways/{gateway_id}/registries`: flat (paginated) or grouped listing, create, get,
 * update, delete. Deleting a registry removes it from every consumer and role in the same batch.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS, type RegistryRecord } from '../../records/types.js';
import type { BatchOp, Filter } from '../../store/types.js';
import type { AdminDeps } from '../app.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { groupedRegistries } from '../registries/grouped-list.js';
import { checkRegistry, storedAuth, type RegistryInput } from '../registries/registry-input.js';
import { registryView } from '../views/record-views.js';
import { freeSlug, slugify } from '../write/unique-slug.js';
import { timestamps, writeConfig } from '../write/write-config.js';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Ops that drop every reference to a registry (consumer associations, role grants and policies). */
function registryDetachOps(gatewayId: string, registryId: string): BatchOp[] {
  return [
    {
      collection: COLLECTIONS.consumers, op: 'update', many: true, filter: { gateway_id: gatewayId },
      update: { $pull: { registries: { registry_id: registryId }, model_policies: { registry_id: registryId } } },
    },
    {
      collection: COLLECTIONS.roles, op: 'update', many: true, filter: { gateway_id: gatewayId },
      update: { $pull: { registries: registryId, model_policies: { registry_id: registryId }, tool_sets: { registry_id: registryId } } },
    },
  ];
}

/** Registers the registry routes. */
export function registryRoutes(router: Router, deps: AdminDeps): void {
  const registries = () => deps.store.collection<RegistryRecord>(COLLECTIONS.registries);
  const base = '/v1/gateways/:gateway_id/registries';

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    if (koa.query.view !== undefined) {
      koa.body = await groupedRegistries(deps.store, gateway._id, koa);
      return;
    }
    const filter: Filter = { gateway_id: gateway._id };
    const { type, name } = koa.query;
    if (type !== undefined) {
      if (type !== 'LLM' && type !== 'MCP') throw new GatewayError('validation_failed', { message: '/type must be "LLM" or "MCP"' });
      filter.type = type;
    }
    if (typeof name === 'string' && name !== '') filter.name = { $regex: escapeRegex(name), $options: 'i' };
    koa.body = await listPage(registries(), filter, pageRequest(koa), registryView);
  });

  router.post(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const body = await readBody<RegistryInput & { type: 'LLM' | 'MCP'; provider: string }>(koa, 'registry-create');
    const created = await writeConfig(deps, async () => {
      await checkRegistry(deps.store, gateway._id, body, deps.egress.policy);
      const { auth, ...fields } = body;
      const doc: RegistryRecord = {
        _id: randomUUID(),
        gateway_id: gateway._id,
        ...fields,
        slug: body.slug ?? (await freeSlug(deps.store, COLLECTIONS.registries, gateway._id, slugify(body.name ?? body.provider, 'registry'))),
        ...timestamps(),
      };
      const stored = storedAuth(auth, deps.secretBox);
      if (stored) doc.auth = stored;
      return { ops: [{ collection: COLLECTIONS.registries, op: 'insert', doc }], result: doc };
    });
    koa.status = 201;
    koa.body = registryView(created);
  });

  router.get(`${base}/:registry_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = registryView(await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, koa.params.registry_id));
  });

  router.patch(`${base}/:registry_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await childOf(deps.store, COLLECTIONS.registries, gateway._id, koa.params.registry_id);
    const body = await readBody<RegistryInput>(koa, 'registry-update');
    const id = await writeConfig<RegistryRecord>(deps, async () => {
      const current = await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, koa.params.registry_id);
      const { auth, ...fields } = body;
      // The stored auth is checked as the update leaves it: a new auth replaces the old one whole.
      await checkRegistry(deps.store, gateway._id, {
        type: current.type,
        provider: body.provider ?? current.provider,
        base_url: body.base_url ?? current.base_url,
        auth: auth ?? (current.auth?.credential_id ? { credential_id: current.auth.credential_id } : undefined),
      }, deps.egress.policy);
      const set: Record<string, unknown> = { ...fields, updated_at: new Date().toISOString() };
      if (auth) set.auth = storedAuth(auth, deps.secretBox);
      return { ops: [{ collection: COLLECTIONS.registries, op: 'update', filter: { _id: current._id }, update: { $set: set } }], readBack: async () => (await registries().findOne({ _id: current._id }))! };
    });
    koa.body = registryView(id);
  });

  router.delete(`${base}/:registry_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await writeConfig(deps, async () => {
      const current = await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, koa.params.registry_id);
      return {
        ops: [...registryDetachOps(gateway._id, current._id), { collection: COLLECTIONS.registries, op: 'delete', filter: { _id: current._id } }],
        result: undefined,
      };
    });
    koa.status = 204;
  });
}
