/**
 * `/v1/gateways/{gateway_id}/consumers`: list, create, get, update, delete. An update's
 * `registries` replaces the whole association set in one atomic write.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS, type ConsumerRecord } from '../../records/types.js';
import type { AdminDeps } from '../app.js';
import { checkConsumer, type ConsumerInput } from '../consumers/consumer-input.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { consumerView } from '../views/record-views.js';
import { timestamps, writeConfig } from '../write/write-config.js';

/** Registers the consumer routes. */
export function consumerRoutes(router: Router, deps: AdminDeps): void {
  const consumers = () => deps.store.collection<ConsumerRecord>(COLLECTIONS.consumers);
  const base = '/v1/gateways/:gateway_id/consumers';

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = await listPage(consumers(), { gateway_id: gateway._id }, pageRequest(koa), consumerView);
  });

  router.post(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const body = await readBody<ConsumerInput & { slug: string }>(koa, 'consumer-create');
    const created = await writeConfig(deps, async () => {
      await checkConsumer(deps.store, gateway._id, body);
      const doc: ConsumerRecord = {
        _id: randomUUID(),
        gateway_id: gateway._id,
        routing_mode: 'inline',
        ...body,
        registries: body.registries ?? [],
        auth_ids: [],
        policy_ids: [],
        role_ids: [],
        ...timestamps(),
      };
      return { ops: [{ collection: COLLECTIONS.consumers, op: 'insert', doc }], result: doc };
    });
    koa.status = 201;
    koa.body = consumerView(created);
  });

  router.get(`${base}/:consumer_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = consumerView(await childOf<ConsumerRecord>(deps.store, COLLECTIONS.consumers, gateway._id, koa.params.consumer_id));
  });

  router.patch(`${base}/:consumer_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await childOf(deps.store, COLLECTIONS.consumers, gateway._id, koa.params.consumer_id);
    const body = await readBody<ConsumerInput>(koa, 'consumer-update');
    const id = await writeConfig<ConsumerRecord>(deps, async () => {
      const current = await childOf<ConsumerRecord>(deps.store, COLLECTIONS.consumers, gateway._id, koa.params.consumer_id);
      await checkConsumer(deps.store, gateway._id, body, current);
      if (body.routing_mode === 'inline' && current.role_ids.length > 0) {
        throw new GatewayError('conflict', { message: 'detach the roles of this consumer before switching it to inline routing' });
      }
      // One $set of the fields given: `registries` lands as a whole set, never merged with another write.
      const update = { $set: { ...body, updated_at: new Date().toISOString() } };
      return { ops: [{ collection: COLLECTIONS.consumers, op: 'update', filter: { _id: current._id }, update }], readBack: async () => (await consumers().findOne({ _id: current._id }))! };
    });
    koa.body = consumerView(id);
  });

  router.delete(`${base}/:consumer_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await writeConfig(deps, async () => {
      const current = await childOf<ConsumerRecord>(deps.store, COLLECTIONS.consumers, gateway._id, koa.params.consumer_id);
      return { ops: [{ collection: COLLECTIONS.consumers, op: 'delete', filter: { _id: current._id } }], result: undefined };
    });
    koa.status = 204;
  });
}
