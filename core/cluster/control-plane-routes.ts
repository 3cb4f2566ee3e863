import type Router from '@koa/router';
import type Koa from 'koa';
import { matchesSecretDigest, secretDigest } from '../security/same-secret.js';
import { adminOf } from '../admin/auth/require-admin.js';
import { GatewayError } from '../errors/gateway-error.js';
import { parseJsonObject, readRawBody } from '../http/read-body.js';
import type { Logger } from '../logging/logger.js';
import type { SnapshotHolder } from '../snapshot/holder.js';
import type { Store } from '../store/types.js';
import { fileTelemetry } from '../telemetry/store-sink.js';
import type { TraceBuffer } from '../telemetry/trace-buffer.js';
import type { TelemetryEvent } from '../telemetry/telemetry-event.js';
import { BUILD_INFO } from '../version/build-info.js';
import type { ConnectionRegistry } from './connection-registry.js';
import { incompatibility, SYNC_HEADERS, SYNC_PATHS } from './protocol.js';

export interface ControlPlaneDeps {
  registry: ConnectionRegistry;
  holder: SnapshotHolder;
  store: Store;
  /** Where the data planes' per-request metrics events become playground traces. */
  traces: TraceBuffer;
  /** The shared secret data planes present; unset means this control plane accepts none. */
  clusterToken?: string;
  log: Logger;
}

/** `expected`: the digest (same-secret.ts) of the configured cluster token. */
function checkClusterToken(koa: Koa.Context, expected: Buffer | undefined): void {
  if (!expected) throw new GatewayError('forbidden', { message: 'this control plane has no cluster token configured (PORTCULLIS_CLUSTER_TOKEN)' });
  const presented = /^Bearer\s+(\S+)$/i.exec(koa.get('authorization'))?.[1] ?? '';
  if (!matchesSecretDigest(presented, expected)) {
    throw new GatewayError('unauthorized', { message: 'invalid cluster credential' });
  }
}

const MAX_PAGE = 100;

/** Registers the config-sync routes on the admin router of a control plane. */
export function registerControlPlaneRoutes(router: Router, deps: ControlPlaneDeps): void {
  const { registry, holder, log } = deps;
  const clusterTokenDigest = deps.clusterToken ? secretDigest(deps.clusterToken) : undefined;

  router.get(SYNC_PATHS.stream, (koa) => {
    checkClusterToken(koa, clusterTokenDigest);
    const id = koa.get(SYNC_HEADERS.nodeId);
    if (!/^[A-Za-z0-9._-]{1,128}$/.test(id)) throw new GatewayError('invalid_request', { message: `header ${SYNC_HEADERS.nodeId} must name the data plane` });
    const version = koa.get(SYNC_HEADERS.version);
    const reason = incompatibility(version, Number(koa.get(SYNC_HEADERS.protocol)), BUILD_INFO.version);
    if (reason) {
      log.warn('data plane refused', { node_id: id, reason });
      throw new GatewayError('conflict', { message: reason, details: { reason: 'version_incompatible' } });
    }
    const res = koa.res;
    koa.respond = false;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    registry.open(
      {
        id,
        hostname: koa.get(SYNC_HEADERS.hostname) || 'unknown',
        version,
        planes: koa.get(SYNC_HEADERS.planes).split(',').filter(Boolean),
        scope: koa.get(SYNC_HEADERS.scope) || undefined,
      },
      res,
      Number(koa.get(SYNC_HEADERS.revision)) || 0,
    );
    // The whole config on connect; later revisions are pushed as they are written.
    const snapshot = holder.current;
    registry.send(id, { revision: snapshot.revision, document: snapshot.document });
  });

  router.post(SYNC_PATHS.heartbeat, async (koa) => {
    checkClusterToken(koa, clusterTokenDigest);
    const body = parseJsonObject(await readRawBody(koa.req, 64 * 1024));
    const known = registry.heartbeat(String(body.node_id), Number(body.revision) || 0, Number(body.telemetry_dropped) || 0, Number(body.telemetry_pending) || 0);
    if (!known) throw new GatewayError('not_found', { message: 'no open config stream for this data plane; reconnect' });
    koa.status = 204;
  });

  router.post(SYNC_PATHS.telemetry, async (koa) => {
    checkClusterToken(koa, clusterTokenDigest);
    const body = parseJsonObject(await readRawBody(koa.req, 32 * 1024 * 1024));
    const nodeId = String(body.node_id ?? '');
    const events = Array.isArray(body.events) ? (body.events as TelemetryEvent[]) : [];
    await fileTelemetry(deps.store, deps.traces, events.map((e) => ({ ...e, node_id: nodeId })));
    koa.status = 204;
  });

  router.get(SYNC_PATHS.connections, (koa) => {
    // Every data plane of the cluster, whatever tenants it serves: not a tenant's business.
    if (!adminOf(koa).platformAdmin) throw new GatewayError('forbidden', { message: 'the data-plane connections list is for platform admins only' });
    const scope = typeof koa.query.scope === 'string' ? koa.query.scope : undefined;
    const page = Math.max(1, Number(koa.query.page) || 1);
    const size = Math.min(MAX_PAGE, Math.max(1, Number(koa.query.size) || 20));
    const all = registry.list(scope);
    koa.body = { items: all.slice((page - 1) * size, page * size), page, size, total: all.length };
  });
}
