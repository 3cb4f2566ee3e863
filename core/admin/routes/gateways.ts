/**
 * `/v1/gateways`: list, create, get, update, delete (cascading to every child record).
 * Tenant admins act inside their token's tenant; platform admins name the tenant and stamp
 * entitlements.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { COLLECTIONS, type GatewayRecord } from '../../records/types.js';
import type { BatchOp, Filter } from '../../store/types.js';
import type { AdminDeps } from '../app.js';
import { adminOf } from '../auth/require-admin.js';
import { checkInstances, isDowngrade, tenantEntitlements, type Entitlements } from '../gateways/entitlements.js';
import { gatewayDeleteOps } from '../gateways/gateway-cascade.js';
import { randomGatewaySlug } from '../gateways/random-slug.js';
import { gatewayInScope } from '../http/gateway-scope.js';
import { readBody, refuse } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { gatewayView } from '../views/record-views.js';
import { timestamps, writeConfig } from '../write/write-config.js';

interface GatewayCreate {
  slug?: string;
  name?: string;
  tenant_id?: string;
  entitlements?: Entitlements;
}
type GatewayUpdate = Omit<GatewayCreate, 'tenant_id'>;

/** Registers the gateway routes. */
export function gatewayRoutes(router: Router, deps: AdminDeps): void {
  const gateways = () => deps.store.collection<GatewayRecord>(COLLECTIONS.gateways);

  router.get('/v1/gateways', async (koa) => {
    const admin = adminOf(koa);
    const filter: Filter = admin.platformAdmin ? {} : { tenant_id: admin.tenantId };
    if (admin.platformAdmin && typeof koa.query.tenant_id === 'string') filter.tenant_id = koa.query.tenant_id;
    koa.body = await listPage(gateways(), filter, pageRequest(koa), gatewayView);
  });

  router.post('/v1/gateways', async (koa) => {
    const admin = adminOf(koa);
    const body = await readBody<GatewayCreate>(koa, 'gateway-create');
    let tenantId: string;
    if (admin.platformAdmin) {
      const chosen = body.tenant_id ?? admin.tenantId;
      if (!chosen) throw refuse('/tenant_id is required');
      if (!body.entitlements) throw refuse('/entitlements is required: a platform admin stamps tier, caps and max_instances');
      tenantId = chosen;
    } else {
      if (body.entitlements) throw refuse('/entitlements may only be set by a platform admin');
      if (body.tenant_id !== undefined && body.tenant_id !== admin.tenantId) throw refuse('/tenant_id must be the tenant of the token');
      tenantId = admin.tenantId!;
    }
    const created = await writeConfig(deps, async () => {
      const owned = await gateways().find({ tenant_id: tenantId });
      const entitlements = body.entitlements ?? tenantEntitlements(owned);
      checkInstances(owned.length + 1, entitlements, 'creating this gateway');
      let slug = body.slug;
      if (!slug) do slug = randomGatewaySlug(); while (await gateways().findOne({ slug }));
      const doc: GatewayRecord = { _id: randomUUID(), slug, tenant_id: tenantId, entitlements, ...timestamps() };
      if (body.name) doc.name = body.name;
      const ops: BatchOp[] = [{ collection: COLLECTIONS.gateways, op: 'insert', doc }];
      // Entitlements are tenant-wide: a platform admin's new stamp applies to the tenant's other gateways too.
      if (body.entitlements && owned.length > 0) {
        ops.push({ collection: COLLECTIONS.gateways, op: 'update', filter: { tenant_id: tenantId }, update: { $set: { entitlements, updated_at: doc.updated_at } }, many: true });
      }
      return { ops, result: doc };
    });
    koa.status = 201;
    koa.body = gatewayView(created);
  });

  router.get('/v1/gateways/:gateway_id', async (koa) => {
    koa.body = gatewayView(await gatewayInScope(deps.store, koa));
  });

  router.patch('/v1/gateways/:gateway_id', async (koa) => {
    const admin = adminOf(koa);
    await gatewayInScope(deps.store, koa);
    const body = await readBody<GatewayUpdate>(koa, 'gateway-update');
    if (body.entitlements && !admin.platformAdmin) throw refuse('/entitlements may only be set by a platform admin');
    const updated = await writeConfig<GatewayRecord>(deps, async () => {
      const current = await gatewayInScope(deps.store, koa);
      const now = new Date().toISOString();
      const ops: BatchOp[] = [];
      const fields: Record<string, unknown> = { updated_at: now };
      if (body.slug !== undefined) fields.slug = body.slug;
      if (body.name !== undefined) fields.name = body.name;
      if (body.entitlements) {
        const owned = await gateways().count({ tenant_id: current.tenant_id });
        const change = isDowngrade(tenantEntitlements([current]), body.entitlements) ? 'this tier downgrade' : 'this entitlement change';
        checkInstances(owned, body.entitlements, change);
        ops.push({ collection: COLLECTIONS.gateways, op: 'update', filter: { tenant_id: current.tenant_id }, update: { $set: { entitlements: body.entitlements, updated_at: now } }, many: true });
      }
      ops.push({ collection: COLLECTIONS.gateways, op: 'update', filter: { _id: current._id }, update: { $set: fields } });
      return { ops, readBack: async () => (await gateways().findOne({ _id: current._id }))! };
    });
    koa.body = gatewayView(updated);
  });

  router.delete('/v1/gateways/:gateway_id', async (koa) => {
    await gatewayInScope(deps.store, koa);
    await writeConfig(deps, async () => {
      const gateway = await gatewayInScope(deps.store, koa);
      return { ops: gatewayDeleteOps(gateway._id), result: undefined };
    });
    koa.status = 204;
  });
}
