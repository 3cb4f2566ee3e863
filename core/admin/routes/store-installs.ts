/**
 * The Store installer and its installs, under `/v1/gateways/{gateway_id}/store`:
 * `POST /principal/installs` runs an install as a user (spec 4.1; store-installer/installer.ts
 * decides), `GET /installs` (`?principal_sub=`), `GET /installs/{install_id}` and
 * `DELETE /installs/{install_id}` (uninstall: the server leaves that user's toolkit).
 */
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Filter } from '../../store/types.js';
import { planInstall, type InstallRequest } from '../../store-installer/installer.js';
import { ensureStoreCollections, STORE_COLLECTIONS, type StoreInstallRecord } from '../../store-installer/records.js';
import { storeInstallView } from '../../store-installer/views.js';
import type { AdminDeps } from '../app.js';
import { gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { writeConfig } from '../write/write-config.js';

/** The `principal_sub` query filter, when given. */
export function principalFilter(query: Record<string, unknown>): Filter {
  const sub = query.principal_sub;
  if (sub === undefined) return {};
  if (typeof sub !== 'string' || sub === '') throw new GatewayError('validation_failed', { message: '/principal_sub must be one non-empty string' });
  return { principal_sub: sub };
}

/** Registers the installer and install routes. */
export function storeInstallRoutes(router: Router, deps: AdminDeps): void {
  const base = '/v1/gateways/:gateway_id/store';
  const installs = () => deps.store.collection<StoreInstallRecord>(STORE_COLLECTIONS.installs);

  router.post(`${base}/principal/installs`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const request = await readBody<InstallRequest>(koa, 'store-install-request');
    await ensureStoreCollections(deps.store);
    koa.body = await writeConfig(deps, async () => {
      const { answer, ops } = await planInstall({ store: deps.store, secretBox: deps.secretBox, gatewayId: gateway._id }, { ...request, groups: request.groups ?? [] });
      return { ops, result: answer };
    });
  });

  router.get(`${base}/installs`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await ensureStoreCollections(deps.store);
    koa.body = await listPage(installs(), { gateway_id: gateway._id, ...principalFilter(koa.query) }, pageRequest(koa), storeInstallView);
  });

  const installOf = async (gatewayId: string, id: string): Promise<StoreInstallRecord> => {
    const install = await installs().findOne({ _id: id, gateway_id: gatewayId });
    if (!install) throw new GatewayError('not_found', { message: `install ${id} not found` });
    return install;
  };

  router.get(`${base}/installs/:install_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await ensureStoreCollections(deps.store);
    koa.body = storeInstallView(await installOf(gateway._id, koa.params.install_id));
  });

  router.delete(`${base}/installs/:install_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await ensureStoreCollections(deps.store);
    await writeConfig(deps, async () => {
      const install = await installOf(gateway._id, koa.params.install_id);
      return { ops: [{ collection: STORE_COLLECTIONS.installs, op: 'delete', filter: { _id: install._id } }], result: undefined };
    });
    koa.status = 204;
  });
}
