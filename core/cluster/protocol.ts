/**
 * The config-sync protocol between a control plane (admin plane + store) and its data planes.
 *
 * A data plane opens a long-lived server-sent-events stream on the control plane's admin port
 * (`GET /v1/config-sync/data-plane/stream`), presenting the cluster token and describing itself
 * in headers. The control plane answers with the whole config on connect and pushes every new
 * revision as it is written. The data plane reports liveness and its applied revision by
 * heartbeat, and ships telemetry in batches.
 */
import semver from 'semver';

/** Bumped when the messages change incompatibly. */
export const SYNC_PROTOCOL_VERSION = 1;

export const SYNC_PATHS = {
  stream: '/v1/config-sync/data-plane/stream',
  heartbeat: '/v1/config-sync/data-plane/heartbeat',
  telemetry: '/v1/config-sync/data-plane/telemetry',
  connections: '/v1/config-sync/connections',
} as const;

/** Paths a data plane calls with the cluster token (not an admin token). */
export const DATA_PLANE_PATH_PREFIX = '/v1/config-sync/data-plane/';

export const SYNC_HEADERS = {
  nodeId: 'x-portcullis-node-id',
  hostname: 'x-portcullis-hostname',
  version: 'x-portcullis-version',
  protocol: 'x-portcullis-sync-protocol',
  planes: 'x-portcullis-planes',
  scope: 'x-portcullis-scope',
  revision: 'x-portcullis-config-revision',
} as const;

/** SSE event names on the stream. */
export const SYNC_EVENTS = { config: 'config', ping: 'ping' } as const;

export interface ConfigMessage {
  revision: number;
  document: unknown;
}

export interface HeartbeatMessage {
  node_id: string;
  revision: number;
  telemetry_dropped: number;
  telemetry_pending: number;
}

/**
 * Why a data plane cannot be served, or undefined when it can: the protocol must match, and the
 * build must share the control plane's major version (minor for 0.x, where minors may break).
 */
export function incompatibility(dataPlaneVersion: string, protocol: number, controlPlaneVersion: string): string | undefined {
  if (protocol !== SYNC_PROTOCOL_VERSION) {
    return `data plane speaks config-sync protocol ${protocol}; this control plane speaks ${SYNC_PROTOCOL_VERSION}`;
  }
  const dp = semver.parse(dataPlaneVersion);
  const cp = semver.parse(controlPlaneVersion)!;
  if (!dp) return `data plane version "${dataPlaneVersion}" is not a semver version`;
  const same = cp.major === 0 ? dp.major === 0 && dp.minor === cp.minor : dp.major === cp.major;
  if (!same) {
    return `data plane version ${dataPlaneVersion} cannot be served by control plane ${controlPlaneVersion} (the ${cp.major === 0 ? 'minor' : 'major'} versions must match)`;
  }
  return undefined;
}
