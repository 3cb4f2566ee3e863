/**
 * Tenant isolation: a tenant admin sees only its tenant's gateways and their records; anything
 * else is 404 (never 403), so ids of other tenants cannot even be probed. Platform admins see all.
 */
import type Koa from 'koa';
import { GatewayError } from '../../errors/gateway-error.js';
import { COLLECTIONS, type GatewayChild, type GatewayRecord } from '../../records/types.js';
import type { Store, WithId } from '../../store/types.js';
import type { AdminPrincipal } from '../auth/admin-token.js';
import { adminOf } from '../auth/require-admin.js';

/** Whether the caller may see a gateway of `tenantId`. */
function canSeeTenant(admin: AdminPrincipal, tenantId: string): boolean {
  return admin.platformAdmin || admin.tenantId === tenantId;
}

/** The gateway of the `gateway_id` path parameter, or 404. */
export async function gatewayInScope(store: Store, koa: Koa.Context): Promise<GatewayRecord> {
  const id = koa.params.gateway_id;
  const gateway = (await store.collection(COLLECTIONS.gateways).findOne({ _id: id })) as GatewayRecord | null;
  if (!gateway || !canSeeTenant(adminOf(koa), gateway.tenant_id)) throw new GatewayError('not_found', { message: `gateway ${id} not found` });
  return gateway;
}

/** Human names of the child collections, for 404 messages. */
const NOUNS: Record<string, string> = {
  [COLLECTIONS.registries]: 'registry',
  [COLLECTIONS.consumers]: 'consumer',
  [COLLECTIONS.roles]: 'role',
  [COLLECTIONS.policies]: 'policy',
  [COLLECTIONS.auths]: 'auth',
  [COLLECTIONS.vaultCredentials]: 'vault credential',
};

/** A child record of the gateway, or 404. */
export async function childOf<T extends GatewayChild>(store: Store, collection: string, gatewayId: string, id: string): Promise<WithId<T>> {
  const record = await store.collection<T>(collection).findOne({ _id: id, gateway_id: gatewayId });
  if (!record) throw new GatewayError('not_found', { message: `${NOUNS[collection] ?? 'record'} ${id} not found` });
  return record;
}
