/**
 * `POST /v1/auth/token`: the OAuth 2.0 client-credentials grant for machine credentials (JSON
 * or form body). Answers a short-lived admin token carrying the credential's roles, tenant and
 * id, so deleting the credential revokes it. Served without an admin token.
 */
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS } from '../../records/types.js';
import type { AdminDeps } from '../app.js';
import { mintAdminToken, type AdminRole } from '../auth/admin-token.js';
import { adminSchemaId, readJsonOrForm, validateBody } from '../http/json-body.js';
import { secretMatches } from '../machine/machine-secret.js';

/** Lifetime of a machine access token. */
const MACHINE_TOKEN_TTL_SECONDS = 3600;

/** Registers `POST /v1/auth/token`. */
export function authTokenRoutes(router: Router, deps: AdminDeps): void {
  router.post('/v1/auth/token', async (koa) => {
    const body = validateBody<{ client_id: string; client_secret: string }>(adminSchemaId('token-request'), await readJsonOrForm(koa));
    const record = await deps.store.collection(COLLECTIONS.machineCredentials).findOne({ client_id: body.client_id });
    if (!record || !secretMatches(body.client_secret, String(record.secret_hash))) {
      throw new GatewayError('unauthorized', { message: 'unknown client_id or wrong client_secret' });
    }
    const accessToken = await mintAdminToken(deps.jwtSecret, {
      sub: `machine:${body.client_id}`,
      roles: record.roles as AdminRole[],
      tenantId: record.tenant_id as string | undefined,
      machineCredentialId: record._id,
      ttlSeconds: MACHINE_TOKEN_TTL_SECONDS,
    });
    koa.set('cache-control', 'no-store');
    koa.body = { access_token: accessToken, token_type: 'Bearer', expires_in: MACHINE_TOKEN_TTL_SECONDS };
  });
}
