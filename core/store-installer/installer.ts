/**
 * The Store installer (spec 2.2, 2.3, 3.3): runs an install request as the user `principal_sub`
 * with their current `groups`, reading everything live from the store, and plans the writes.
 * It runs inside the admin write lock (core/admin/write/write-config.ts), so the checks and the
 * batch it returns see no interleaved write; the unique key on (gateway, user, code) backs that.
 *
 * Order of the checks, first match answers:
 * 1. unknown server code: 404; an `instance_id` not among the server's instances (those whose
 *    MCP registry still exists): 422;
 * 2. access level `none` for the user's groups: 409 `store_access_none` (even when it is installed);
 * 3. already installed: `installed`, `already_installed`;
 * 4. `requires_admin_setup` on the server, or no live instance and no `base_url` to install from: `not_installed`;
 * 5. several instances and no choice: `requires_instance_choice` with `instance_choices`;
 * 6. a config the server requires and none given: `requires_config`; a wrong one: 422;
 * 7. level `approval`: an open request for it answers `pending`; without a `reason`,
 *    `requires_reason` (the caller thought it could install; it must ask the user why); with
 *    one, a new request is filed (`pending_approval`);
 * 8. level `allowed`: installed at once (`requires_auth` when the server or its instance's `auth.oauth` registry needs the user's sign-in).
 */
import { randomUUID } from 'node:crypto';
import { GatewayError } from '../errors/gateway-error.js';
import { COLLECTIONS, type RegistryRecord } from '../records/types.js';
import type { SecretBox } from '../security/secret-box.js';
import type { BatchOp, Store } from '../store/types.js';
import { accessLevel } from './access-level.js';
import { checkConfig } from './config-schema.js';
import { checkConfigHeaderValues } from './config-headers.js';
import { installAnswer, type InstallAnswer } from './install-answer.js';
import {
  STORE_COLLECTIONS,
  type StoreAccessRecord,
  type StoreApprovalRecord,
  type StoreInstance,
  type StoreInstallRecord,
  type StoreServerRecord,
} from './records.js';

/** An install request (spec 2.2), validated against store-install-request.schema.json. */
export interface InstallRequest {
  code: string;
  principal_sub: string;
  groups: string[];
  instance_id?: string;
  config?: Record<string, unknown>;
  reason?: string;
}

/** What the installer answers and the writes that make it true (none when nothing changes). */
export interface InstallPlan {
  answer: InstallAnswer;
  ops: BatchOp[];
}

export interface InstallerContext {
  store: Store;
  secretBox: SecretBox;
  gatewayId: string;
}

/** The gateway's Store server `code`, or 404. */
export async function serverByCode(store: Store, gatewayId: string, code: string): Promise<StoreServerRecord> {
  const server = await store.collection<StoreServerRecord>(STORE_COLLECTIONS.servers).findOne({ gateway_id: gatewayId, code });
  if (!server) throw new GatewayError('not_found', { message: `store server ${code} not found` });
  return server;
}

/** The gateway's access rules (none stored: no rules, so every level is none). */
export async function accessRules(store: Store, gatewayId: string): Promise<StoreAccessRecord['rules']> {
  const access = await store.collection<StoreAccessRecord>(STORE_COLLECTIONS.access).findOne({ _id: gatewayId });
  return access?.rules ?? [];
}

/** A new install record of `server` for `principalSub`. */
export function newInstall(
  gatewayId: string,
  server: StoreServerRecord,
  fields: { principal_sub: string; instance_id?: string; approval_id?: string; config_sealed?: StoreInstallRecord['config_sealed'] },
): StoreInstallRecord {
  const now = new Date().toISOString();
  const install: StoreInstallRecord = {
    _id: randomUUID(), gateway_id: gatewayId, principal_sub: fields.principal_sub, code: server.code, server_id: server._id,
    status: 'installed', created_at: now, updated_at: now,
  };
  if (fields.instance_id) install.instance_id = fields.instance_id;
  if (fields.approval_id) install.approval_id = fields.approval_id;
  if (fields.config_sealed) install.config_sealed = fields.config_sealed;
  return install;
}

/** The server's instances whose MCP registry still exists (a deleted registry leaves its instance unusable), and those whose users sign in (`auth.oauth`). */
async function liveInstances(store: Store, gatewayId: string, server: StoreServerRecord): Promise<{ instances: StoreInstance[]; signIn: Set<string> }> {
  if (server.instances.length === 0) return { instances: [], signIn: new Set() };
  const ids = server.instances.map((i) => i.registry_id);
  const found = await store.collection<RegistryRecord>(COLLECTIONS.registries).find({ _id: { $in: ids }, gateway_id: gatewayId, type: 'MCP' }, { projection: { _id: 1, auth: 1 } });
  const live = new Set(found.map((r) => r._id));
  const signIn = new Set(found.filter((r) => r.auth?.oauth).map((r) => r._id));
  return { instances: server.instances.filter((i) => live.has(i.registry_id)), signIn };
}

/** The instance the request names or the only one; `choose` when the user must pick. */
function chosenInstance(server: StoreServerRecord, instances: readonly StoreInstance[], request: InstallRequest): { instanceId?: string; choose?: true } {
  if (request.instance_id !== undefined) {
    if (!instances.some((i) => i.registry_id === request.instance_id)) {
      throw new GatewayError('validation_failed', { message: `/instance_id "${request.instance_id}" is not an instance of store server ${server.code}` });
    }
    return { instanceId: request.instance_id };
  }
  if (instances.length === 1) return { instanceId: instances[0].registry_id };
  return instances.length > 1 ? { choose: true } : {};
}

/** Runs the installer for one request (see the module comment for the order of the checks). */
export async function planInstall(context: InstallerContext, request: InstallRequest): Promise<InstallPlan> {
  const { store, gatewayId } = context;
  const server = await serverByCode(store, gatewayId, request.code);
  const { instances, signIn } = await liveInstances(store, gatewayId, server);
  const instance = chosenInstance(server, instances, request);
  // The user must still sign in to the server itself: the server says so, or its instance's registry signs each user in.
  const requiresAuth = (instanceId: string | undefined) => server.requires_auth || (instanceId !== undefined && signIn.has(instanceId));
  const level = accessLevel(await accessRules(store, gatewayId), server.code, request.groups);
  if (level === 'none') throw new GatewayError('store_access_none', { message: `the access level of ${request.principal_sub} for store server ${server.code} is none` });

  const who = { gateway_id: gatewayId, principal_sub: request.principal_sub, code: server.code };
  const installed = await store.collection<StoreInstallRecord>(STORE_COLLECTIONS.installs).findOne(who);
  if (installed) {
    return {
      answer: installAnswer(server, 'installed', { already_installed: true, requires_auth: requiresAuth(installed.instance_id), install_id: installed._id, instance_id: installed.instance_id }),
      ops: [],
    };
  }
  // No live instance and no base_url (every instance's registry was deleted) leaves nothing to install from: an admin must set it up again.
  const unusable = instances.length === 0 && !server.base_url;
  if (server.requires_admin_setup || unusable) return { answer: installAnswer(server, 'not_installed', { requires_admin_setup: true }), ops: [] };
  if (instance.choose) {
    return { answer: installAnswer(server, 'not_installed', { requires_instance_choice: true, instance_choices: instances.map((i) => ({ name: i.name, registry_id: i.registry_id })) }), ops: [] };
  }
  if (request.config === undefined && server.requires_config) {
    return { answer: installAnswer(server, 'not_installed', { requires_config: true, instance_id: instance.instanceId }), ops: [] };
  }
  if (request.config !== undefined) {
    if (!server.requires_config) throw new GatewayError('validation_failed', { message: `/config is not taken by store server ${server.code}` });
    checkConfig(server.config_schema, request.config);
    checkConfigHeaderValues(server.config_schema, request.config);
  }
  const configSealed = request.config !== undefined ? context.secretBox.seal(JSON.stringify(request.config)) : undefined;

  if (level === 'approval') {
    const open = await store.collection<StoreApprovalRecord>(STORE_COLLECTIONS.approvals).findOne({ ...who, status: 'pending' });
    if (open) return { answer: installAnswer(server, 'pending_approval', { pending: true, approval_id: open._id, instance_id: open.instance_id }), ops: [] };
    if (request.reason === undefined) return { answer: installAnswer(server, 'not_installed', { requires_reason: true, instance_id: instance.instanceId }), ops: [] };
    const now = new Date().toISOString();
    const approval: StoreApprovalRecord = {
      _id: randomUUID(), ...who, groups: request.groups, server_id: server._id, reason: request.reason, status: 'pending', created_at: now, updated_at: now,
    };
    if (instance.instanceId) approval.instance_id = instance.instanceId;
    if (configSealed) approval.config_sealed = configSealed;
    return {
      answer: installAnswer(server, 'pending_approval', { pending: true, approval_id: approval._id, instance_id: instance.instanceId }),
      ops: [{ collection: STORE_COLLECTIONS.approvals, op: 'insert', doc: approval }],
    };
  }

  const install = newInstall(gatewayId, server, { principal_sub: request.principal_sub, instance_id: instance.instanceId, config_sealed: configSealed });
  return {
    answer: installAnswer(server, 'installed', { requires_auth: requiresAuth(install.instance_id), install_id: install._id, instance_id: install.instance_id }),
    ops: [{ collection: STORE_COLLECTIONS.installs, op: 'insert', doc: install }],
  };
}
