/**
 * `/v1/gateways/{gateway_id}/auths`: consumer credentials. An `api_key` auth answers its `ag_`
 * key once, in the create response; only its SHA-256 hash, prefix and last four are stored.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS, type AuthRecord } from '../../records/types.js';
import { issueKey } from '../../security/api-keys.js';
import type { AdminDeps } from '../app.js';
import { attachedDeleteOps } from '../consumers/attached-delete.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { refuseEgress } from '../http/egress-field.js';
import type { EgressPolicy } from '../../http/egress-policy.js';
import { listPage, pageRequest } from '../http/pagination.js';
import { authView } from '../views/record-views.js';
import { timestamps, writeConfig } from '../write/write-config.js';

interface AuthInput {
  name?: string;
  type?: AuthRecord['type'];
  oidc?: AuthRecord['oidc'];
}

/** The identity provider's URLs are fetched on the tenant's behalf: both must pass the egress policy. */
function checkOidcUrls(oidc: AuthRecord['oidc'] | undefined, policy: EgressPolicy): void {
  if (!oidc) return;
  refuseEgress(policy, '/oidc/issuer', oidc.issuer);
  refuseEgress(policy, '/oidc/jwks_uri', oidc.jwks_uri);
}

/** Registers the auth routes. */
export function authRoutes(router: Router, deps: AdminDeps): void {
  const auths = () => deps.store.collection<AuthRecord>(COLLECTIONS.auths);
  const base = '/v1/gateways/:gateway_id/auths';

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = await listPage(auths(), { gateway_id: gateway._id }, pageRequest(koa), authView);
  });

  router.post(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const body = await readBody<AuthInput & { type: AuthRecord['type'] }>(koa, 'auth-create');
    checkOidcUrls(body.oidc, deps.egress.policy);
    const { doc, key } = await writeConfig(deps, async () => {
      const doc: AuthRecord = { _id: randomUUID(), gateway_id: gateway._id, name: body.name ?? (body.type === 'api_key' ? 'API key' : 'OIDC'), type: body.type, ...timestamps() };
      let key: string | undefined;
      if (body.type === 'api_key') {
        const issued = issueKey('ag_');
        Object.assign(doc, { key_hash: issued.hash, key_prefix: issued.prefix, key_last4: issued.last4 });
        key = issued.key;
      } else {
        doc.oidc = body.oidc;
      }
      return { ops: [{ collection: COLLECTIONS.auths, op: 'insert', doc }], result: { doc, key } };
    });
    koa.status = 201;
    // The only time the key is shown.
    koa.body = key ? { ...authView(doc), key } : authView(doc);
  });

  router.get(`${base}/:auth_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = authView(await childOf<AuthRecord>(deps.store, COLLECTIONS.auths, gateway._id, koa.params.auth_id));
  });

  router.patch(`${base}/:auth_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await childOf(deps.store, COLLECTIONS.auths, gateway._id, koa.params.auth_id);
    const body = await readBody<AuthInput>(koa, 'auth-update');
    checkOidcUrls(body.oidc, deps.egress.policy);
    const id = await writeConfig<AuthRecord>(deps, async () => {
      const current = await childOf<AuthRecord>(deps.store, COLLECTIONS.auths, gateway._id, koa.params.auth_id);
      if (body.oidc && current.type !== 'oidc') throw new GatewayError('validation_failed', { message: '/oidc applies only to oidc auths' });
      const update = { $set: { ...body, updated_at: new Date().toISOString() } };
      return { ops: [{ collection: COLLECTIONS.auths, op: 'update', filter: { _id: current._id }, update }], readBack: async () => (await auths().findOne({ _id: current._id }))! };
    });
    koa.body = authView(id);
  });

  router.delete(`${base}/:auth_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await writeConfig(deps, async () => {
      const current = await childOf<AuthRecord>(deps.store, COLLECTIONS.auths, gateway._id, koa.params.auth_id);
      return { ops: attachedDeleteOps(COLLECTIONS.auths, 'auth_ids', gateway._id, current._id), result: undefined };
    });
    koa.status = 204;
  });
}
