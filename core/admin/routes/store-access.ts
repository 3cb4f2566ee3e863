/**
 * `/v1/gateways/{gateway_id}/store/access`: the gateway's Store access rules (one document per
 * gateway; PUT replaces every rule). The installer reads them live at each install.
 */
import type Router from '@koa/router';
import { accessRules } from '../../store-installer/installer.js';
import { ensureStoreCollections, STORE_COLLECTIONS, type StoreAccessRecord } from '../../store-installer/records.js';
import type { AdminDeps } from '../app.js';
import { gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { timestamps, writeConfig } from '../write/write-config.js';

/** Registers the Store access routes. */
export function storeAccessRoutes(router: Router, deps: AdminDeps): void {
  const path = '/v1/gateways/:gateway_id/store/access';

  router.get(path, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await ensureStoreCollections(deps.store);
    koa.body = { rules: await accessRules(deps.store, gateway._id) };
  });

  router.put(path, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const body = await readBody<Pick<StoreAccessRecord, 'rules'>>(koa, 'store-access');
    await ensureStoreCollections(deps.store);
    const rules = body.rules.map(({ code, group, level }) => ({ code, group, level }));
    await writeConfig(deps, async () => {
      const current = await deps.store.collection<StoreAccessRecord>(STORE_COLLECTIONS.access).findOne({ _id: gateway._id });
      const doc: StoreAccessRecord = { _id: gateway._id, gateway_id: gateway._id, rules, ...timestamps(), ...(current ? { created_at: current.created_at } : {}) };
      return { ops: [{ collection: STORE_COLLECTIONS.access, op: 'replace', filter: { _id: gateway._id }, doc, upsert: true }], result: undefined };
    });
    koa.body = { rules };
  });
}
