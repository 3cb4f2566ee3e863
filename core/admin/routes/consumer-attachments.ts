/**
 * Attach and detach a consumer's auths, policies, registries (with an optional weight) and
 * roles. Both directions are idempotent: attaching twice leaves one association, detaching an
 * absent one succeeds. Roles attach only to role_based consumers (409 otherwise).
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS, type ConsumerRecord } from '../../records/types.js';
import type { BatchOp } from '../../store/types.js';
import type { AdminDeps } from '../app.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { consumerView } from '../views/record-views.js';
import { writeConfig } from '../write/write-config.js';

/** Id-list associations: path segment, the consumer field holding the ids, the target collection. */
const ID_LISTS = [
  { segment: 'auths', param: 'auth_id', field: 'auth_ids', collection: COLLECTIONS.auths },
  { segment: 'policies', param: 'policy_id', field: 'policy_ids', collection: COLLECTIONS.policies },
  { segment: 'roles', param: 'role_id', field: 'role_ids', collection: COLLECTIONS.roles },
] as const;

/** Registers the consumer attach/detach routes. */
export function consumerAttachmentRoutes(router: Router, deps: AdminDeps): void {
  const base = '/v1/gateways/:gateway_id/consumers/:consumer_id';

  /** Plans one association change under the write lock and answers with the consumer. */
  async function change(koa: Koa.Context, plan: (gatewayId: string, consumer: ConsumerRecord) => Promise<BatchOp[]>): Promise<void> {
    const gateway = await gatewayInScope(deps.store, koa);
    const id = await writeConfig<ConsumerRecord>(deps, async () => {
      const consumer = await childOf<ConsumerRecord>(deps.store, COLLECTIONS.consumers, gateway._id, koa.params.consumer_id);
      return { ops: await plan(gateway._id, consumer), readBack: async () => (await deps.store.collection<ConsumerRecord>(COLLECTIONS.consumers).findOne({ _id: consumer._id }))! };
    });
    koa.body = consumerView(id);
  }

  const touch = () => ({ updated_at: new Date().toISOString() });

  for (const list of ID_LISTS) {
    router.put(`${base}/${list.segment}/:${list.param}`, (koa) =>
      change(koa, async (gatewayId, consumer) => {
        const targetId = koa.params[list.param];
        await childOf(deps.store, list.collection, gatewayId, targetId);
        if (list.segment === 'roles' && consumer.routing_mode !== 'role_based') {
          throw new GatewayError('conflict', { message: `consumer ${consumer.slug} routes inline; roles attach only to role_based consumers` });
        }
        if ((consumer[list.field] as string[]).includes(targetId)) return [];
        return [{ collection: COLLECTIONS.consumers, op: 'update', filter: { _id: consumer._id }, update: { $addToSet: { [list.field]: targetId }, $set: touch() } }];
      }),
    );
    router.delete(`${base}/${list.segment}/:${list.param}`, (koa) =>
      change(koa, async (_gatewayId, consumer) => {
        const targetId = koa.params[list.param];
        if (!(consumer[list.field] as string[]).includes(targetId)) return [];
        return [{ collection: COLLECTIONS.consumers, op: 'update', filter: { _id: consumer._id }, update: { $pull: { [list.field]: targetId }, $set: touch() } }];
      }),
    );
  }

  router.put(`${base}/registries/:registry_id`, async (koa) => {
    const body = await readBody<{ weight?: number }>(koa, 'registry-attach');
    await change(koa, async (gatewayId, consumer) => {
      const registryId = koa.params.registry_id;
      await childOf(deps.store, COLLECTIONS.registries, gatewayId, registryId);
      const current = consumer.registries.find((a) => a.registry_id === registryId);
      if (current && (body.weight === undefined || current.weight === body.weight)) return [];
      const registries = current
        ? consumer.registries.map((a) => (a.registry_id === registryId ? { ...a, weight: body.weight } : a))
        : [...consumer.registries, { registry_id: registryId, weight: body.weight ?? 1 }];
      return [{ collection: COLLECTIONS.consumers, op: 'update', filter: { _id: consumer._id }, update: { $set: { registries, ...touch() } } }];
    });
  });

  router.delete(`${base}/registries/:registry_id`, (koa) =>
    change(koa, async (_gatewayId, consumer) => {
      const registryId = koa.params.registry_id;
      if (!consumer.registries.some((a) => a.registry_id === registryId)) return [];
      return [{ collection: COLLECTIONS.consumers, op: 'update', filter: { _id: consumer._id }, update: { $pull: { registries: { registry_id: registryId } }, $set: touch() } }];
    }),
  );
}
