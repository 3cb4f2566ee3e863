/**
 * `/v1/machine-credentials`: client-credential pairs for automation. Create answers the secret
 * once (only its hash is stored); deleting a credential revokes the tokens issued for it.
 * Tenant admins manage only tenant_admin credentials of their own tenant.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS, type BaseRecord } from '../../records/types.js';
import type { Filter } from '../../store/types.js';
import type { AdminDeps } from '../app.js';
import type { AdminRole } from '../auth/admin-token.js';
import { adminOf } from '../auth/require-admin.js';
import { readBody, refuse } from '../http/json-body.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { hashClientSecret, newClientId, newClientSecret } from '../machine/machine-secret.js';
import { machineCredentialView } from '../views/record-views.js';
import { timestamps, writeConfig } from '../write/write-config.js';

interface MachineCredentialCreate {
  name?: string;
  roles: AdminRole[];
  tenant_id?: string;
}

/** Registers the machine-credential routes. */
export function machineCredentialRoutes(router: Router, deps: AdminDeps): void {
  const credentials = () => deps.store.collection<BaseRecord>(COLLECTIONS.machineCredentials);
  const scope = (koa: Koa.Context): Filter => {
    const admin = adminOf(koa);
    return admin.platformAdmin ? {} : { tenant_id: admin.tenantId };
  };
  const inScope = async (koa: Koa.Context) => {
    const record = await credentials().findOne({ ...scope(koa), _id: koa.params.credential_id });
    if (!record) throw new GatewayError('not_found', { message: `machine credential ${koa.params.credential_id} not found` });
    return record;
  };

  router.get('/v1/machine-credentials', async (koa) => {
    koa.body = await listPage(credentials(), scope(koa), pageRequest(koa), machineCredentialView);
  });

  router.post('/v1/machine-credentials', async (koa) => {
    const admin = adminOf(koa);
    const body = await readBody<MachineCredentialCreate>(koa, 'machine-credential-create');
    if (!admin.platformAdmin) {
      if (body.roles.includes('platform_admin')) throw refuse('/roles a tenant admin cannot create platform_admin credentials');
      if (body.tenant_id !== undefined && body.tenant_id !== admin.tenantId) throw refuse('/tenant_id must be the tenant of the token');
    }
    const tenantId = body.tenant_id ?? (admin.platformAdmin ? undefined : admin.tenantId);
    if (body.roles.includes('tenant_admin') && !body.roles.includes('platform_admin') && !tenantId) throw refuse('/tenant_id is required for tenant_admin credentials');
    const secret = newClientSecret();
    const created = await writeConfig(deps, async () => {
      const doc: BaseRecord = {
        _id: randomUUID(),
        client_id: newClientId(),
        secret_hash: hashClientSecret(secret),
        roles: body.roles,
        created_by: admin.sub,
        ...timestamps(),
      };
      if (body.name) doc.name = body.name;
      if (tenantId) doc.tenant_id = tenantId;
      return { ops: [{ collection: COLLECTIONS.machineCredentials, op: 'insert', doc }], result: doc };
    });
    koa.status = 201;
    // The only time the secret is shown.
    koa.body = { ...machineCredentialView(created), client_secret: secret };
  });

  router.get('/v1/machine-credentials/:credential_id', async (koa) => {
    koa.body = machineCredentialView(await inScope(koa));
  });

  router.delete('/v1/machine-credentials/:credential_id', async (koa) => {
    await inScope(koa);
    await writeConfig(deps, async () => {
      const record = await inScope(koa);
      return { ops: [{ collection: COLLECTIONS.machineCredentials, op: 'delete', filter: { _id: record._id } }], result: undefined };
    });
    koa.status = 204;
  });
}
