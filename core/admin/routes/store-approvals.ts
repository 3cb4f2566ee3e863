/**
 * Approval requests of the Store, under `/v1/gateways/{gateway_id}/store/approvals`: list
 * (`?status=pending|approved|denied`, `?principal_sub=`), approve (installs for the requester)
 * and deny (`{"reason"}`, kept on the request). store-installer/approvals.ts decides.
 */
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Filter } from '../../store/types.js';
import { planApprove, planDeny } from '../../store-installer/approvals.js';
import { ensureStoreCollections, STORE_COLLECTIONS, type StoreApprovalRecord } from '../../store-installer/records.js';
import { storeApprovalView } from '../../store-installer/views.js';
import type { AdminDeps } from '../app.js';
import { adminOf } from '../auth/require-admin.js';
import { gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { writeConfig } from '../write/write-config.js';
import { principalFilter } from './store-installs.js';

const STATUSES = new Set(['pending', 'approved', 'denied']);

/** The `status` query filter, when given. */
function statusFilter(status: unknown): Filter {
  if (status === undefined) return {};
  if (typeof status !== 'string' || !STATUSES.has(status)) throw new GatewayError('validation_failed', { message: '/status must be pending, approved or denied' });
  return { status };
}

/** Registers the approval routes. */
export function storeApprovalRoutes(router: Router, deps: AdminDeps): void {
  const base = '/v1/gateways/:gateway_id/store/approvals';

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await ensureStoreCollections(deps.store);
    const filter = { gateway_id: gateway._id, ...statusFilter(koa.query.status), ...principalFilter(koa.query) };
    koa.body = await listPage(deps.store.collection<StoreApprovalRecord>(STORE_COLLECTIONS.approvals), filter, pageRequest(koa), storeApprovalView);
  });

  router.post(`${base}/:approval_id/approve`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await ensureStoreCollections(deps.store);
    const approval = await writeConfig(deps, async () => {
      const { ops, approval } = await planApprove(deps.store, gateway._id, koa.params.approval_id, adminOf(koa).sub);
      return { ops, result: approval };
    });
    koa.body = storeApprovalView(approval);
  });

  router.post(`${base}/:approval_id/deny`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const { reason } = await readBody<{ reason: string }>(koa, 'store-approval-deny');
    await ensureStoreCollections(deps.store);
    const approval = await writeConfig(deps, async () => {
      const { ops, approval } = await planDeny(deps.store, gateway._id, koa.params.approval_id, reason, adminOf(koa).sub);
      return { ops, result: approval };
    });
    koa.body = storeApprovalView(approval);
  });
}
