/**
 * Tenant isolation of guardrail records, as on the admin plane: a tenant admin sees only its
 * tenant's collectors, keys, policies and activity; anything else is 404 (never 403), so other
 * tenants' ids cannot be probed. Platform admins see all.
 */
import type Koa from 'koa';
import { adminOf } from '../../admin/auth/require-admin.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Filter, Store, WithId } from '../../store/types.js';
import type { TenantRecord } from '../config/records.js';

/** The filter restricting a query to what the caller may see. */
export function tenantFilter(koa: Koa.Context): Filter {
  const admin = adminOf(koa);
  return admin.platformAdmin ? {} : { tenant_id: admin.tenantId };
}

/** The record `id` of `collection` if the caller may see it, else 404 naming `noun`. */
export async function recordInScope<T extends TenantRecord>(store: Store, koa: Koa.Context, collection: string, id: string, noun: string): Promise<WithId<T>> {
  const record = (await store.collection(collection).findOne({ _id: id, ...tenantFilter(koa) })) as WithId<T> | null;
  if (!record) throw new GatewayError('not_found', { message: `${noun} ${id} not found` });
  return record;
}

/** The tenant a new record belongs to: the token's; platform admins may name one. */
export function tenantForCreate(koa: Koa.Context, requested: string | undefined): string {
  const admin = adminOf(koa);
  if (!admin.platformAdmin) {
    if (requested !== undefined && requested !== admin.tenantId) {
      throw new GatewayError('validation_failed', { message: '/tenant_id may be set by platform admins only' });
    }
    return admin.tenantId!;
  }
  const tenant = requested ?? admin.tenantId;
  if (!tenant) throw new GatewayError('validation_failed', { message: '/tenant_id is required for a platform token without a tenant' });
  return tenant;
}
