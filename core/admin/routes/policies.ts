/**
 * `/v1/gateways/{gateway_id}/policies`: list, create, get, update, delete, duplicate, and mark
 * or clear the global scope. Settings are validated by the plugin's schema on every write.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import { COLLECTIONS, type PolicyRecord } from '../../records/types.js';
import type { AdminDeps } from '../app.js';
import { attachedDeleteOps } from '../consumers/attached-delete.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { guardrailsCoverageWarnings, type PolicySaveWarning } from '../policies/guardrails-coverage.js';
import { checkPolicy, duplicateNaming } from '../policies/policy-input.js';
import { checkPolicyReferences } from '../policies/policy-references.js';
import { policyView } from '../views/record-views.js';
import { freeSlug, slugify } from '../write/unique-slug.js';
import { timestamps, writeConfig } from '../write/write-config.js';

interface PolicyInput {
  slug?: string;
  name?: string;
  type?: string;
  settings?: Record<string, unknown>;
  stages?: string[];
  enabled?: boolean;
  priority?: number;
  parallel?: boolean;
  global?: boolean;
}

/** A saved policy as the API shows it, with the save's warnings when there are any. */
function savedView(record: PolicyRecord, warnings: readonly PolicySaveWarning[]): Record<string, unknown> {
  const view: Record<string, unknown> = policyView(record);
  if (warnings.length > 0) view.warnings = warnings;
  return view;
}

/** Registers the policy routes. */
export function policyRoutes(router: Router, deps: AdminDeps): void {
  const policies = () => deps.store.collection<PolicyRecord>(COLLECTIONS.policies);
  const base = '/v1/gateways/:gateway_id/policies';
  const readBack = (id: string) => async () => (await policies().findOne({ _id: id }))!;

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = await listPage(policies(), { gateway_id: gateway._id }, pageRequest(koa), policyView);
  });

  router.post(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const body = await readBody<PolicyInput & { type: string }>(koa, 'policy-create');
    const settings = checkPolicy(deps.host, body.type, body.settings, body.stages);
    const created = await writeConfig(deps, async () => {
      await checkPolicyReferences(deps.store, gateway._id, deps.host.plugins.get(body.type)?.references, settings);
      const name = body.name ?? body.type;
      const doc: PolicyRecord = {
        _id: randomUUID(),
        gateway_id: gateway._id,
        enabled: true,
        priority: 100,
        parallel: false,
        global: false,
        ...body,
        name,
        slug: body.slug ?? (await freeSlug(deps.store, COLLECTIONS.policies, gateway._id, slugify(name, 'policy'))),
        settings,
        ...timestamps(),
      };
      return { ops: [{ collection: COLLECTIONS.policies, op: 'insert', doc }], result: doc };
    });
    koa.status = 201;
    koa.body = savedView(created, await guardrailsCoverageWarnings(deps, created));
  });

  router.get(`${base}/:policy_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = policyView(await childOf<PolicyRecord>(deps.store, COLLECTIONS.policies, gateway._id, koa.params.policy_id));
  });

  router.patch(`${base}/:policy_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await childOf(deps.store, COLLECTIONS.policies, gateway._id, koa.params.policy_id);
    const body = await readBody<PolicyInput>(koa, 'policy-update');
    const id = await writeConfig<PolicyRecord>(deps, async () => {
      const current = await childOf<PolicyRecord>(deps.store, COLLECTIONS.policies, gateway._id, koa.params.policy_id);
      const set: Record<string, unknown> = { ...body, updated_at: new Date().toISOString() };
      if (body.settings !== undefined || body.stages !== undefined) {
        set.settings = checkPolicy(deps.host, current.type, body.settings ?? current.settings, body.stages ?? current.stages);
        await checkPolicyReferences(deps.store, gateway._id, deps.host.plugins.get(current.type)?.references, set.settings);
      }
      return { ops: [{ collection: COLLECTIONS.policies, op: 'update', filter: { _id: current._id }, update: { $set: set } }], readBack: readBack(current._id) };
    });
    koa.body = savedView(id, await guardrailsCoverageWarnings(deps, id));
  });

  router.delete(`${base}/:policy_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await writeConfig(deps, async () => {
      const current = await childOf<PolicyRecord>(deps.store, COLLECTIONS.policies, gateway._id, koa.params.policy_id);
      return { ops: attachedDeleteOps(COLLECTIONS.policies, 'policy_ids', gateway._id, current._id), result: undefined };
    });
    koa.status = 204;
  });

  router.post(`${base}/:policy_id/duplicate`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const created = await writeConfig(deps, async () => {
      const original = await childOf<PolicyRecord>(deps.store, COLLECTIONS.policies, gateway._id, koa.params.policy_id);
      const siblings = await policies().find({ gateway_id: gateway._id }, { projection: { name: 1, slug: 1 } });
      // A copy of the plugin configuration only: no consumer attachments, never global.
      const doc: PolicyRecord = {
        _id: randomUUID(),
        gateway_id: gateway._id,
        ...duplicateNaming(original, siblings),
        type: original.type,
        settings: structuredClone(original.settings),
        enabled: original.enabled,
        priority: original.priority,
        parallel: original.parallel,
        global: false,
        ...timestamps(),
      };
      if (original.stages) doc.stages = [...original.stages];
      return { ops: [{ collection: COLLECTIONS.policies, op: 'insert', doc }], result: doc };
    });
    koa.status = 201;
    koa.body = policyView(created);
  });

  const setGlobal = (global: boolean) => async (koa: Koa.Context) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const id = await writeConfig<PolicyRecord>(deps, async () => {
      const current = await childOf<PolicyRecord>(deps.store, COLLECTIONS.policies, gateway._id, koa.params.policy_id);
      if (current.global === global) return { ops: [], readBack: readBack(current._id) };
      const update = { $set: { global, updated_at: new Date().toISOString() } };
      return { ops: [{ collection: COLLECTIONS.policies, op: 'update', filter: { _id: current._id }, update }], readBack: readBack(current._id) };
    });
    koa.body = policyView(id);
  };
  router.put(`${base}/:policy_id/global`, setGlobal(true));
  router.delete(`${base}/:policy_id/global`, setGlobal(false));
}
