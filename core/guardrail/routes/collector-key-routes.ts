/**
 * `/v1/collectors/{collector_id}/keys`: `tgk_` keys, shown once on create, stored as SHA-256
 * hashes, listed by prefix and last four characters. PATCH deactivates (403 on use) or sets
 * the expiry; DELETE revokes (401 on use).
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { readJsonObject, validateBody } from '../../admin/http/json-body.js';
import { listPage, pageRequest } from '../../admin/http/pagination.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { issueKey } from '../../security/api-keys.js';
import { GUARDRAIL_COLLECTIONS, type CollectorKeyRecord, type CollectorRecord } from '../config/records.js';
import { guardrailSchemaId } from '../evaluation/request-body.js';
import type { ManagementDeps } from '../management/management-deps.js';
import { collectorKeyView } from '../management/record-views.js';
import { recordInScope } from '../management/tenant-scope.js';
import { nowIso, writeGuardrailConfig } from '../management/write-guardrail-config.js';

interface KeyInput {
  name?: string;
  active?: boolean;
  expires_at?: string | null;
}

/** Registers the key routes of a collector. */
export function collectorKeyRoutes(router: Router, deps: ManagementDeps, admin: Koa.Middleware): void {
  const keys = () => deps.store.collection<CollectorKeyRecord>(GUARDRAIL_COLLECTIONS.collectorKeys);
  const collectorOf = async (koa: Koa.Context) => {
    await deps.ready;
    return recordInScope<CollectorRecord>(deps.store, koa, GUARDRAIL_COLLECTIONS.collectors, koa.params.collector_id, 'collector');
  };
  const keyOf = async (collectorId: string, keyId: string) => {
    const key = await keys().findOne({ _id: keyId, collector_id: collectorId });
    if (!key) throw new GatewayError('not_found', { message: `key ${keyId} not found` });
    return key;
  };
  const base = '/v1/collectors/:collector_id/keys';

  router.get(base, admin, async (koa) => {
    const collector = await collectorOf(koa);
    koa.body = await listPage(keys(), { collector_id: collector._id }, pageRequest(koa), collectorKeyView);
  });

  router.post(base, admin, async (koa) => {
    const collector = await collectorOf(koa);
    const body = validateBody<KeyInput>(guardrailSchemaId('collector-key-create'), await readJsonObject(koa));
    const issued = issueKey('tgk_');
    const doc: CollectorKeyRecord = {
      _id: randomUUID(),
      tenant_id: collector.tenant_id,
      collector_id: collector._id,
      name: body.name ?? 'key',
      key_hash: issued.hash,
      key_prefix: issued.prefix,
      key_last4: issued.last4,
      active: body.active ?? true,
      expires_at: body.expires_at ?? null,
      created_at: nowIso(),
      updated_at: nowIso(),
    };
    await writeGuardrailConfig(deps, async () => ({ ops: [{ collection: GUARDRAIL_COLLECTIONS.collectorKeys, op: 'insert', doc }], result: doc }));
    koa.status = 201;
    // The only time the key is shown.
    koa.body = { ...collectorKeyView(doc), key: issued.key };
  });

  router.patch(`${base}/:key_id`, admin, async (koa) => {
    const collector = await collectorOf(koa);
    const key = await keyOf(collector._id, koa.params.key_id);
    const body = validateBody<KeyInput>(guardrailSchemaId('collector-key-update'), await readJsonObject(koa));
    await writeGuardrailConfig(deps, async () => ({
      ops: [{ collection: GUARDRAIL_COLLECTIONS.collectorKeys, op: 'update', filter: { _id: key._id }, update: { $set: { ...body, updated_at: nowIso() } } }],
      result: undefined,
    }));
    koa.body = collectorKeyView(await keyOf(collector._id, key._id));
  });

  router.delete(`${base}/:key_id`, admin, async (koa) => {
    const collector = await collectorOf(koa);
    const key = await keyOf(collector._id, koa.params.key_id);
    await writeGuardrailConfig(deps, async () => ({ ops: [{ collection: GUARDRAIL_COLLECTIONS.collectorKeys, op: 'delete', filter: { _id: key._id } }], result: undefined }));
    koa.status = 204;
  });
}
