/**
 * `/v1/gateways/{gateway_id}/registries`: flat (paginated) or grouped listing, create, get,
 * update, delete. Deleting a registry removes it from every consumer and role in the same batch.
 * Saving an MCP registry checks its merged tool names against the server's tool list
 * (registries/mcp-tool-check.ts): a conflict is 422, a server that cannot be asked a warning.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS, type RegistryRecord } from '../../records/types.js';
import type { BatchOp, Filter } from '../../store/types.js';
import type { AdminDeps } from '../app.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { groupedRegistries } from '../registries/grouped-list.js';
import { fetchToolsForSave, judgeToolNames, type SaveWarning, type ToolListAtSave } from '../registries/mcp-tool-check.js';
import { checkRegistry, storedAuth, type RegistryInput } from '../registries/registry-input.js';
import { registryView } from '../views/record-views.js';
import { freeSlug, slugify } from '../write/unique-slug.js';
import { timestamps, writeConfig } from '../write/write-config.js';
import { UPSTREAM_OAUTH_COLLECTIONS } from '../../oauth/upstream/user-token-store.js';
import { storeInstanceDeleteOps } from '../../store-installer/instance-delete.js';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A saved registry as the API shows it, with the save's warnings when there are any. */
function savedView(record: RegistryRecord, warnings: readonly SaveWarning[]): Record<string, unknown> {
  const view = registryView(record);
  if (warnings.length > 0) view.warnings = warnings;
  return view;
}

/** Whether an update can change an MCP registry's merged tool names (its server, credential, slug or aliases). */
function changesToolNames(body: RegistryInput, current: RegistryRecord): boolean {
  if (body.slug !== undefined || body.base_url !== undefined || body.auth !== undefined) return true;
  return body.options !== undefined && JSON.stringify(body.options.tool_aliases ?? {}) !== JSON.stringify(current.options?.tool_aliases ?? {});
}

/** Ops that drop every reference to a registry (consumer associations, role grants and policies). */
function registryDetachOps(gatewayId: string, registryId: string): BatchOp[] {
  return [
    {
      collection: COLLECTIONS.consumers, op: 'update', many: true, filter: { gateway_id: gatewayId },
      update: { $pull: { registries: { registry_id: registryId }, model_policies: { registry_id: registryId } } },
    },
    {
      collection: COLLECTIONS.roles, op: 'update', many: true, filter: { gateway_id: gatewayId },
      update: { $pull: { registries: registryId, model_policies: { registry_id: registryId }, tool_sets: { registry_id: registryId } } },
    },
  ];
}

/** Registers the registry routes. */
export function registryRoutes(router: Router, deps: AdminDeps): void {
  const registries = () => deps.store.collection<RegistryRecord>(COLLECTIONS.registries);
  const base = '/v1/gateways/:gateway_id/registries';

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    if (koa.query.view !== undefined) {
      koa.body = await groupedRegistries(deps.store, gateway._id, koa);
      return;
    }
    const filter: Filter = { gateway_id: gateway._id };
    const { type, name } = koa.query;
    if (type !== undefined) {
      if (type !== 'LLM' && type !== 'MCP') throw new GatewayError('validation_failed', { message: '/type must be "LLM" or "MCP"' });
      filter.type = type;
    }
    if (typeof name === 'string' && name !== '') filter.name = { $regex: escapeRegex(name), $options: 'i' };
    koa.body = await listPage(registries(), filter, pageRequest(koa), registryView);
  });

  router.post(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const body = await readBody<RegistryInput & { type: 'LLM' | 'MCP'; provider: string }>(koa, 'registry-create');
    // Network first, outside the write lock; the names are judged under it, with the final slug.
    const tools = body.type === 'MCP' ? await fetchToolsForSave(deps, gateway._id, { base_url: body.base_url, auth: body.auth }) : undefined;
    const { doc: created, warnings } = await writeConfig(deps, async () => {
      await checkRegistry(deps.store, gateway._id, body, deps.egress.policy);
      const { auth, ...fields } = body;
      const doc: RegistryRecord = {
        _id: randomUUID(),
        gateway_id: gateway._id,
        ...fields,
        slug: body.slug ?? (await freeSlug(deps.store, COLLECTIONS.registries, gateway._id, slugify(body.name ?? body.provider, 'registry'))),
        ...timestamps(),
      };
      const warnings = tools ? judgeToolNames(tools, doc.slug, body.options?.tool_aliases) : [];
      const stored = storedAuth(auth, deps.secretBox);
      if (stored) doc.auth = stored;
      return { ops: [{ collection: COLLECTIONS.registries, op: 'insert', doc }], result: { doc, warnings } };
    });
    koa.status = 201;
    koa.body = savedView(created, warnings);
  });

  router.get(`${base}/:registry_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = registryView(await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, koa.params.registry_id));
  });

  router.patch(`${base}/:registry_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const before = await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, koa.params.registry_id);
    const body = await readBody<RegistryInput>(koa, 'registry-update');
    // The server as the update leaves it, asked before the write lock (a network call).
    let tools: ToolListAtSave | undefined;
    if (before.type === 'MCP' && changesToolNames(body, before)) {
      tools = await fetchToolsForSave(deps, gateway._id, { base_url: body.base_url ?? before.base_url, auth: body.auth ?? before.auth });
    }
    const { doc: updated, warnings } = await writeConfig(deps, async () => {
      const current = await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, koa.params.registry_id);
      const { auth, ...fields } = body;
      const options = body.options ?? current.options;
      // The stored auth is checked as the update leaves it: a new auth replaces the old one whole.
      await checkRegistry(deps.store, gateway._id, {
        type: current.type,
        provider: body.provider ?? current.provider,
        base_url: body.base_url ?? current.base_url,
        auth: auth ?? (current.auth?.credential_id ? { credential_id: current.auth.credential_id } : undefined),
        options,
        health_check: body.health_check ?? current.health_check,
      }, deps.egress.policy);
      const warnings = tools ? judgeToolNames(tools, body.slug ?? current.slug, options?.tool_aliases) : [];
      const set: Record<string, unknown> = { ...fields, updated_at: new Date().toISOString() };
      if (auth) set.auth = storedAuth(auth, deps.secretBox);
      return {
        ops: [{ collection: COLLECTIONS.registries, op: 'update', filter: { _id: current._id }, update: { $set: set } }],
        readBack: async () => ({ doc: (await registries().findOne({ _id: current._id }))!, warnings }),
      };
    });
    koa.body = savedView(updated, warnings);
  });

  router.delete(`${base}/:registry_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await writeConfig(deps, async () => {
      const current = await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, koa.params.registry_id);
      return {
        ops: [
          ...registryDetachOps(gateway._id, current._id),
          { collection: COLLECTIONS.registries, op: 'delete', filter: { _id: current._id } },
          // Users' own tokens at its server (upstream OAuth) go with it.
          { collection: UPSTREAM_OAUTH_COLLECTIONS.tokens, op: 'delete', filter: { gateway_id: gateway._id, registry_id: current._id }, many: true },
          // Store servers stop offering it, and the installs bound to it go.
          ...storeInstanceDeleteOps(gateway._id, current._id),
        ],
        result: undefined,
      };
    });
    koa.status = 204;
  });
}
