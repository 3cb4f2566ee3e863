/**
 * `/v1/collectors`: list, create, get, update, delete. A collector's type must be in the
 * catalog; deleting one revokes its keys and removes it from every policy that guards it.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { readJsonObject, validateBody } from '../../admin/http/json-body.js';
import { listPage, pageRequest } from '../../admin/http/pagination.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { collectorType } from '../catalog/collector-catalog.js';
import { GUARDRAIL_COLLECTIONS, type CollectorRecord } from '../config/records.js';
import { guardrailSchemaId } from '../evaluation/request-body.js';
import type { ManagementDeps } from '../management/management-deps.js';
import { collectorView } from '../management/record-views.js';
import { recordInScope, tenantFilter, tenantForCreate } from '../management/tenant-scope.js';
import { nowIso, writeGuardrailConfig } from '../management/write-guardrail-config.js';

interface CollectorInput {
  name?: string;
  type?: string;
  description?: string;
  tenant_id?: string;
}

function checkType(type: string | undefined): void {
  if (type !== undefined && !collectorType(type)) {
    throw new GatewayError('validation_failed', { message: `/type: unknown collector type "${type}" (see GET /v1/catalog/collectors)` });
  }
}

/** Registers `/v1/collectors`. */
export function collectorRoutes(router: Router, deps: ManagementDeps, admin: Koa.Middleware): void {
  const collectors = () => deps.store.collection<CollectorRecord>(GUARDRAIL_COLLECTIONS.collectors);
  const find = (koa: Koa.Context) => recordInScope<CollectorRecord>(deps.store, koa, GUARDRAIL_COLLECTIONS.collectors, koa.params.collector_id, 'collector');

  router.get('/v1/collectors', admin, async (koa) => {
    await deps.ready;
    koa.body = await listPage(collectors(), tenantFilter(koa), pageRequest(koa), collectorView);
  });

  router.post('/v1/collectors', admin, async (koa) => {
    const body = validateBody<CollectorInput & { name: string; type: string }>(guardrailSchemaId('collector-create'), await readJsonObject(koa));
    checkType(body.type);
    const tenantId = tenantForCreate(koa, body.tenant_id);
    const doc: CollectorRecord = {
      _id: randomUUID(),
      tenant_id: tenantId,
      name: body.name,
      type: body.type,
      ...(body.description !== undefined ? { description: body.description } : {}),
      created_at: nowIso(),
      updated_at: nowIso(),
    };
    await writeGuardrailConfig(deps, async () => ({ ops: [{ collection: GUARDRAIL_COLLECTIONS.collectors, op: 'insert', doc }], result: doc }));
    koa.status = 201;
    koa.body = collectorView(doc);
  });

  router.get('/v1/collectors/:collector_id', admin, async (koa) => {
    await deps.ready;
    koa.body = collectorView(await find(koa));
  });

  router.patch('/v1/collectors/:collector_id', admin, async (koa) => {
    await deps.ready;
    await find(koa);
    const body = validateBody<CollectorInput>(guardrailSchemaId('collector-update'), await readJsonObject(koa));
    checkType(body.type);
    const id = koa.params.collector_id;
    await writeGuardrailConfig(deps, async () => ({
      ops: [{ collection: GUARDRAIL_COLLECTIONS.collectors, op: 'update', filter: { _id: id }, update: { $set: { ...body, updated_at: nowIso() } } }],
      result: id,
    }));
    koa.body = collectorView(await find(koa));
  });

  router.delete('/v1/collectors/:collector_id', admin, async (koa) => {
    await deps.ready;
    const collector = await find(koa);
    await writeGuardrailConfig(deps, async () => ({
      ops: [
        { collection: GUARDRAIL_COLLECTIONS.collectorKeys, op: 'delete', filter: { collector_id: collector._id }, many: true },
        {
          collection: GUARDRAIL_COLLECTIONS.policies,
          op: 'update',
          filter: { collectors: collector._id },
          update: { $pull: { collectors: collector._id }, $set: { updated_at: nowIso() } },
          many: true,
        },
        { collection: GUARDRAIL_COLLECTIONS.collectors, op: 'delete', filter: { _id: collector._id } },
      ],
      result: undefined,
    }));
    koa.status = 204;
  });
}
