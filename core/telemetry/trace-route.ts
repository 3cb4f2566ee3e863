import type Router from '@koa/router';
import { adminOf } from '../admin/auth/require-admin.js';
import { GatewayError } from '../errors/gateway-error.js';
import { COLLECTIONS } from '../records/types.js';
import type { Store } from '../store/types.js';
import type { TraceBuffer } from './trace-buffer.js';

/**
 * `GET /v1/gateways/{gateway_id}/traces/{trace_id}`: the playground trace of one proxied
 * request (its metrics event: route, model, attempts, usage, timings, findings), found by the
 * `X-AG-Trace-Id` the proxy answered with. Kept for a short time (core/telemetry/trace-buffer.ts).
 */
export function registerTraceRoute(router: Router, store: Store, traces: TraceBuffer): void {
  router.get('/v1/gateways/:gateway_id/traces/:trace_id', async (koa) => {
    const admin = adminOf(koa);
    const gateway = await store.collection(COLLECTIONS.gateways).findOne({ _id: koa.params.gateway_id });
    // A tenant never learns that another tenant's gateway exists.
    if (!gateway || (!admin.platformAdmin && gateway.tenant_id !== admin.tenantId)) throw new GatewayError('not_found', { message: 'gateway not found' });
    const event = traces.get(koa.params.gateway_id, koa.params.trace_id);
    if (!event) throw new GatewayError('not_found', { message: 'no trace with this id (it may have expired or not arrived yet)' });
    koa.body = event;
  });
}
