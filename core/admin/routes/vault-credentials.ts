/**
 * `/v1/gateways/{gateway_id}/vault-credentials`: stored upstream secrets. The secret is
 * write-only: sealed (AES-256-GCM) on write, never returned. A credential a registry still uses
 * cannot be deleted (409).
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS, type VaultCredentialRecord } from '../../records/types.js';
import type { AdminDeps } from '../app.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { vaultCredentialView } from '../views/record-views.js';
import { timestamps, writeConfig } from '../write/write-config.js';

interface VaultCredentialInput {
  name?: string;
  description?: string;
  secret?: string;
}

/** Registers the vault-credential routes. */
export function vaultCredentialRoutes(router: Router, deps: AdminDeps): void {
  const credentials = () => deps.store.collection<VaultCredentialRecord>(COLLECTIONS.vaultCredentials);
  const base = '/v1/gateways/:gateway_id/vault-credentials';

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = await listPage(credentials(), { gateway_id: gateway._id }, pageRequest(koa), vaultCredentialView);
  });

  router.post(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const { secret, ...fields } = await readBody<VaultCredentialInput & { name: string; secret: string }>(koa, 'vault-credential-create');
    const created = await writeConfig(deps, async () => {
      const doc: VaultCredentialRecord = { _id: randomUUID(), gateway_id: gateway._id, ...fields, secret_sealed: deps.secretBox.seal(secret), ...timestamps() };
      return { ops: [{ collection: COLLECTIONS.vaultCredentials, op: 'insert', doc }], result: doc };
    });
    koa.status = 201;
    koa.body = vaultCredentialView(created);
  });

  router.get(`${base}/:credential_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = vaultCredentialView(await childOf<VaultCredentialRecord>(deps.store, COLLECTIONS.vaultCredentials, gateway._id, koa.params.credential_id));
  });

  router.patch(`${base}/:credential_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await childOf(deps.store, COLLECTIONS.vaultCredentials, gateway._id, koa.params.credential_id);
    const { secret, ...fields } = await readBody<VaultCredentialInput>(koa, 'vault-credential-update');
    const id = await writeConfig<VaultCredentialRecord>(deps, async () => {
      const current = await childOf<VaultCredentialRecord>(deps.store, COLLECTIONS.vaultCredentials, gateway._id, koa.params.credential_id);
      const set: Record<string, unknown> = { ...fields, updated_at: new Date().toISOString() };
      if (secret !== undefined) set.secret_sealed = deps.secretBox.seal(secret);
      return { ops: [{ collection: COLLECTIONS.vaultCredentials, op: 'update', filter: { _id: current._id }, update: { $set: set } }], readBack: async () => (await credentials().findOne({ _id: current._id }))! };
    });
    koa.body = vaultCredentialView(id);
  });

  router.delete(`${base}/:credential_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await writeConfig(deps, async () => {
      const current = await childOf<VaultCredentialRecord>(deps.store, COLLECTIONS.vaultCredentials, gateway._id, koa.params.credential_id);
      const user = await deps.store.collection(COLLECTIONS.registries).findOne({ gateway_id: gateway._id, 'auth.credential_id': current._id });
      if (user) throw new GatewayError('conflict', { message: `vault credential ${current._id} is used by registry ${String(user.slug)}` });
      return { ops: [{ collection: COLLECTIONS.vaultCredentials, op: 'delete', filter: { _id: current._id } }], result: undefined };
    });
    koa.status = 204;
  });
}
