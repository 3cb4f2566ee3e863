/**
 * `/v1/policies`: guardrail policies (API.md shape). Every write is checked whole: the schema,
 * then detectors, transform capability, detector settings, gate conditions, overrides and
 * collectors (422 naming the field). PATCH replaces the fields it names and checks the result.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { readJsonObject, validateBody } from '../../admin/http/json-body.js';
import { listPage, pageRequest } from '../../admin/http/pagination.js';
import { GUARDRAIL_COLLECTIONS, type CollectorRecord, type GuardrailPolicyRecord } from '../config/records.js';
import { guardrailSchemaId } from '../evaluation/request-body.js';
import type { ManagementDeps } from '../management/management-deps.js';
import { checkPolicy, refuseAskRules } from '../management/policy-check.js';
import { policyView } from '../management/record-views.js';
import { recordInScope, tenantFilter, tenantForCreate } from '../management/tenant-scope.js';
import { nowIso, writeGuardrailConfig } from '../management/write-guardrail-config.js';

/** A create or update body (the schema decides which fields each allows). */
type PolicyInput = Partial<Pick<GuardrailPolicyRecord, 'name' | 'description' | 'mode' | 'enabled' | 'collectors' | 'priority' | 'fail_mode' | 'gates' | 'rules' | 'overrides'>> & {
  tenant_id?: string;
};

/** Defaults of a new policy. */
const DEFAULTS = { mode: 'enforce', enabled: true, collectors: [], priority: 100, fail_mode: 'closed', gates: [], rules: [], overrides: [] } as const;

/** Registers `/v1/policies`. */
export function policyRoutes(router: Router, deps: ManagementDeps, admin: Koa.Middleware): void {
  const policies = () => deps.store.collection<GuardrailPolicyRecord>(GUARDRAIL_COLLECTIONS.policies);
  const find = (koa: Koa.Context) => recordInScope<GuardrailPolicyRecord>(deps.store, koa, GUARDRAIL_COLLECTIONS.policies, koa.params.policy_id, 'policy');
  const tenantCollectors = async (tenantId: string) =>
    new Set((await deps.store.collection<CollectorRecord>(GUARDRAIL_COLLECTIONS.collectors).find({ tenant_id: tenantId })).map((c) => c._id));
  const readInput = async (koa: Koa.Context, schema: string) => {
    const raw = await readJsonObject(koa);
    refuseAskRules(raw);
    return validateBody<PolicyInput>(guardrailSchemaId(schema), raw);
  };

  router.get('/v1/policies', admin, async (koa) => {
    await deps.ready;
    koa.body = await listPage(policies(), tenantFilter(koa), pageRequest(koa), policyView);
  });

  router.post('/v1/policies', admin, async (koa) => {
    const body = await readInput(koa, 'policy-create');
    const tenantId = tenantForCreate(koa, body.tenant_id);
    const doc = {
      _id: randomUUID(),
      ...structuredClone(DEFAULTS),
      ...body,
      tenant_id: tenantId,
      created_at: nowIso(),
      updated_at: nowIso(),
    } as unknown as GuardrailPolicyRecord;
    await writeGuardrailConfig(deps, async () => {
      checkPolicy(deps.host, doc, await tenantCollectors(tenantId));
      return { ops: [{ collection: GUARDRAIL_COLLECTIONS.policies, op: 'insert', doc }], result: doc };
    });
    koa.status = 201;
    koa.body = policyView(doc);
  });

  router.get('/v1/policies/:policy_id', admin, async (koa) => {
    await deps.ready;
    koa.body = policyView(await find(koa));
  });

  router.patch('/v1/policies/:policy_id', admin, async (koa) => {
    await deps.ready;
    await find(koa);
    const body = await readInput(koa, 'policy-update');
    const updated = await writeGuardrailConfig(deps, async () => {
      const current = await find(koa);
      const next = { ...current, ...body, updated_at: nowIso() } as GuardrailPolicyRecord;
      checkPolicy(deps.host, next, await tenantCollectors(current.tenant_id));
      return { ops: [{ collection: GUARDRAIL_COLLECTIONS.policies, op: 'replace', filter: { _id: current._id }, doc: next }], result: next };
    });
    koa.body = policyView(updated);
  });

  router.delete('/v1/policies/:policy_id', admin, async (koa) => {
    await deps.ready;
    const policy = await find(koa);
    await writeGuardrailConfig(deps, async () => ({ ops: [{ collection: GUARDRAIL_COLLECTIONS.policies, op: 'delete', filter: { _id: policy._id } }], result: undefined }));
    koa.status = 204;
  });
}
