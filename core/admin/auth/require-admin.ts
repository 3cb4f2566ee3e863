import type Koa from 'koa';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS } from '../../records/types.js';
import type { Store } from '../../store/types.js';
import type { AdminPrincipal, AdminTokenVerifier } from './admin-token.js';
import { DATA_PLANE_PATH_PREFIX } from '../../cluster/protocol.js';

/** Paths served without an admin token. */
const PUBLIC_PATHS = new Set(['/v1/version', '/v1/auth/token', '/v1/openapi.json']);

/**
 * Authenticates every admin request (`Authorization: Bearer <admin JWT or machine token>`) and
 * puts the caller on `koa.state.admin`. A machine token is refused once its credential is deleted.
 */
export function requireAdmin(verifier: AdminTokenVerifier, store: Store, publicPaths: ReadonlySet<string> = PUBLIC_PATHS): Koa.Middleware {
  return async (koa, next) => {
    // Data planes authenticate with the cluster token on their own paths.
    if (publicPaths.has(koa.path) || koa.path.startsWith(DATA_PLANE_PATH_PREFIX)) return next();
    koa.state.admin = await authenticateAdmin(verifier, store, koa.get('authorization'));
    await next();
  };
}

/**
 * The admin caller an `Authorization: Bearer <admin JWT or machine token>` header names; 401
 * when it names none. A machine token needs the store to prove its credential still exists, so
 * without one (a data plane) it is refused.
 */
export async function authenticateAdmin(verifier: AdminTokenVerifier, store: Store | undefined, authorization: string): Promise<AdminPrincipal> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (!match) throw new GatewayError('unauthorized', { message: 'an admin token is required (Authorization: Bearer ...)' });
  const principal = await verifier.verify(match[1]);
  if (principal.machineCredentialId) {
    const credential = await store?.collection(COLLECTIONS.machineCredentials).findOne({ _id: principal.machineCredentialId });
    if (!credential) throw new GatewayError('unauthorized', { message: 'the machine credential of this token was deleted' });
  }
  return principal;
}

/** The authenticated admin caller of a request. */
export function adminOf(koa: Koa.Context): AdminPrincipal {
  const admin = koa.state.admin as AdminPrincipal | undefined;
  if (!admin) throw new GatewayError('unauthorized');
  return admin;
}
